import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOOLBAR,
  deriveAllowList,
  isEmptyRichText,
  RICH_TEXT_FIELDS,
  sanitizeImageSrc,
  sanitizeLinkHref,
  sanitizeStyle,
  sanitizeVideoSrc,
} from './allow-list';

describe('deriveAllowList', () => {
  it('keeps p, br, span and class with an empty toolbar', () => {
    expect(deriveAllowList([])).toEqual({
      tags: ['p', 'br', 'span'],
      attributes: ['class'],
      allowLinks: false,
      allowImages: false,
      allowVideo: false,
      blockTags: ['p'],
      allowHeadings: false,
      allowLists: false,
    });
  });
  it('adds the tags and attributes of each control', () => {
    const a = deriveAllowList(['bold', 'link', 'header', 'list']);
    expect(a.tags).toEqual(expect.arrayContaining(['strong', 'a', 'h1', 'h6', 'ol', 'ul', 'li']));
    expect(a.attributes).toEqual(expect.arrayContaining(['href', 'data-list']));
    expect(a).toMatchObject({ allowLinks: true, allowHeadings: true, allowLists: true, allowImages: false });
  });
  it('the default toolbar allows links, images and video', () => {
    expect(deriveAllowList(DEFAULT_TOOLBAR)).toMatchObject({ allowLinks: true, allowImages: true, allowVideo: true });
  });
  it('the signature is narrower than the message guidelines', () => {
    const sig = deriveAllowList(RICH_TEXT_FIELDS.signature.toolbar);
    const guide = deriveAllowList(RICH_TEXT_FIELDS.message_guidelines.toolbar);
    expect(sig.tags.every((t) => guide.tags.includes(t))).toBe(true);
    expect(sig.tags.length).toBeLessThan(guide.tags.length);
    expect(sig).toMatchObject({ allowVideo: false, allowHeadings: false, allowLists: false });
  });
});

describe('sanitizeLinkHref (spec §5: http, https, mailto, tel; else blank)', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:jane@example.com', 'mailto:jane@example.com'],
    ['tel:+14155550123', 'tel:+14155550123'],
    ['  HTTPS://Example.com ', 'https://example.com/'],
  ])('%s → %s', (input, out) => expect(sanitizeLinkHref(input)).toBe(out));
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \tjava\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com',
    'file:///etc/passwd',
    '/relative',
    '//evil.example',
    'example.com',
    '',
  ])('%j → blank', (input) => expect(sanitizeLinkHref(input)).toBe(''));
});

describe('media and style', () => {
  it('video only from the embed hosts, over https', () => {
    expect(sanitizeVideoSrc('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(sanitizeVideoSrc('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(sanitizeVideoSrc('http://www.youtube.com/embed/dQw4w9WgXcQ')).toBeNull();
    expect(sanitizeVideoSrc('https://evil.example/embed/dQw4w9WgXcQ')).toBeNull();
    expect(sanitizeVideoSrc('javascript:alert(1)')).toBeNull();
    expect(sanitizeVideoSrc('https://www.youtube.com.evil.example/embed/x')).toBeNull();
  });
  it('images: http(s) or raster data URLs', () => {
    expect(sanitizeImageSrc('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(sanitizeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(sanitizeImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(sanitizeImageSrc('javascript:alert(1)')).toBeNull();
  });
  it('style keeps only allowed properties with valid values', () => {
    expect(sanitizeStyle('font-size: 14px; color: #ff0000; position: fixed', ['font-size', 'color'])).toBe('font-size: 14px; color: #ff0000');
    expect(sanitizeStyle('color: expression(alert(1))', ['color'])).toBe('');
    expect(sanitizeStyle('background-color: url(javascript:alert(1))', ['background-color'])).toBe('');
    expect(sanitizeStyle('font-size: 15px', ['font-size'])).toBe('');
  });
});

describe('isEmptyRichText (spec §3)', () => {
  it.each(['', '   ', '<p><br></p>', '<p> </p>', '<p>&nbsp;</p><p><br/></p>', null])('%j is empty', (html) =>
    expect(isEmptyRichText(html)).toBe(true),
  );
  it.each(['<p>Hi</p>', '<p><img src="https://x.example/a.png"></p>'])('%j is not empty', (html) =>
    expect(isEmptyRichText(html)).toBe(false),
  );
});
