/**
 * The rich-text allow-list model of spec §5. The editor derives what a paste may keep from its
 * toolbar; the server sanitises every stored rich-text field against the same per-field list
 * (RICH_TEXT_FIELDS), so the client is never trusted. Pure data and string functions: no DOM here.
 */

/** The toolbar controls of spec §9 (default toolbar), as Quill format names. */
export const TOOLBAR_CONTROLS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'code',
  'code-block',
  'header',
  'list',
  'script',
  'indent',
  'direction',
  'size',
  'color',
  'background',
  'font',
  'align',
  'clean',
  'link',
  'image',
  'video',
] as const;
export type ToolbarControl = (typeof TOOLBAR_CONTROLS)[number];

/** Spec §9 default toolbar: bold … video ("code" is Quill's inline code; colour includes the background picker). */
export const DEFAULT_TOOLBAR: readonly ToolbarControl[] = [
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'code',
  'header',
  'list',
  'script',
  'indent',
  'direction',
  'size',
  'color',
  'background',
  'font',
  'align',
  'clean',
  'link',
  'image',
  'video',
];

/** Spec §5: default tags and attribute, whatever the toolbar. */
export const DEFAULT_TAGS = ['p', 'br', 'span'] as const;
export const DEFAULT_ATTRIBUTES = ['class'] as const;
/** Spec §5: a disallowed block becomes the first allowed of these. */
export const BLOCK_FALLBACK_ORDER = ['p', 'div', 'section'] as const;
/** Spec §5: links keep only these protocols; anything else gives a blank address. */
export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;
/** Video embeds only from these hosts (https), with the embed path each host uses. */
export const VIDEO_EMBED_HOSTS: Readonly<Record<string, RegExp>> = {
  'www.youtube-nocookie.com': /^\/embed\/[A-Za-z0-9_-]{6,20}$/,
  'youtube-nocookie.com': /^\/embed\/[A-Za-z0-9_-]{6,20}$/,
  'www.youtube.com': /^\/embed\/[A-Za-z0-9_-]{6,20}$/,
  'youtube.com': /^\/embed\/[A-Za-z0-9_-]{6,20}$/,
  'player.vimeo.com': /^\/video\/\d{1,12}$/,
};
/** Pasted image files become data URLs; only these raster types (never SVG, which can carry script). */
export const IMAGE_DATA_URL = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

