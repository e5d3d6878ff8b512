import { describe, expect, it } from 'vitest';
import { allowedStyleProperties, deriveAllowList, RICH_TEXT_FIELDS } from '@shared/rich-text/allow-list';
import {
  applyPasteRules,
  BLANK_URL,
  DEFAULT_PASTE_ALLOW_LIST,
  linkForPastedText,
  pastedImageFiles,
  sanitizeLinkUrl,
  sanitizePastedHtml,
  snapFontSize,
  type PasteAllowList,
} from '../paste';

/** A narrowed editor (bold, italic, link). */
const narrow: PasteAllowList = deriveAllowList(['bold', 'italic', 'link']);
/** The message-guidelines editor: the spec's full default toolbar. */
const rich: PasteAllowList = deriveAllowList(RICH_TEXT_FIELDS.message_guidelines.toolbar);
const richStyles = { styleProperties: allowedStyleProperties(RICH_TEXT_FIELDS.message_guidelines.toolbar) };

const rules = (html: string, allow: PasteAllowList) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  applyPasteRules(doc.body, allow);
  return doc.body.innerHTML;
};

describe('paste: sanitising against the allow-list (default tags p, br, span; attribute class)', () => {
  it('keeps p, br, span and class; drops every other tag (keeping its text) and attribute', () => {
    expect(
      sanitizePastedHtml('<p class="ql-align-center" style="color:red" id="i" onclick="alert(1)">A<b>b</b><br><span class="ql-font-arial" data-z="1">c</span><script>alert(1)</script></p>', DEFAULT_PASTE_ALLOW_LIST),
    ).toBe('<p class="ql-align-center">Ab<br><span class="ql-font-arial">c</span></p>');
  });

  it('class keeps only Quill format classes (the shared class pattern)', () => {
    expect(sanitizePastedHtml('<p class="MsoNormal ql-indent-1">x</p>', DEFAULT_PASTE_ALLOW_LIST)).toBe('<p class="ql-indent-1">x</p>');
  });

  it('narrowed editor keeps its own tags (strong, em, a) and nothing more', () => {
    expect(sanitizePastedHtml('<p><strong>B</strong> <em>i</em> <u>u</u> <img src="https://x.test/a.png"></p>', narrow)).toBe(
      '<p><strong>B</strong> <em>i</em> u </p>',
    );
  });

  it('event handlers, SVG and mutation-XSS payloads leave nothing executable', () => {
    const out = sanitizePastedHtml(
      '<p>x<svg><script>alert(1)</script></svg><img src=x onerror=alert(1)><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript></p>',
      rich,
    );
    expect(out).not.toMatch(/onerror|<script|<svg|alert\(1\)<\/script/i);
  });
});

describe('paste: link protocols (http, https, mailto, tel; anything else is a blank address)', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
    ['tel:+15551234567', 'tel:+15551234567'],
    ['javascript:alert(1)', BLANK_URL],
    ['JaVaScRiPt:alert(1)', BLANK_URL],
    [' java\tscript:alert(1)', BLANK_URL],
    ['data:text/html;base64,PHNjcmlwdD4=', BLANK_URL],
    ['vbscript:msgbox(1)', BLANK_URL],
    ['sms:+1555', BLANK_URL],
    ['ftp://example.com/file', BLANK_URL],
    ['/relative/path', BLANK_URL],
  ])('%s → %s', (url, expected) => {
    expect(sanitizeLinkUrl(url)).toBe(expected);
  });

  it('a pasted link with another protocol keeps its text and gets the blank address', () => {
    expect(sanitizePastedHtml('<p><a href="javascript:alert(1)">click</a> <a href="https://ok.test/">ok</a></p>', narrow)).toBe(
      '<p><a href="">click</a> <a href="https://ok.test/">ok</a></p>',
    );
  });

  it('entity-obfuscated javascript: is decoded by the parser and blanked', () => {
    expect(sanitizePastedHtml('<p><a href="&#106;avascript&#58;alert(1)">x</a></p>', narrow)).toBe('<p><a href="">x</a></p>');
  });

  it('where links are not allowed, the anchor goes and its text stays', () => {
    expect(sanitizePastedHtml('<p><a href="https://ok.test/">ok</a></p>', { ...narrow, allowLinks: false })).toBe('<p>ok</p>');
  });
});

describe('paste: a URL over selected text (magic paste)', () => {
  const on = { allowLinks: true, magicPaste: true };
  it('links the selection when links are allowed and magic paste is on', () => {
    expect(linkForPastedText(' https://example.com/x ', 5, on)).toBe('https://example.com/x');
  });
  it('is an ordinary paste without a selection, with magic paste off, or without links', () => {
    expect(linkForPastedText('https://example.com', 0, on)).toBeNull();
    expect(linkForPastedText('https://example.com', 5, { allowLinks: true, magicPaste: false })).toBeNull();
    expect(linkForPastedText('https://example.com', 5, { allowLinks: false, magicPaste: true })).toBeNull();
  });
  it('is an ordinary paste for text that is not a single safe address', () => {
    expect(linkForPastedText('see https://example.com', 5, on)).toBeNull();
    expect(linkForPastedText('javascript:alert(1)', 5, on)).toBeNull();
  });
});

