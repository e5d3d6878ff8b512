import DOMPurify from 'dompurify';
import {
  BLOCK_FALLBACK_ORDER,
  CLASS_PATTERN,
  DEFAULT_ATTRIBUTES,
  DEFAULT_TAGS,
  sanitizeImageSrc,
  sanitizeLinkHref,
  sanitizeStyle,
  sanitizeVideoSrc,
  type AllowList,
} from '@shared/rich-text/allow-list';
import { FONT_SIZES } from './constants';

/**
 * Paste and content rules of spec §5, as pure functions over a DOM fragment. The editor runs
 * them on every paste; the server runs its own sanitiser with the same allow-list model
 * (packages/shared/src/rich-text) and never trusts this one.
 */

/** What one editor instance accepts (derived from its toolbar by the shared deriveAllowList). */
export type PasteAllowList = Pick<AllowList, 'tags' | 'attributes' | 'allowLinks' | 'allowImages' | 'allowVideo'> &
  Partial<Pick<AllowList, 'blockTags'>>;

export type PasteOptions = {
  /** CSS properties a style attribute may keep (the shared allowedStyleProperties of the toolbar). */
  styleProperties?: readonly string[];
};

/** The default allow-list of spec §5: tags p, br, span; attribute class. */
export const DEFAULT_PASTE_ALLOW_LIST: PasteAllowList = {
  tags: [...DEFAULT_TAGS],
  attributes: [...DEFAULT_ATTRIBUTES],
  allowLinks: false,
  allowImages: false,
  allowVideo: false,
};

/** What a link with any protocol but http, https, mailto or tel points to (shared rule: blank). */
export const BLANK_URL = '';

/** Spec §5 link rule (the shared one): http, https, mailto, tel keep their address, anything else is blank. */
export const sanitizeLinkUrl = (url: string): string => sanitizeLinkHref(url);

/** A video embed only from the shared embed-host allow-list. */
export const isAllowedVideoUrl = (url: string): boolean => sanitizeVideoSrc(url) !== null;

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

/** The first of p, div, section this editor allows (p is always in the default list). */
export function firstAllowedBlockTag(allow: PasteAllowList): string | null {
  return allow.blockTags?.[0] ?? BLOCK_FALLBACK_ORDER.find((t) => allow.tags.includes(t)) ?? null;
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

function transformElement(el: Element, allow: PasteAllowList) {
  // Post-order: children first, so a heading inside a list item is already a bold block.
  for (const child of [...el.children]) transformElement(child, allow);
  const tag = nodeName(el);
  const doc = el.ownerDocument;

  if (tag === 'iframe' || tag === 'video') {
    const src = el.getAttribute('src') ?? '';
    if (!allow.allowVideo || !allow.tags.includes('iframe') || !isAllowedVideoUrl(src)) el.remove();
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
export function applyPasteRules(root: ParentNode, allow: PasteAllowList): void {
  for (const child of [...root.children]) transformElement(child, allow);
}

const MIN_PX = parseInt(FONT_SIZES[0]!, 10);
const MAX_PX = parseInt(FONT_SIZES.at(-1)!, 10);

/** Snaps a pasted px font size onto the 8–36px, 2px grid; other units are dropped. */
export function snapFontSize(value: string): string | null {
  const m = /^(\d+(?:\.\d+)?)px$/i.exec(value.trim());
  if (!m) return null;
  const px = Math.min(MAX_PX, Math.max(MIN_PX, Math.round(Number(m[1]) / 2) * 2));
  return `${px}px`;
}

/** Font sizes snap onto the grid first; then the shared rule keeps only the allowed properties. */
function cleanStyle(style: string, properties: readonly string[]): string {
  const snapped = style.replace(/font-size\s*:\s*([^;]+)/gi, (_m, v: string) => {
    const size = snapFontSize(v);
    return size ? `font-size: ${size}` : '';
  });
  return sanitizeStyle(snapped, properties);
}

/**
 * Pasted HTML → the HTML this editor instance may hold: the structural rules on an inert
 * document, then DOMPurify with the instance's tags and attributes; links get http, https,
 * mailto or tel addresses or a blank one; images only where allowed, from http(s) or inline data.
 */
export function sanitizePastedHtml(html: string, allow: PasteAllowList, options: PasteOptions = {}): string {
  // DOMParser documents are inert: nothing loads or runs while the rules rearrange the tree.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  applyPasteRules(doc.body, allow);

  const tags = allow.tags.filter((t) => {
    if (t === 'a') return allow.allowLinks;
    if (t === 'img') return allow.allowImages;
    if (t === 'iframe') return allow.allowVideo;
    return true;
  });
  const styleProperties = options.styleProperties ?? [];
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (/^on/i.test(data.attrName)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    const tag = nodeName(el);
    if (el.hasAttribute('class')) {
      const kept = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => CLASS_PATTERN.test(c));
      if (kept.length) el.setAttribute('class', kept.join(' '));
      else el.removeAttribute('class');
    }
    if (el.hasAttribute('style')) {
      const style = cleanStyle(el.getAttribute('style') ?? '', styleProperties);
      if (style) el.setAttribute('style', style);
      else el.removeAttribute('style');
    }
    if (tag === 'a') {
      el.setAttribute('href', sanitizeLinkHref(el.getAttribute('href')));
      // A link that opens elsewhere never gets a handle on the opener.
      if (el.hasAttribute('target')) el.setAttribute('rel', 'noopener noreferrer');
    } else if (tag === 'img') {
      const src = sanitizeImageSrc(el.getAttribute('src'));
      if (src) el.setAttribute('src', src);
      else el.remove();
    } else if (tag === 'iframe') {
      const src = sanitizeVideoSrc(el.getAttribute('src'));
      if (src) el.setAttribute('src', src);
      else el.remove();
    }
  });
  return purify.sanitize(doc.body.innerHTML, {
    ALLOWED_TAGS: tags,
    ALLOWED_ATTR: [...allow.attributes],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // The hook above decides URLs (shared rules); this only lets the blank address and inline images through.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|data:image\/|$)/i,
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
  const safe = sanitizeLinkHref(candidate);
  return safe === BLANK_URL ? null : safe;
}

/** Pasted files that may be inserted: images, and only where images are allowed. */
export function pastedImageFiles<T extends { type: string }>(files: readonly T[], allow: Pick<PasteAllowList, 'allowImages'>): T[] {
  if (!allow.allowImages) return [];
  return files.filter((f) => /^image\/(png|jpe?g|gif|webp)$/i.test(f.type));
}
