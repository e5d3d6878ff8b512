import DOMPurify from 'dompurify';
import { DEFAULT_VIDEO_HOSTS, FONT_SIZES } from './constants';

/**
 * Paste and content rules of spec §5, as pure functions over a DOM fragment. The editor runs
 * them on every paste; the server runs its own sanitiser with the same allow-list and never
 * trusts this one.
 */

/** What one editor instance accepts (derived from its toolbar). */
export type PasteAllowList = {
  tags: readonly string[];
  attributes: readonly string[];
  allowLinks: boolean;
  allowImages: boolean;
  allowVideo: boolean;
};

export type PasteOptions = {
  /** Hosts an embedded video may come from. */
  videoHosts?: readonly string[];
};

/** The default allow-list of spec §5: tags p, br, span; attribute class. */
export const DEFAULT_PASTE_ALLOW_LIST: PasteAllowList = {
  tags: ['p', 'br', 'span'],
  attributes: ['class'],
  allowLinks: false,
  allowImages: false,
  allowVideo: false,
};

/** Link protocols of spec §5. */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'] as const;
/** What a link with any other protocol points to. */
export const BLANK_URL = 'about:blank';

/** Block tags a disallowed block may become, in order of preference (spec §5). */
export const FALLBACK_BLOCK_TAGS = ['p', 'div', 'section'] as const;

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LINE_ITEMS = new Set(['li', 'dt', 'dd']);
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'center', 'details', 'dialog', 'dir', 'div', 'dl',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);
const isBlock = (node: Node) =>
  node.nodeType === Node.ELEMENT_NODE && (BLOCKS.has(nodeName(node)) || HEADINGS.has(nodeName(node)) || LINE_ITEMS.has(nodeName(node)));
const nodeName = (node: Node) => node.nodeName.toLowerCase();

/** http, https, mailto and tel keep their address; anything else (javascript:, data:, relative, garbage) is blank. */
export function sanitizeLinkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return BLANK_URL;
  }
  return (LINK_PROTOCOLS as readonly string[]).includes(parsed.protocol) ? url.trim() : BLANK_URL;
}

/** A video embed only from an allowed host, over https. */
export function isAllowedVideoUrl(url: string, hosts: readonly string[] = DEFAULT_VIDEO_HOSTS): boolean {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' && hosts.includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** Image sources: http(s) addresses and inline raster images (what a pasted image file becomes). */
function isAllowedImageSrc(src: string): boolean {
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(src.trim())) return true;
  try {
    const { protocol } = new URL(src.trim());
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The first of p, div, section this editor allows (p is always in the default list). */
export function firstAllowedBlockTag(allow: PasteAllowList): string | null {
  return FALLBACK_BLOCK_TAGS.find((t) => allow.tags.includes(t)) ?? null;
}

function boldTag(allow: PasteAllowList): string | null {
  return ['strong', 'b'].find((t) => allow.tags.includes(t)) ?? null;
}

function replaceWith(el: Element, nodes: Node[]) {
  const parent = el.parentNode;
  if (!parent) return;
  for (const n of nodes) parent.insertBefore(n, el);
  parent.removeChild(el);
}

/** Next element sibling ignoring whitespace-only text. */
function hasContentAfter(el: Element): boolean {
  for (let n = el.nextSibling; n; n = n.nextSibling) {
    if (n.nodeType === Node.ELEMENT_NODE) return true;
    if (n.nodeType === Node.TEXT_NODE && n.textContent?.trim()) return true;
  }
  return false;
}

/**
 * Splits a disallowed block's children into allowed blocks: runs of inline content are wrapped in
 * the first allowed block tag, nested blocks stay blocks (never a p inside a p).
 */
function reblock(el: Element, blockTag: string | null) {
  const doc = el.ownerDocument;
  const children = [...el.childNodes];
  if (!blockTag) {
    replaceWith(el, children);
    return;
  }
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    if (run.some((n) => n.nodeType !== Node.TEXT_NODE || n.textContent?.trim())) {
      const block = doc.createElement(blockTag);
      for (const n of run) block.appendChild(n);
      out.push(block);
    }
    run = [];
  };
  for (const child of children) {
    if (isBlock(child)) {
      flush();
      out.push(child);
    } else {
      run.push(child);
    }
  }
  flush();
  replaceWith(el, out);
}

function transformElement(el: Element, allow: PasteAllowList, options: Required<PasteOptions>) {
  // Post-order: children first, so a heading inside a list item is already a bold block.
  for (const child of [...el.children]) transformElement(child, allow, options);
  const tag = nodeName(el);
  const doc = el.ownerDocument;

  if (tag === 'iframe' || tag === 'video') {
    const src = el.getAttribute('src') ?? '';
    if (!allow.allowVideo || !allow.tags.includes('iframe') || !isAllowedVideoUrl(src, options.videoHosts)) el.remove();
    return;
  }
  if (allow.tags.includes(tag)) return;

  if (HEADINGS.has(tag)) {
    const blockTag = firstAllowedBlockTag(allow);
    const bold = boldTag(allow);
    let content: Node[] = [...el.childNodes];
    if (bold) {
      const b = doc.createElement(bold);
      for (const n of content) b.appendChild(n);
      content = [b];
    }
    if (blockTag) {
      const block = doc.createElement(blockTag);
      for (const n of content) block.appendChild(n);
      content = [block];
    }
    replaceWith(el, content);
    return;
  }
  if (LINE_ITEMS.has(tag)) {
    const content: Node[] = [...el.childNodes];
    if (hasContentAfter(el)) content.push(doc.createElement('br'));
    replaceWith(el, content);
    return;
  }
  if (tag === 'hr') {
    replaceWith(el, [doc.createElement('br')]);
    return;
  }
  if (BLOCKS.has(tag)) reblock(el, firstAllowedBlockTag(allow));
}

/**
 * The structural rules of spec §5, in place: disallowed headings become bold blocks, list items,
 * dt, dd and hr become line breaks, other disallowed blocks become the first allowed of p, div,
 * section; videos survive only from allowed hosts. Sanitising (tags, attributes, URLs) is
 * {@link sanitizePastedHtml}'s job.
 */
export function applyPasteRules(root: ParentNode, allow: PasteAllowList, options: PasteOptions = {}): void {
  const opts: Required<PasteOptions> = { videoHosts: options.videoHosts ?? DEFAULT_VIDEO_HOSTS };
  for (const child of [...root.children]) transformElement(child, allow, opts);
}

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]{3,20})$/i;
const MIN_PX = parseInt(FONT_SIZES[0]!, 10);
const MAX_PX = parseInt(FONT_SIZES.at(-1)!, 10);

