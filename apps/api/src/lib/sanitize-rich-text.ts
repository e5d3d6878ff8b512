import { createRequire } from 'node:module';
import type createDOMPurifyType from 'dompurify';
import type { Config as PurifyConfig, DOMPurify } from 'dompurify';
import type * as JsdomModule from 'jsdom';
import {
  allowedStyleProperties,
  CLASS_PATTERN,
  deriveAllowList,
  isEmptyRichText,
  RICH_TEXT_FIELDS,
  sanitizeImageSrc,
  sanitizeLinkHref,
  sanitizeStyle,
  sanitizeVideoSrc,
  type AllowList,
  type RichTextField,
  type ToolbarControl,
} from '@shared/rich-text/allow-list';
import { unprocessable } from './http-error';

/**
 * Server-side sanitising of stored rich text (spec §5), never trusting the client: DOMPurify on a
 * jsdom window, with the field's allow-list from RICH_TEXT_FIELDS. Three passes:
 *  1. DOMPurify with the allow-list plus the structural tags the paste rules rewrite (headings, list
 *     items, other blocks), so scripts, handlers and unknown markup are gone before we touch the tree;
 *  2. the spec's structure rules on that tree (heading → bold block, li/dt/dd/hr → line break, a
 *     disallowed block → the first allowed of p, div, section);
 *  3. DOMPurify again with exactly the field's allow-list, with hooks that apply the link-protocol rule,
 *     the video embed-host list, raster-only images, Quill classes and the allowed style properties.
 * An empty result (no text, no media: `<p><br></p>`) is stored as ''.
 */

/**
 * jsdom costs about 60 MB of memory: it is loaded on the first sanitise, not at start, so a server
 * (or an import job) that never sanitises never pays for it. Loaded synchronously, since the
 * sanitisers are synchronous.
 */
type Engine = { purify: DOMPurify; document: Document };
let engine: Engine | null = null;
function load(): Engine {
  if (engine) return engine;
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as typeof JsdomModule;
  const createDOMPurify = require('dompurify') as typeof createDOMPurifyType;
  const { window } = new JSDOM('<!DOCTYPE html><html><body></body></html>');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  addHooks(purify);
  engine = { purify, document: window.document };
  return engine;
}

const STRUCTURAL = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'li', 'dt', 'dd', 'hr', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'blockquote', 'pre', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'figure', 'figcaption', 'address'];
const BLOCKS = new Set(['p', ...STRUCTURAL]);
const FORBID_CONTENTS = ['script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'textarea', 'select', 'xmp', 'plaintext', 'head'];

type Prepared = { allow: AllowList; styleProps: string[]; config: PurifyConfig; structural: PurifyConfig };
const prepared = new Map<string, Prepared>();

function prepare(toolbar: readonly ToolbarControl[]): Prepared {
  const key = [...toolbar].sort().join(',');
  const hit = prepared.get(key);
  if (hit) return hit;
  const allow = deriveAllowList(toolbar);
  const common: PurifyConfig = {
    ALLOWED_ATTR: allow.attributes,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SAFE_FOR_TEMPLATES: false,
    WHOLE_DOCUMENT: false,
    KEEP_CONTENT: true,
    // Keep iframe contents out even when video is allowed; an allowed iframe is rebuilt by the hook.
    FORBID_CONTENTS: FORBID_CONTENTS.filter((t) => !(t === 'iframe' && allow.allowVideo)),
  };
  const p: Prepared = {
    allow,
    styleProps: allowedStyleProperties(toolbar),
    config: { ...common, ALLOWED_TAGS: allow.tags },
    structural: { ...common, ALLOWED_TAGS: [...new Set([...allow.tags, ...STRUCTURAL])] },
  };
  prepared.set(key, p);
  return p;
}

let current: Prepared | null = null;

function addHooks(purify: DOMPurify): void {
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  // Event handlers never survive, whatever the list says.
  if (/^on/i.test(data.attrName)) data.keepAttr = false;
});

