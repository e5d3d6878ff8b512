import { describe, expect, it } from 'vitest';
import { blockRemoteImages, splitQuotedHtml, splitQuotedText } from './message-body';

describe('blockRemoteImages', () => {
  it('removes http(s) and protocol-relative image addresses, srcset, CSS url() and background; keeps data: images', () => {
    const { html, blocked } = blockRemoteImages(
      '<img src="http://a.test/1.png"><img src="//b.test/2.png"><img src="data:image/gif;base64,R0lGOD"><img srcset="https://c.test/3.png 2x"><div style="background:url(https://d.test/4.png)">x</div><table background="https://e.test/5.png"><tr><td>y</td></tr></table>',
    );
    expect(blocked).toBe(5);
    expect(html).not.toMatch(/a\.test|b\.test|c\.test|d\.test|e\.test/);
    expect(html).toContain('data:image/gif;base64,R0lGOD');
  });

  it('leaves a message without remote images as it is', () => {
    expect(blockRemoteImages('<p>Hi <b>there</b></p>')).toEqual({ html: '<p>Hi <b>there</b></p>', blocked: 0 });
  });
});

describe('splitQuotedText', () => {
  it('folds an "On … wrote:" block, also when the attribution wraps', () => {
    expect(splitQuotedText('Yes.\n\nOn Mon, 17 Nov 2026, Sam <sam@x.test> wrote:\n> Hi')).toEqual({ main: 'Yes.', quoted: 'On Mon, 17 Nov 2026, Sam <sam@x.test> wrote:\n> Hi' });
    expect(splitQuotedText('Yes.\nOn Mon, 17 Nov 2026 at 10:00, Sam\n<sam@x.test> wrote:\n> Hi').main).toBe('Yes.');
  });

  it('folds trailing ">" lines and other languages’ attributions', () => {
    expect(splitQuotedText('Fine by me\n> earlier\n>\n> more\n')).toEqual({ main: 'Fine by me', quoted: '> earlier\n>\n> more' });
    expect(splitQuotedText('Oui.\nLe lun. 17 nov. 2026, Sam a écrit :\n> Bonjour').main).toBe('Oui.');
    expect(splitQuotedText('Ja.\nAm 17.11.2026 schrieb Sam <sam@x.test>:\n> Hallo').main).toBe('Ja.');
  });

  it('keeps inline answers between quotes, and a message that is only a quote, whole', () => {
    const inline = '> Q1?\nA1\n> Q2?\nA2';
    expect(splitQuotedText(inline)).toEqual({ main: inline, quoted: null });
    expect(splitQuotedText('> only a quote')).toEqual({ main: '> only a quote', quoted: null });
  });
});

describe('splitQuotedHtml', () => {
  it('moves the Gmail quote and what follows it out of the main part', () => {
    const { main, quoted } = splitQuotedHtml('<div>Sure</div><div class="gmail_quote"><blockquote>old</blockquote></div><div>old signature</div>');
    expect(main).toBe('<div>Sure</div>');
    expect(quoted).toContain('old signature');
  });

  it('keeps a message with nothing but a quote whole', () => {
    expect(splitQuotedHtml('<blockquote>old</blockquote>')).toEqual({ main: '<blockquote>old</blockquote>', quoted: null });
  });
});
