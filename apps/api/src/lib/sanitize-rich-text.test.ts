import { describe, expect, it } from 'vitest';
import { deriveAllowList, RICH_TEXT_FIELDS, DEFAULT_TOOLBAR, type RichTextField } from '@shared/rich-text/allow-list';
import { assertHarmlessHtml } from './__fixtures__/xss-assert';
import { XSS_VECTORS } from '@shared/rich-text/xss-vectors';
import { sanitizeForStorage, sanitizeHtml, sanitizeRichText } from './sanitize-rich-text';

const FIELDS = Object.keys(RICH_TEXT_FIELDS) as RichTextField[];
const assertHarmless = assertHarmlessHtml;

describe('the XSS corpus', () => {
  it('holds at least 100 vectors', () => expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100));

  describe.each([...FIELDS.map((f) => [f, RICH_TEXT_FIELDS[f].toolbar] as const), ['default toolbar', DEFAULT_TOOLBAR] as const])(
    '%s',
    (_name, toolbar) => {
      const tags = deriveAllowList(toolbar).tags;
      it.each(XSS_VECTORS.map((v, i) => [i, v] as const))('vector %i does not survive', (_i, vector) => {
        const out = sanitizeHtml(vector, toolbar);
        assertHarmless(out, tags);
        // Stable: sanitising the output again changes nothing (no mutation on re-parse).
        expect(sanitizeHtml(out, toolbar)).toBe(out);
      });
    },
  );
});

describe('spec §5 rules on stored fields', () => {
  it('keeps allowed formatting', () => {
    expect(sanitizeRichText('message_guidelines', '<p><strong>Hi</strong> <em>there</em></p>')).toBe('<p><strong>Hi</strong> <em>there</em></p>');
  });
  it('links: http, https, mailto, tel kept; anything else a blank address', () => {
    expect(sanitizeRichText('signature', '<p><a href="https://acme.example/">Acme</a></p>')).toBe(
      '<p><a href="https://acme.example/" rel="noopener noreferrer nofollow">Acme</a></p>',
    );
    expect(sanitizeRichText('signature', '<p><a href="mailto:jo@acme.example">mail</a> <a href="tel:+14155550123">call</a></p>')).toContain(
      'href="mailto:jo@acme.example"',
    );
    expect(sanitizeRichText('signature', '<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p><a href="" rel="noopener noreferrer nofollow">x</a></p>');
    expect(sanitizeRichText('signature', '<p><a href="ftp://acme.example/">x</a></p>')).toBe('<p><a href="" rel="noopener noreferrer nofollow">x</a></p>');
  });
  it('headings become bold blocks where headings are not allowed', () => {
    expect(sanitizeRichText('signature', '<h2>Jane Doe</h2>')).toBe('<p><strong>Jane Doe</strong></p>');
    expect(sanitizeRichText('message_guidelines', '<h2>Kept</h2>')).toBe('<h2>Kept</h2>');
  });
  it('li, dt, dd and hr become line breaks where lists are not allowed', () => {
    expect(sanitizeRichText('signature', '<ul><li>one</li><li>two</li></ul>')).toBe('one<br>two<br>');
    expect(sanitizeRichText('signature', '<p>a</p><hr><p>b</p>')).toBe('<p>a</p><br><p>b</p>');
    expect(sanitizeRichText('signature', '<dl><dt>term</dt><dd>def</dd></dl>')).toBe('term<br>def<br>');
  });
  it('disallowed blocks become the first allowed of p, div, section', () => {
    expect(sanitizeRichText('signature', '<div>one</div><section>two</section>')).toBe('<p>one</p><p>two</p>');
    expect(sanitizeRichText('signature', '<blockquote>quoted</blockquote>')).toBe('<p>quoted</p>');
  });
  it('video only from the embed hosts; images only where allowed', () => {
    const yt = '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>';
    expect(sanitizeRichText('message_guidelines', yt)).toBe(yt);
    expect(sanitizeRichText('message_guidelines', '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('signature', yt + '<p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('instructions', '<p><img src="https://cdn.example/a.png">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('signature', '<p><img src="https://cdn.example/a.png"></p>')).toBe('<p><img src="https://cdn.example/a.png"></p>');
  });
  it('keeps Quill classes and allowed styles only', () => {
    expect(sanitizeRichText('message_guidelines', '<p class="ql-align-center evil" style="text-align: center; position: fixed">x</p>')).toBe(
      '<p class="ql-align-center" style="text-align: center">x</p>',
    );
    expect(sanitizeRichText('signature', '<p><span style="font-size: 14px; color: #ff0000">x</span></p>')).toBe(
      '<p><span style="font-size: 14px; color: #ff0000">x</span></p>',
    );
  });
  it('an empty paragraph counts as empty', () => {
    for (const empty of ['', '<p><br></p>', '<p> </p>', '<p>&nbsp;</p>', '<script>alert(1)</script>', '<p><br></p><p><br></p>'])
      expect(sanitizeRichText('message_guidelines', empty)).toBe('');
  });
  it('refuses text over the stored limit with 422', () => {
    const long = `<p>${'x'.repeat(RICH_TEXT_FIELDS.signature.maxLength + 1)}</p>`;
    expect(() => sanitizeForStorage('signature', long)).toThrow(/Signature is too long/);
  });
});