/** CSS properties a style attribute may keep (size, colour, font, align), each with its value rule. */
export const STYLE_PROPERTIES: Readonly<Record<string, RegExp>> = {
  'font-size': /^(8|10|12|14|16|18|20|22|24|26|28|30|32|34|36)px$/,
  color: /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/i,
  'background-color': /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/i,
  'font-family': /^[a-z0-9 ,"'-]{1,80}$/i,
  'text-align': /^(right|center|justify)$/,
};

/** Class names a class attribute may keep: Quill's own formats only. */
export const CLASS_PATTERN =
  /^ql-(indent-[1-8]|direction-rtl|align-(right|center|justify)|size-(small|large|huge|\d{1,2}px)|font-[a-z0-9-]{1,40}|video|code-block(-container)?)$/;

export type AllowList = {
  tags: string[];
  attributes: string[];
  allowLinks: boolean;
  allowImages: boolean;
  allowVideo: boolean;
  /** Allowed block tags among p, div, section, in the fallback order: blockTags[0] replaces a disallowed block. */
  blockTags: string[];
  /** Headings allowed (else they become bold blocks). */
  allowHeadings: boolean;
  /** List items allowed (else li, dt, dd and hr become line breaks). */
  allowLists: boolean;
};

const TAGS_BY_CONTROL: Partial<Record<ToolbarControl, string[]>> = {
  bold: ['strong', 'b'],
  italic: ['em', 'i'],
  underline: ['u'],
  strike: ['s'],
  blockquote: ['blockquote'],
  code: ['code'],
  'code-block': ['pre', 'div'],
  header: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  list: ['ol', 'ul', 'li'],
  script: ['sub', 'sup'],
  link: ['a'],
  image: ['img'],
  video: ['iframe'],
};

const ATTRIBUTES_BY_CONTROL: Partial<Record<ToolbarControl, string[]>> = {
  list: ['data-list'],
  'code-block': ['data-language', 'spellcheck'],
  size: ['style'],
  color: ['style'],
  background: ['style'],
  font: ['style'],
  align: ['style'],
  link: ['href', 'target', 'rel'],
  image: ['src', 'alt', 'width', 'height'],
  video: ['src', 'frameborder', 'allowfullscreen'],
};

/** Which style properties each control brings (a style attribute keeps only these). */
export const STYLE_PROPERTIES_BY_CONTROL: Partial<Record<ToolbarControl, string[]>> = {
  size: ['font-size'],
  color: ['color'],
  background: ['background-color'],
  font: ['font-family'],
  align: ['text-align'],
};

/** Spec §5: the tags and attributes a paste (and a stored field) may keep, from the editor's toolbar. */
export function deriveAllowList(toolbar: readonly ToolbarControl[]): AllowList {
  const tags = new Set<string>(DEFAULT_TAGS);
  const attributes = new Set<string>(DEFAULT_ATTRIBUTES);
  for (const control of toolbar) {
    for (const t of TAGS_BY_CONTROL[control] ?? []) tags.add(t);
    for (const a of ATTRIBUTES_BY_CONTROL[control] ?? []) attributes.add(a);
  }
  return {
    tags: [...tags],
    attributes: [...attributes],
    allowLinks: toolbar.includes('link'),
    allowImages: toolbar.includes('image'),
    allowVideo: toolbar.includes('video'),
    blockTags: BLOCK_FALLBACK_ORDER.filter((t) => tags.has(t)),
    allowHeadings: toolbar.includes('header'),
    allowLists: toolbar.includes('list'),
  };
}

/** The style properties a toolbar allows. */
export function allowedStyleProperties(toolbar: readonly ToolbarControl[]): string[] {
  return [...new Set(toolbar.flatMap((c) => STYLE_PROPERTIES_BY_CONTROL[c] ?? []))];
}

export type RichTextFieldConfig = {
  toolbar: readonly ToolbarControl[];
  /** A pasted URL over selected text becomes a link (only when links are allowed too). */
  magicPaste: boolean;
  /** Stored HTML length limit, in characters, after sanitising. */
  maxLength: number;
};

/** Narrower than the default: a signature needs inline formatting, a link and a logo. */
export const SIGNATURE_TOOLBAR: readonly ToolbarControl[] = ['bold', 'italic', 'underline', 'size', 'color', 'font', 'align', 'clean', 'link', 'image'];

/** A campaign email's body: text formatting, lists, links and what a signature holds (a logo image); no video. */
export const EMAIL_BODY_TOOLBAR: readonly ToolbarControl[] = ['bold', 'italic', 'underline', 'strike', 'blockquote', 'list', 'size', 'color', 'font', 'align', 'clean', 'link', 'image'];

/** Every stored rich-text field and its allow-list. The editor and the server both read this. */
export const RICH_TEXT_FIELDS = {
  message_guidelines: { toolbar: DEFAULT_TOOLBAR, magicPaste: true, maxLength: 50_000 },
  instructions_script: { toolbar: DEFAULT_TOOLBAR, magicPaste: true, maxLength: 50_000 },
  /** Message instructions by categories: no embedded media in instructions to the agent. */
  instructions: {
    toolbar: DEFAULT_TOOLBAR.filter((c) => c !== 'image' && c !== 'video'),
    magicPaste: true,
    maxLength: 50_000,
  },
  signature: { toolbar: SIGNATURE_TOOLBAR, magicPaste: true, maxLength: 10_000 },
  /** The body of a campaign email (review queue edits): what a mail program shows well, no media. */
  email_body: { toolbar: EMAIL_BODY_TOOLBAR, magicPaste: true, maxLength: 50_000 },
} as const satisfies Record<string, RichTextFieldConfig>;
export type RichTextField = keyof typeof RICH_TEXT_FIELDS;

export function allowListForField(field: RichTextField): AllowList {
  return deriveAllowList(RICH_TEXT_FIELDS[field].toolbar);
}

/**
 * Spec §5 link rule: http, https, mailto and tel only, anything else → '' (a blank address).
 * Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`), so they
 * are removed before the scheme is read; relative and scheme-less addresses are blank too.
 */
export function sanitizeLinkHref(href: string | null | undefined): string {
  if (!href) return '';
  // eslint-disable-next-line no-control-regex
  const trimmed = href.replace(/^[\u0000-\u0020\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0000-\u0020]+$/g, '');
  // eslint-disable-next-line no-control-regex
  const collapsed = trimmed.replace(/[\u0000-\u001f\u007f]/g, '');
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(collapsed);
  if (!match) return '';
  const scheme = match[1]!.toLowerCase();
  if (!(LINK_PROTOCOLS as readonly string[]).includes(scheme)) return '';
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(collapsed);
      if (url.protocol !== `${scheme}:` || !url.hostname) return '';
      return url.href;
    } catch {
      return '';
    }
  }
  // mailto:/tel: keep as given, minus characters that could break out of the attribute.
  return /["'<>\s`]/.test(collapsed.slice(scheme.length + 1)) ? '' : collapsed;
}

/** A video src from the embed allow-list (https only, the host's embed path), normalised; else null. */
export function sanitizeVideoSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const path = VIDEO_EMBED_HOSTS[url.hostname.toLowerCase()];
  if (!path || !path.test(url.pathname)) return null;
  return `https://${url.hostname.toLowerCase()}${url.pathname}${url.search}`;
}

/** An image src: an http(s) URL or a raster data URL (pasted files); else null. */
export function sanitizeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  const s = src.trim();
  if (IMAGE_DATA_URL.test(s)) return s;
  try {
    const url = new URL(s);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password) return url.href;
  } catch {
    /* not a URL */
  }
  return null;
}

/** Keeps the declarations of a style attribute that the allowed properties and their value rules accept. */
export function sanitizeStyle(style: string | null | undefined, allowed: readonly string[]): string {
  if (!style) return '';
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    const rule = STYLE_PROPERTIES[prop];
    if (!rule || !allowed.includes(prop)) continue;
    if (/[\\(]/.test(value.replace(/^rgb\(/i, '')) || /url|expression|javascript/i.test(value)) continue;
    if (rule.test(value)) out.push(`${prop}: ${value}`);
  }
  return out.join('; ');
}

/**
 * Spec §3: an empty paragraph counts as empty. True for '', whitespace, `<p><br></p>`, `<p>&nbsp;</p>`
 * and any markup with no text and no image or video.
 */
export function isEmptyRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(img|iframe)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#x0*a0;/gi, ' ')
    .replace(/[\s\u00a0\u200b\ufeff]+/g, '');
  return text.length === 0;
}