/** Snaps a pasted px font size onto the 8–36px, 2px grid; other units are dropped. */
export function snapFontSize(value: string): string | null {
  const m = /^(\d+(?:\.\d+)?)px$/i.exec(value.trim());
  if (!m) return null;
  const px = Math.min(MAX_PX, Math.max(MIN_PX, Math.round(Number(m[1]) / 2) * 2));
  return `${px}px`;
}

/** Only colour and font-size survive in a style attribute, with values that cannot carry code. */
function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (prop === 'color' && SAFE_COLOR.test(value)) kept.push(`color: ${value}`);
    if (prop === 'font-size') {
      const size = snapFontSize(value);
      if (size) kept.push(`font-size: ${size}`);
    }
  }
  return kept.join('; ');
}

/**
 * Pasted HTML → the HTML this editor instance may hold: the structural rules on an inert
 * document, then DOMPurify with the instance's tags and attributes; links get http, https,
 * mailto or tel addresses or a blank one; images only where allowed, from http(s) or inline data.
 */
export function sanitizePastedHtml(html: string, allow: PasteAllowList, options: PasteOptions = {}): string {
  // DOMParser documents are inert: nothing loads or runs while the rules rearrange the tree.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  applyPasteRules(doc.body, allow, options);

  const tags = allow.tags.filter((t) => {
    if (t === 'a') return allow.allowLinks;
    if (t === 'img') return allow.allowImages;
    if (t === 'iframe') return allow.allowVideo;
    return true;
  });
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = nodeName(node);
    if (data.attrName === 'href' && tag === 'a') data.attrValue = sanitizeLinkUrl(data.attrValue);
    else if (data.attrName === 'src' && tag === 'img' && !isAllowedImageSrc(data.attrValue)) data.keepAttr = false;
    else if (data.attrName === 'style') {
      data.attrValue = cleanStyle(data.attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A link opened from an email or preview never gets a handle on the opener.
    if (nodeName(node) === 'a' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return purify.sanitize(doc.body.innerHTML, {
    ALLOWED_TAGS: tags,
    ALLOWED_ATTR: [...allow.attributes],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Hooks above decide URLs; this only lets the blank address and inline images through.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|about:blank$|data:image\/)/i,
    ADD_DATA_URI_TAGS: allow.allowImages ? ['img'] : [],
  });
}

const URL_TEXT = /^\S+$/;

/**
 * Magic paste (spec §5): plain text that is a single http(s)/mailto/tel address, pasted over a
 * selection, links the selected text instead of replacing it — only when links are allowed and
 * magic paste is on. Returns the address to link to, or null for an ordinary paste.
 */
export function linkForPastedText(
  text: string,
  selectionLength: number,
  { allowLinks, magicPaste }: { allowLinks: boolean; magicPaste: boolean },
): string | null {
  if (!allowLinks || !magicPaste || selectionLength <= 0) return null;
  const candidate = text.trim();
  if (!URL_TEXT.test(candidate)) return null;
  const safe = sanitizeLinkUrl(candidate);
  return safe === BLANK_URL ? null : safe;
}

/** Pasted files that may be inserted: images, and only where images are allowed. */
export function pastedImageFiles<T extends { type: string }>(files: readonly T[], allow: Pick<PasteAllowList, 'allowImages'>): T[] {
  if (!allow.allowImages) return [];
  return files.filter((f) => /^image\/(png|jpe?g|gif|webp)$/i.test(f.type));
}