describe('paste: image files', () => {
  const png = { type: 'image/png', name: 'a.png' };
  const pdf = { type: 'application/pdf', name: 'a.pdf' };
  it('are inserted only where images are allowed', () => {
    expect(pastedImageFiles([png, pdf], { allowImages: true })).toEqual([png]);
    expect(pastedImageFiles([png], { allowImages: false })).toEqual([]);
  });
  it('pasted <img> keeps http(s) and inline raster sources only where images are allowed', () => {
    expect(sanitizePastedHtml('<p><img src="https://x.test/a.png"><img src="javascript:alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4="></p>', rich)).toBe(
      '<p><img src="https://x.test/a.png"></p>',
    );
    expect(sanitizePastedHtml('<p>a<img src="https://x.test/a.png"></p>', narrow)).toBe('<p>a</p>');
  });
});

describe('paste: disallowed blocks become the first allowed of p, div, section', () => {
  it('div → p when p is allowed', () => {
    expect(sanitizePastedHtml('<div>One</div><article>Two</article>', DEFAULT_PASTE_ALLOW_LIST)).toBe('<p>One</p><p>Two</p>');
  });
  it('p → div when p is not allowed but div is', () => {
    expect(sanitizePastedHtml('<p>One</p>', { ...DEFAULT_PASTE_ALLOW_LIST, tags: ['div', 'section', 'br', 'span'] })).toBe('<div>One</div>');
  });
  it('→ section when only section is allowed', () => {
    expect(sanitizePastedHtml('<blockquote>Q</blockquote>', { ...DEFAULT_PASTE_ALLOW_LIST, tags: ['section', 'br'] })).toBe('<section>Q</section>');
  });
  it('a block around blocks unwraps, wrapping loose text in its own block (never p inside p)', () => {
    expect(sanitizePastedHtml('<div>lead<p>inner</p>tail</div>', DEFAULT_PASTE_ALLOW_LIST)).toBe('<p>lead</p><p>inner</p><p>tail</p>');
  });
  it('an allowed block stays as it is', () => {
    expect(sanitizePastedHtml('<blockquote>Q</blockquote>', rich)).toBe('<blockquote>Q</blockquote>');
  });
  it('uses the shared blockTags order (p first whenever p is allowed)', () => {
    expect(deriveAllowList(['code-block']).blockTags).toEqual(['p', 'div']);
    expect(sanitizePastedHtml('<article>A</article>', deriveAllowList(['code-block']))).toBe('<p>A</p>');
  });
});

describe('paste: headings', () => {
  it('become bold blocks where headings are not allowed', () => {
    expect(sanitizePastedHtml('<h1>Title</h1><h3>Sub</h3><p>Body</p>', narrow)).toBe('<p><strong>Title</strong></p><p><strong>Sub</strong></p><p>Body</p>');
  });
  it('become plain blocks where not even bold is allowed', () => {
    expect(sanitizePastedHtml('<h2>Title</h2>', DEFAULT_PASTE_ALLOW_LIST)).toBe('<p>Title</p>');
  });
  it('stay headings where allowed', () => {
    expect(sanitizePastedHtml('<h1>Title</h1>', rich)).toBe('<h1>Title</h1>');
  });
});

describe('paste: li, dt, dd and hr become line breaks', () => {
  it('list items', () => {
    expect(sanitizePastedHtml('<ul><li>One</li><li>Two</li><li>Three</li></ul>', narrow)).toBe('<p>One<br>Two<br>Three</p>');
  });
  it('dt and dd', () => {
    expect(sanitizePastedHtml('<dl><dt>Term</dt><dd>Meaning</dd></dl>', narrow)).toBe('<p>Term<br>Meaning</p>');
  });
  it('hr', () => {
    expect(sanitizePastedHtml('<p>Above</p><hr><p>Below</p>', narrow)).toBe('<p>Above</p><br><p>Below</p>');
    expect(rules('<div>Above<hr>Below</div>', narrow)).toBe('<p>Above<br>Below</p>');
  });
  it('stay lists where lists are allowed', () => {
    expect(sanitizePastedHtml('<ul><li>One</li><li>Two</li></ul>', rich)).toBe('<ul><li>One</li><li>Two</li></ul>');
  });
});

describe('paste: video', () => {
  it('only from the allowed embed hosts, only where video is allowed', () => {
    const html =
      '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://evil.test/embed/x"></iframe><iframe src="javascript:alert(1)"></iframe>';
    expect(sanitizePastedHtml(html, rich)).toBe('<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>');
    expect(sanitizePastedHtml(html, narrow)).toBe('');
  });
});

describe('paste: the spec example in a narrowed editor (heading, list, javascript: link)', () => {
  it('gives a bold block, line breaks and a blank address', () => {
    expect(
      sanitizePastedHtml('<h2>Offer</h2><ul><li>Fast</li><li><a href="javascript:alert(1)">Cheap</a></li></ul>', narrow),
    ).toBe('<p><strong>Offer</strong></p><p>Fast<br><a href="">Cheap</a></p>');
  });
});

describe('paste: styles', () => {
  it('keep colour and font-size only, snapped to the 8–36px grid', () => {
    expect(sanitizePastedHtml('<p><span style="color: #e60000; font-size: 13px; position: fixed; background: url(x)">a</span></p>', rich, richStyles)).toBe(
      '<p><span style="color: #e60000; font-size: 14px">a</span></p>',
    );
    expect(snapFontSize('72px')).toBe('36px');
    expect(snapFontSize('2px')).toBe('8px');
    expect(snapFontSize('1.2em')).toBeNull();
  });
});
