/**
 * Reading text the way a person sees it, without relying on LinkedIn's class names: the page is cut
 * into "lines" (leaf text blocks), and LinkedIn's screen-reader duplicates (a visible
 * `aria-hidden` span followed by a `visually-hidden` copy) collapse into one line.
 */

const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'BUTTON', 'CODE', 'IMG', 'INPUT', 'SELECT', 'TEXTAREA']);
const INLINE_TAGS = new Set(['B', 'I', 'EM', 'STRONG', 'U', 'SMALL', 'BR', 'MARK', 'ABBR', 'TIME', 'BDI', 'BDO', 'WBR']);

/** Collapses runs of white space (keeping line breaks when asked) and trims. */
export function clean(text: string | null | undefined, keepBreaks = false): string {
  if (!text) return '';
  if (!keepBreaks) return text.replace(/\s+/g, ' ').trim();
  return text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function isLeaf(el: Element): boolean {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (!INLINE_TAGS.has(c.tagName)) return false;
  return true;
}

/** Text of a leaf block with <br> as line breaks. */
function leafText(el: Element): string {
  if (!el.firstElementChild) return clean(el.textContent);
  let s = '';
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) s += c.textContent ?? '';
      else if (c.nodeType === 1) {
        if ((c as Element).tagName === 'BR') s += '\n';
        else walk(c);
      }
    }
  };
  walk(el);
  return clean(s, true);
}

/**
 * LinkedIn prints each line twice: a visible `aria-hidden="true"` span and a screen-reader copy
 * (sometimes worded differently: "Jan 2020 to Present"). When a block holds only spans and some are
 * aria-hidden, the others are the copies — whatever their (possibly random) class names.
 */
function hasScreenReaderCopies(el: Element): boolean {
  let hidden = false;
  let other = false;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if (c.tagName !== 'SPAN') return false;
    if (c.getAttribute('aria-hidden') === 'true') hidden = true;
    else other = true;
  }
  return hidden && other;
}

export type LinesOptions = {
  /** Leave out these subtrees (e.g. a nested list of roles). */
  exclude?: (el: Element) => boolean;
  /** Stop after this many lines (keeps big pages cheap). */
  max?: number;
};

/** The visible text lines of a subtree in document order, consecutive duplicates collapsed. */
export function textLines(root: Element | null | undefined, options: LinesOptions = {}): string[] {
  const out: string[] = [];
  if (!root) return out;
  const max = options.max ?? Infinity;
  const push = (t: string) => {
    if (t && out[out.length - 1] !== t) out.push(t);
  };
  const walk = (el: Element) => {
    const srPairs = hasScreenReaderCopies(el);
    for (let c = el.firstChild; c && out.length < max; c = c.nextSibling) {
      if (c.nodeType === 3) {
        push(clean(c.textContent));
        continue;
      }
      if (c.nodeType !== 1) continue;
      const e = c as Element;
      if (SKIP_TAGS.has(e.tagName) || e.classList.contains('visually-hidden') || e.hasAttribute('hidden')) continue;
      if (srPairs && e.getAttribute('aria-hidden') !== 'true') continue;
      if (options.exclude?.(e)) continue;
      if (isLeaf(e)) push(leafText(e));
      else walk(e);
    }
  };
  if (isLeaf(root)) push(leafText(root));
  else walk(root);
  return out;
}

/** The first visible line of an element (a heading, a title). */
export function firstLine(el: Element | null | undefined): string | null {
  return textLines(el, { max: 1 })[0] ?? null;
}

/** An attribute or text compared loosely: lower case, collapsed spaces. */
export function norm(s: string | null | undefined): string {
  return clean(s).toLowerCase();
}
