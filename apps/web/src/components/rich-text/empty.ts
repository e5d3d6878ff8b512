import { isEmptyRichText } from '@shared/rich-text/allow-list';

/**
 * Spec §3: an empty paragraph counts as empty. True for '', whitespace, and any markup without
 * text or embeds (`<p><br></p>`, `<p></p>`, `<p>&nbsp;</p>`). The shared rule, so the client and
 * the server agree on what "empty" is.
 */
export const isRichTextEmpty = (html: string | null | undefined): boolean => isEmptyRichText(html);

/** The value an editor reports: '' when empty, so "required" is a plain non-empty check. */
export const normalizeRichText = (html: string): string => (isRichTextEmpty(html) ? '' : html);