purify.addHook('afterSanitizeAttributes', (node) => {
  if (!current || node.nodeType !== 1) return;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (el.hasAttribute('class')) {
    const kept = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => CLASS_PATTERN.test(c));
    if (kept.length) el.setAttribute('class', kept.join(' '));
    else el.removeAttribute('class');
  }
  if (el.hasAttribute('style')) {
    const style = sanitizeStyle(el.getAttribute('style'), current.styleProps);
    if (style) el.setAttribute('style', style);
    else el.removeAttribute('style');
  }
  for (const name of ['width', 'height']) {
    const v = el.getAttribute(name);
    if (v !== null && !/^\d{1,4}$/.test(v)) el.removeAttribute(name);
  }
  if (el.hasAttribute('data-list') && !/^(ordered|bullet|checked|unchecked)$/.test(el.getAttribute('data-list') ?? '')) el.removeAttribute('data-list');
  if (el.hasAttribute('data-language') && !/^[a-z0-9+#-]{1,20}$/i.test(el.getAttribute('data-language') ?? '')) el.removeAttribute('data-language');
  if (el.hasAttribute('spellcheck')) el.setAttribute('spellcheck', 'false');

  if (tag === 'a') {
    // Spec §5: http, https, mailto, tel; anything else a blank address.
    el.setAttribute('href', sanitizeLinkHref(el.getAttribute('href')));
    if (el.getAttribute('target') === '_blank') el.setAttribute('target', '_blank');
    else el.removeAttribute('target');
    el.setAttribute('rel', 'noopener noreferrer nofollow');
  } else {
    for (const name of ['href', 'target', 'rel']) el.removeAttribute(name);
  }
  if (tag === 'img') {
    const src = sanitizeImageSrc(el.getAttribute('src'));
    if (src) el.setAttribute('src', src);
    else el.remove();
  } else if (tag === 'iframe') {
    const src = sanitizeVideoSrc(el.getAttribute('src'));
    if (!src) {
      el.remove();
      return;
    }
    for (const a of [...el.attributes]) el.removeAttribute(a.name);
    el.setAttribute('class', 'ql-video');
    el.setAttribute('frameborder', '0');
    el.setAttribute('allowfullscreen', 'true');
    el.setAttribute('src', src);
    el.textContent = '';
  } else {
    el.removeAttribute('src');
    el.removeAttribute('frameborder');
    el.removeAttribute('allowfullscreen');
    el.removeAttribute('alt');
  }
});
}

function replaceWith(el: Element, nodes: Node[]) {
  const parent = el.parentNode;
  if (!parent) return;
  for (const n of nodes) parent.insertBefore(n, el);
  parent.removeChild(el);
}

/** Spec §5 structure rules on a tree that holds only allowed and structural tags. */
function applyStructureRules(document: Document, root: Node, allow: AllowList) {
  const allowed = new Set(allow.tags);
  const blockTag = allow.blockTags[0] ?? 'p';
  // Deepest first, so a rewritten parent sees rewritten children.
  const elements = [...(root as ParentNode).querySelectorAll('*')].reverse();
  for (const el of elements) {
    const tag = el.tagName.toLowerCase();
    if (allowed.has(tag)) continue;
    if (/^h[1-6]$/.test(tag)) {
      // Headings become bold blocks (bold even where the bold control is off: it is the rule's output).
      const block = document.createElement(blockTag);
      const strong = document.createElement('strong');
      strong.append(...el.childNodes);
      block.append(strong);
      replaceWith(el, [block]);
    } else if (tag === 'li' || tag === 'dt' || tag === 'dd') {
      replaceWith(el, [...el.childNodes, document.createElement('br')]);
    } else if (tag === 'hr') {
      replaceWith(el, [document.createElement('br')]);
    } else if (tag === 'ul' || tag === 'ol' || tag === 'dl' || tag === 'thead' || tag === 'tbody' || tag === 'tfoot' || tag === 'tr') {
      replaceWith(el, [...el.childNodes]);
    } else if (BLOCKS.has(tag)) {
      // A block holding blocks is unwrapped (no nested p); otherwise it becomes the fallback block.
      const hasBlockChild = [...el.children].some((c) => BLOCKS.has(c.tagName.toLowerCase()));
      if (hasBlockChild) replaceWith(el, [...el.childNodes]);
      else {
        const block = document.createElement(blockTag);
        block.append(...el.childNodes);
        replaceWith(el, [block]);
      }
    }
  }
}

/** Sanitises HTML against an arbitrary toolbar's allow-list (what the editor instance would keep). */
export function sanitizeHtml(dirty: string, toolbar: readonly ToolbarControl[]): string {
  if (!dirty) return '';
  const { purify, document } = load();
  const p = prepare(toolbar);
  current = p;
  try {
    const fragment = purify.sanitize(dirty, { ...p.structural, RETURN_DOM_FRAGMENT: true }) as DocumentFragment | null;
    // Some documents (a frameset) leave nothing at all.
    if (!fragment) return '';
    applyStructureRules(document, fragment, p.allow);
    const container = document.createElement('div');
    container.append(fragment);
    const clean = purify.sanitize(container.innerHTML, p.config);
    return isEmptyRichText(clean) ? '' : clean;
  } finally {
    current = null;
  }
}

/** Sanitises one stored field against its allow-list; '' when empty. */
export function sanitizeRichText(field: RichTextField, dirty: string): string {
  return sanitizeHtml(dirty, RICH_TEXT_FIELDS[field].toolbar);
}

export const FIELD_LABELS: Record<RichTextField, string> = {
  message_guidelines: 'Message guidelines',
  instructions_script: 'Instructions script',
  instructions: 'Instructions',
  signature: 'Signature',
  email_body: 'Email body',
};

/** Sanitises for storage and enforces the field's stored length limit (422 when over). */
export function sanitizeForStorage(field: RichTextField, dirty: string): string {
  const clean = sanitizeRichText(field, dirty);
  if (clean.length > RICH_TEXT_FIELDS[field].maxLength) {
    throw unprocessable(`${FIELD_LABELS[field]} is too long (at most ${RICH_TEXT_FIELDS[field].maxLength} characters of formatted text)`);
  }
  return clean;
}
