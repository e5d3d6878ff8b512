/**
 * Ingestion of bounces (ingest.ts with the analyser): matching by the returned Message-ID or by the recipient among
 * the mailbox's recent sends, unmatched failures recorded and never guessed onto anyone, policy refusals and
 * complaints, and repeated temporary failures.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, blacklistedEmails, bounceReports, type UserEmailRow } from '../../../db/schema';
import { inAccount } from '../../../db/tenancy';
import { DB_KINDS } from '../../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../../testing/harness';
import { accountIdOf } from '../../messaging/ownership.test-helpers';
import { ingestMessage } from '../ingest';
import { enrolmentOf, seedMailbox, seedSentEmail } from '../seed.test-helpers';

const NOW = new Date('2026-11-24T12:00:00Z');
let seq = 0;

const dsn = (o: { to: string; recipients: { address: string; status: string; diagnostic: string; action?: string }[]; original?: string; date?: Date }) =>
  [
    `Message-ID: <dsn-${++seq}-${Date.now()}@mx.example>`,
    `Date: ${(o.date ?? NOW).toUTCString()}`,
    'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
    `To: ${o.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example',
    '',
    ...o.recipients.flatMap((r) => [`Final-Recipient: rfc822; ${r.address}`, `Action: ${r.action ?? 'failed'}`, `Status: ${r.status}`, `Diagnostic-Code: smtp; ${r.diagnostic}`, '']),
    ...(o.original ? ['--b1', 'Content-Type: text/rfc822-headers', '', `Message-ID: ${o.original}`, 'Subject: Hello', ''] : []),
    '--b1--',
    '',
  ].join('\r\n');

describe.each(DB_KINDS)('mail in: bounces of every kind (%s)', (kind) => {
  let t: TestApp;
  let accountId: number;
  let mailbox: UserEmailRow;
  let otherBox: UserEmailRow;

  beforeAll(async () => {
    t = await startTestApp(kind);
    accountId = await accountIdOf(t, await signedInUser(t, 'bounces-a'));
    mailbox = await seedMailbox(t, accountId);
    otherBox = await seedMailbox(t, accountId);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ingest = (raw: string, now = NOW, box = mailbox) => inAccount(accountId, null, () => ingestMessage(t.db.db, { mailbox: box, folder: 'INBOX', role: 'inbox', raw, uid: 1, now }));
  const listed = async (email: string) => (await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, email))))[0];
  const reportsOf = (recipient: string) => t.db.db.select().from(bounceReports).where(and(eq(bounceReports.accountId, accountId), eq(bounceReports.recipient, recipient)));
  const verbsFor = async (prospectId: number) => (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.prospectId, prospectId)))).map((a) => a.verb);

  it('a report without the returned Message-ID is matched by its recipient among this mailbox’s recent sends; a stranger in it is recorded, never guessed', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const stranger = `nobody.${Date.now()}@elsewhere.example`;
    const result = await ingest(
      dsn({
        to: mailbox.email,
        recipients: [
          { address: sent.prospectEmail, status: '5.1.1', diagnostic: '550 5.1.1 No such user here' },
          { address: stranger, status: '5.1.1', diagnostic: '550 5.1.1 No such user here' },
        ],
      }),
    );
    expect(result).toMatchObject({ outcome: 'stored', kind: 'bounce', effect: 'suppressed_bounce' });
    expect((await listed(sent.prospectEmail))?.reason).toBe('hard_bounce');
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
    expect(await reportsOf(sent.prospectEmail)).toMatchObject([{ class: 'permanent', reason: 'userunknown', matchedBy: 'recipient', campaignEmailId: sent.step1.id, userEmailId: mailbox.id }]);
    expect(await reportsOf(stranger)).toMatchObject([{ class: 'permanent', campaignEmailId: null, matchedBy: null }]);
    expect(await listed(stranger)).toBeUndefined();
  });

  it('a recipient matches only sends from the mailbox the bounce came to, and only recent ones', async () => {
    const fromOther = await seedSentEmail(t, accountId, otherBox);
    const old = await seedSentEmail(t, accountId, mailbox, new Date('2026-09-01T09:00:00Z'));
    for (const sent of [fromOther, old]) {
      expect(await ingest(dsn({ to: mailbox.email, recipients: [{ address: sent.prospectEmail, status: '5.1.1', diagnostic: '550 user unknown' }] }))).toMatchObject({ outcome: 'unrelated' });
      expect(await listed(sent.prospectEmail)).toBeUndefined();
      expect(await reportsOf(sent.prospectEmail)).toMatchObject([{ campaignEmailId: null }]);
    }
  });

  it('a policy refusal (block list) is recorded against the mailbox as email_blocked and suppresses nobody', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const result = await ingest(dsn({ to: mailbox.email, original: sent.step1.messageId, recipients: [{ address: sent.prospectEmail, status: '5.7.1', diagnostic: '554 5.7.1 Service unavailable; client host [203.0.113.5] blocked using zen.spamhaus.org' }] }));
    expect(result).toMatchObject({ outcome: 'stored', kind: 'bounce', effect: 'policy_recorded' });
    expect(await listed(sent.prospectEmail)).toBeUndefined();
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect(await verbsFor(sent.prospectId)).toContain('email_blocked');
    expect(await reportsOf(sent.prospectEmail)).toMatchObject([{ class: 'policy', reason: 'blocked', matchedBy: 'message_id', userEmailId: mailbox.id }]);
  });

  it('a spam complaint (ARF) suppresses the address as complained', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const arf = [
      `Message-ID: <arf-${Date.now()}@fbl.example>`,
      'From: fbl@isp.example',
      `To: ${mailbox.email}`,
      'Subject: Complaint',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="f"',
      '',
      '--f',
      'Content-Type: text/plain',
      '',
      'This is an abuse report.',
      '--f',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: FBL/1.0',
      'Version: 1',
      '--f',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${sent.step1.messageId}`,
      `To: ${sent.prospectEmail}`,
      '',
      '--f--',
      '',
    ].join('\r\n');
    expect(await ingest(arf)).toMatchObject({ outcome: 'stored', kind: 'bounce', effect: 'suppressed_complaint' });
    expect((await listed(sent.prospectEmail))?.reason).toBe('complained');
    expect(await verbsFor(sent.prospectId)).toContain('email_complained');
  });

  it('temporary failures are recorded and never suppress, until the same address fails on three days within two weeks', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const delay = (date: Date) => dsn({ to: mailbox.email, original: sent.step1.messageId, date, recipients: [{ address: sent.prospectEmail, status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', action: 'failed' }] });
    const day = (d: number) => new Date(NOW.getTime() + d * 86_400_000);
    expect(await ingest(delay(day(0)), day(0))).toMatchObject({ effect: 'delay_recorded' });
    // A second one the same day adds a failure, not a day.
    expect(await ingest(delay(day(0)), day(0))).toMatchObject({ effect: 'delay_recorded' });
    expect(await ingest(delay(day(2)), day(2))).toMatchObject({ effect: 'delay_recorded' });
    expect(await listed(sent.prospectEmail)).toBeUndefined();
    expect(await ingest(delay(day(5)), day(5))).toMatchObject({ effect: 'suppressed_bounce' });
    const entry = await listed(sent.prospectEmail);
    expect(entry?.reason).toBe('hard_bounce');
    expect(entry?.details).toMatch(/Repeated temporary failures: 4 on 3 days/);
  });
});
