/**
 * Hand-written bounces in wordings the corpus does not hold: the rules are general, not tuned to its files.
 */
import { describe, expect, it } from 'vitest';
import { classify } from './classify';
import { analyseBounce } from './index';

const mail = (headers: Record<string, string>, body: string) =>
  `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}`;

const dsn = (fields: string, text = 'Delivery failed.', returned = 'Message-ID: <sent-1@ours.example>\nTo: lee@far.example\nSubject: Hi\n') =>
  mail(
    { From: 'Mail Delivery System <MAILER-DAEMON@mx.ours.example>', To: 'ada@ours.example', Subject: 'Undelivered Mail Returned to Sender', 'MIME-Version': '1.0', 'Content-Type': 'multipart/report; report-type=delivery-status; boundary="zz"' },
    `--zz\nContent-Type: text/plain\n\n${text}\n--zz\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.ours.example\n\n${fields}\n--zz\nContent-Type: text/rfc822-headers\n\n${returned}\n--zz--\n`,
  );

describe('analyseBounce on wordings of our own', () => {
  it('reads every recipient block of a report, with its class from the words when the code is generic', () => {
    const r = analyseBounce(
      dsn(
        [
          'Final-Recipient: rfc822; lee@far.example\nAction: failed\nStatus: 5.0.0\nDiagnostic-Code: smtp; 550 Sorry, nobody by that name works here anymore - mailbox does not exist',
          'Final-Recipient: rfc822; kim@far.example\nAction: delayed\nStatus: 4.4.1\nDiagnostic-Code: smtp; connection timed out while talking to mx2.far.example',
          'Final-Recipient: rfc822; joe@far.example\nAction: failed\nStatus: 5.7.1\nDiagnostic-Code: smtp; 554 5.7.1 Your sending IP 203.0.113.9 appears on a DNSBL; see our postmaster page',
          'Final-Recipient: rfc822; amy@far.example\nAction: failed\nStatus: 5.2.2\nDiagnostic-Code: smtp; 552 5.2.2 This account has exceeded its storage allowance',
        ].join('\n\n'),
      ),
    );
    expect(r).toMatchObject({ kind: 'dsn', originalMessageId: '<sent-1@ours.example>', originalRecipients: ['lee@far.example'] });
    expect(r!.recipients.map((x) => [x.address, x.class, x.reason])).toEqual([
      ['lee@far.example', 'permanent', 'userunknown'],
      ['kim@far.example', 'temporary', 'networkerror'],
      ['joe@far.example', 'policy', 'blocked'],
      ['amy@far.example', 'temporary', 'mailboxfull'],
    ]);
  });

  it('reads a plain-text notice with the failure explained below the address, and a quoted copy after a separator', () => {
    const r = analyseBounce(
      mail(
        { From: 'postmaster@relay.example', To: 'ada@ours.example', Subject: 'Nondeliverable mail' },
        'Hello, this is the mail relay at relay.example.\n\nYour mail could not be delivered to these addresses:\n\n   <old.friend@gone.example>\n      remote answer: 550 5.1.1 recipient mailbox closed, no forwarding\n\n=== Original message follows ===\nMessage-ID: <sent-2@ours.example>\nFrom: ada@ours.example\nTo: old.friend@gone.example\nSubject: Hello\n\nHi!\n',
      ),
    );
    expect(r).toMatchObject({ kind: 'plain', originalMessageId: '<sent-2@ours.example>' });
    expect(r!.recipients).toHaveLength(1);
    expect(r!.recipients[0]).toMatchObject({ address: 'old.friend@gone.example', class: 'permanent', smtpCode: 550 });
  });

  it('tells a delay warning, a rejected sender and a too-large message from a dead address', () => {
    const words = (diagnostic: string, status = '') => classify({ status, smtpCode: null, diagnostic, action: null });
    expect(words('451 4.3.0 Please try again in a few minutes').class).toBe('temporary');
    expect(words('Your message has been queued for 3 days; we will keep trying until it expires', '').class).toBe('temporary');
    expect(words('550 5.1.1 <x@y.example>: Unknown local part x in <x@y.example>', '5.1.1').class).toBe('permanent');
    expect(words('550 Message refused: your domain fails our DMARC check (p=reject)', '5.7.1')).toMatchObject({ class: 'policy', reason: 'authfailure' });
    expect(words('552 message exceeds the size limit of 10 MB', '5.3.4')).toMatchObject({ class: 'policy', reason: 'mesgtoobig' });
    expect(words('553 relaying to <a@b.example> prohibited by administrator', '5.7.1')).toMatchObject({ class: 'policy', reason: 'norelaying' });
    expect(words('Die E-Mail-Adresse des Empfängers ist unbekannt', '5.0.0').class).toBe('permanent');
    expect(words('The recipient domain has no mail exchanger (MX) records found for it', '')).toMatchObject({ class: 'permanent', reason: 'hostunknown' });
    expect(classify({ status: '5.1.1', smtpCode: 550, diagnostic: 'User unknown', action: 'delayed' }).class).toBe('temporary');
  });

  it('takes an ARF feedback report as a complaint about the original recipient', () => {
    const r = analyseBounce(
      mail(
        { From: 'fbl@isp.example', To: 'fbl-reports@ours.example', Subject: 'Abuse report', 'MIME-Version': '1.0', 'Content-Type': 'multipart/report; report-type=feedback-report; boundary="b"' },
        '--b\nContent-Type: text/plain\n\nA user marked your mail as spam.\n--b\nContent-Type: message/feedback-report\n\nFeedback-Type: abuse\nUser-Agent: ExampleFBL/1.0\nVersion: 1\nOriginal-Rcpt-To: <reader@isp.example>\n--b\nContent-Type: message/rfc822\n\nMessage-ID: <sent-3@ours.example>\nTo: reader@isp.example\nSubject: Offer\n\nBody\n--b--\n',
      ),
    );
    expect(r).toMatchObject({ kind: 'complaint', feedbackType: 'abuse', originalMessageId: '<sent-3@ours.example>', recipients: [{ address: 'reader@isp.example', class: 'complaint' }] });
  });

  it('answers null for an auto-reply, a person and a newsletter', () => {
    expect(analyseBounce(mail({ From: 'lee@far.example', To: 'ada@ours.example', Subject: 'Automatic reply: Hello', 'Auto-Submitted': 'auto-replied' }, 'I am out of the office until Monday and cannot answer.'))).toBeNull();
    expect(analyseBounce(mail({ From: 'lee@far.example', To: 'ada@ours.example', Subject: 'Re: Hello' }, 'Thanks - your message could not have come at a better time. Call me?'))).toBeNull();
    expect(analyseBounce(mail({ From: 'news@shop.example', To: 'ada@ours.example', Subject: 'Our summer sale' }, 'Everything must go! Undeliverable promises not included.'))).toBeNull();
  });

  it('reads base64 and quoted-printable parts in their charsets', () => {
    const body = Buffer.from('Adresse inconnue : le destinataire jean@loin.example n’existe pas (550 5.1.1)', 'utf8').toString('base64');
    const r = analyseBounce(
      mail(
        { From: 'MAILER-DAEMON@loin.example', To: 'ada@ours.example', Subject: '=?utf-8?q?Non_remis_=3A_Bonjour?=', 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Transfer-Encoding': 'base64' },
        body,
      ),
    );
    expect(r?.recipients[0]).toMatchObject({ address: 'jean@loin.example', class: 'permanent' });
  });
});

describe('an automatic answer with a bounce-like subject is not a bounce', () => {
  it('"Undeliverable"/"Returned" subjects from a mailbox rule, naming nobody and no failure, are no delivery report', () => {
    const note = (subject: string, body: string) =>
      [`From: Service Desk <noreply@county.example>`, `To: rep@seller.example`, `Subject: ${subject}`, 'Auto-Submitted: auto-generated', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');
    expect(analyseBounce(note('Undeliverable to staff: your proposal', 'Nobody reads this inbox. Please write to us through the web form instead.'))).toBeNull();
    expect(analyseBounce(note('Returned: quick question', 'Thank you for contacting us. This address is for outgoing notices only.'))).toBeNull();
    // The same subject with the failure spelled out is one.
    expect(analyseBounce(note('Undeliverable: quick question', 'Delivery has failed to these recipients: jane@county.example\r\n550 5.1.1 User unknown'))?.recipients[0]).toMatchObject({ address: 'jane@county.example', class: 'permanent' });
  });
});
