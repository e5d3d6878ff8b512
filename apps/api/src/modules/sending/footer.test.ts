import { describe, expect, it } from 'vitest';
import { composeMail } from './smtp-send';
import { buildFooter, dataOriginSentence, OBJECT_SENTENCE, UNSUBSCRIBE_LINE } from './footer';

const url = 'https://app.example/unsubscribe?token=abc.def';

describe('the compliance footer', () => {
  it('writes the link, the address on one line and nothing else by default', () => {
    const footer = buildFooter({ unsubscribeUrl: url, postalAddress: ' Acme Ltd,\n\n 1 Main St \r\nSpringfield ', gdpr: null });
    expect(footer.text).toBe(`\n\n--\n${UNSUBSCRIBE_LINE} ${url}\nAcme Ltd, 1 Main St, Springfield`);
    expect(footer.html).toBe(`<p><br></p><p>--<br>Not interested? <a href="${url}">Unsubscribe with one click</a>.</p><p>Acme Ltd, 1 Main St, Springfield</p>`);
  });

  it('leaves out a missing address, and escapes what the user typed', () => {
    expect(buildFooter({ unsubscribeUrl: url, postalAddress: null, gdpr: null }).text).toBe(`\n\n--\n${UNSUBSCRIBE_LINE} ${url}`);
    const html = buildFooter({ unsubscribeUrl: url, postalAddress: '<b>Acme</b> & "Sons"', gdpr: { source: 'import', accountName: 'A<i>' } }).html;
    expect(html).toContain('<p>&lt;b&gt;Acme&lt;/b&gt; &amp; &quot;Sons&quot;</p>');
    expect(html).toContain('imported by A&lt;i&gt;.');
  });

  it('says where the data came from for each source, then the right to object', () => {
    expect(dataOriginSentence('manual', 'Northwind Analytics')).toBe('Your business contact details were added by Northwind Analytics from business information.');
    expect(dataOriginSentence('import', '  ')).toBe('We found your business contact details in a list imported by us.');
    expect(dataOriginSentence(null, 'X')).toBe('We found your business contact details in business information sources.');
    const footer = buildFooter({ unsubscribeUrl: url, postalAddress: null, gdpr: { source: 'extension', accountName: 'X' } });
    expect(footer.text.endsWith(`on your public LinkedIn profile. ${OBJECT_SENTENCE}`)).toBe(true);
  });

  it('composeMail appends it after each part, the HTML sanitised with the body', () => {
    const footer = buildFooter({ unsubscribeUrl: url, postalAddress: 'Acme, 1 Main St', gdpr: null });
    const mail = composeMail(
      { email: 'ada@good.example', senderName: 'Ada' },
      {
        to: 'pat@acme.example',
        subject: 'Hi',
        text: 'Hello Pat',
        html: '<p>Hello Pat</p><script>alert(1)</script>',
        messageId: '<x@good.example>',
        date: new Date('2026-11-25T10:00:00Z'),
        unsubscribe: { url, mailto: 'mailto:ada@good.example' },
        footer,
      },
    );
    expect(mail.text).toBe(`Hello Pat${footer.text}`);
    expect(String(mail.html)).toMatch(/^<p>Hello Pat<\/p><p><br><\/p><p>--<br>Not interested\? <a href="https:\/\/app\.example\/unsubscribe\?token=abc\.def"[^>]*>Unsubscribe with one click<\/a>\.<\/p><p>Acme, 1 Main St<\/p>$/);
    expect(composeMail({ email: 'a@b.c', senderName: 'A' }, { to: 'p@q.r', subject: 'S', text: 'T', html: null, messageId: '<m@b.c>', date: new Date(), unsubscribe: { url, mailto: 'mailto:a@b.c' }, footer }).html).toBeUndefined();
  });
});
