import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, normalizeRichText } from '../empty';

describe('isRichTextEmpty', () => {
  it.each(['', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<p> </p><p><br/></p>', '<p><span class="ql-size-large"> </span></p>', null, undefined])(
    '%s is empty',
    (html) => expect(isRichTextEmpty(html)).toBe(true),
  );
  it.each(['<p>Hi</p>', 'plain', '<p><img src="https://x.test/a.png"></p>', '<iframe class="ql-video" src="https://www.youtube.com/embed/a"></iframe>'])(
    '%s is not empty',
    (html) => expect(isRichTextEmpty(html)).toBe(false),
  );
  it('normalises empty editor output to the empty string', () => {
    expect(normalizeRichText('<p><br></p>')).toBe('');
    expect(normalizeRichText('<p>x</p>')).toBe('<p>x</p>');
  });
});
