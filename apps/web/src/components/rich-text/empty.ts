/** Embeds count as content even without text. */
const EMBED = /<(img|iframe|video)\b/i;

/**
 * Spec §3: an empty paragraph counts as empty. True for '', whitespace, and any markup without
 * text or embeds (`<p><br></p>`, `<p></p>`, `<p>&nbsp;</p>`, `<p><span class="x"> </span></p>`).
 */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  if (!html) return true;
  if (EMBED.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/[\s\u00a0\u200b\ufeff]+/g, '');
  return text.length === 0;
}

/** The value an editor reports: '' when empty, so "required" is a plain non-empty check. */
export const normalizeRichText = (html: string): string => (isRichTextEmpty(html) ? '' : html);
