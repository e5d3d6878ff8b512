import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, userEmails } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { recordActivity } from '../activities/service';
import { accountIdOf } from '../messaging/ownership.test-helpers';

/**
 * Pauses that explain themselves (issue 26): a mailbox whose last 7 days cross a threshold pauses, in the transaction
 * that records the bad outcome, with the cause and what to fix; a policy rejection pauses its whole sending domain;
 * another account's outcomes never count.
 */

let seq = 0;

describe.each(DB_KINDS)('the deliverability guard (%s)', (kind) => {
  let t: TestApp;
  let accountId: number;
  let otherAccountId: number;
  const hourAgo = () => new Date(Date.now() - 3_600_000);

  beforeAll(async () => {
    t = await startTestApp(kind);
    accountId = await accountIdOf(t, await signedInUser(t, 'guard'));
    otherAccountId = await accountIdOf(t, await signedInUser(t, 'guard-other'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function mailbox(domain = `d${++seq}-${Date.now().toString(36)}.example`, owner = accountId) {
    const email = `ada${++seq}@${domain}`;
    const [row] = await t.db.db
      .insert(userEmails)
      .values({ accountId: owner, email, domain, senderName: 'Ada', smtpHost: '127.0.0.1', smtpPort: 2525, smtpSecurity: 'none', smtpUsername: email, imapHost: '127.0.0.1', imapPort: 1143, imapSecurity: 'none', imapUsername: email, dailyLimit: 40, hourlyLimit: 10, minGapSeconds: 60 })
      .returning();
    return row!;
  }
  async function sends(mailboxId: number, n: number, owner = accountId) {
    const rows = Array.from({ length: n }, () => ({ accountId: owner, actorType: 'system' as const, verb: 'email_sent', channel: 'email' as const, payload: { user_email_id: mailboxId }, occurredAt: hourAgo() }));
    if (rows.length) await t.db.db.insert(activities).values(rows);
  }
  /** A bad outcome as ingestion and the outbox record it: through recordActivity, so the reactions run. */
  async function outcome(mailboxId: number, verb: 'email_bounced' | 'email_complained' | 'email_blocked', extra: Record<string, unknown> = {}, owner = accountId) {
    await t.db.db.transaction((tx) => recordActivity(tx, { accountId: owner, actorType: 'system', verb, channel: 'email', payload: { user_email_id: mailboxId, after_send: true, ...extra }, occurredAt: hourAgo() }));
  }
  const statusOf = async (id: number) => (await t.db.db.select().from(userEmails).where(eq(userEmails.id, id)))[0]!;
  const pausedActivities = async (id: number) =>
    (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'mailbox_paused')))).filter((a) => a.payload.user_email_id === id);

  it('pauses a mailbox over 3 % hard bounces of at least 50 sends, saying why and what to fix, and notifies once', async () => {
    const m = await mailbox();
    await sends(m.id, 60);
    await outcome(m.id, 'email_bounced');
    expect((await statusOf(m.id)).status).toBe('active'); // 1 of 60: 1.7 %
    await outcome(m.id, 'email_bounced');
    const paused = await statusOf(m.id);
    expect(paused.status).toBe('paused');
    expect(paused.statusReason).toMatch(/^2 of 60 emails bounced in 7 days \(3\.3 %, over 3\.0 %\): the list holds dead addresses/);
    expect(await pausedActivities(m.id)).toHaveLength(1);
    await outcome(m.id, 'email_bounced');
    expect(await pausedActivities(m.id)).toHaveLength(1);
  });

  it('says nothing below the minimum sample, whatever the rate', async () => {
    const m = await mailbox();
    await sends(m.id, 20);
    for (let i = 0; i < 5; i++) await outcome(m.id, 'email_bounced');
    expect((await statusOf(m.id)).status).toBe('active');
  });

  it('pauses on spam complaints over 0.1 % of any volume, not under it', async () => {
    const m = await mailbox();
    await sends(m.id, 100);
    await outcome(m.id, 'email_complained');
    expect((await statusOf(m.id)).statusReason).toMatch(/^1 spam complaint on 100 emails in 7 days \(1\.0 %, over 0\.10 %\): Gmail and Yahoo/);
    const quiet = await mailbox();
    await sends(quiet.id, 1500);
    await outcome(quiet.id, 'email_complained');
    expect((await statusOf(quiet.id)).status).toBe('active');
  });

  it('a rejection as unauthenticated pauses every mailbox of the sending domain, naming the fix', async () => {
    const domain = `auth${++seq}-${Date.now().toString(36)}.example`;
    const [a, b] = [await mailbox(domain), await mailbox(domain)];
    const elsewhere = await mailbox();
    await sends(a.id, 30);
    await outcome(a.id, 'email_blocked', { status: '5.7.515', reason: '5.7.515 Access denied, sending domain does not meet the required authentication level' });
    for (const m of [a, b]) {
      const row = await statusOf(m.id);
      expect(row.status).toBe('paused');
      expect(row.statusReason).toBe(`Receiving servers rejected 1 of 30 emails in 7 days as unauthenticated (5.7.515): publish SPF, DKIM and DMARC for ${domain} (the mailboxes page checks them), then resume.`);
    }
    expect((await statusOf(elsewhere.id)).status).toBe('active');
  });

  it('other policy blocks pause the domain from the second one', async () => {
    const m = await mailbox();
    await sends(m.id, 30);
    await outcome(m.id, 'email_blocked', { status: '5.7.1', reason: '5.7.1 Service unavailable; client host blocked using Spamhaus' });
    expect((await statusOf(m.id)).status).toBe('active');
    await outcome(m.id, 'email_blocked', { status: '5.7.1', reason: '5.7.1 Message rejected as spam' });
    expect((await statusOf(m.id)).statusReason).toMatch(/^Receiving servers blocked 2 of 30 emails in 7 days by policy \(5\.7\.1\)/);
  });

  it("never counts another account's outcomes against a mailbox", async () => {
    const m = await mailbox();
    await sends(m.id, 60);
    // The other account's rows naming this mailbox's id (as a forged payload would): not this account's figures.
    await sends(m.id, 10, otherAccountId);
    for (let i = 0; i < 5; i++) await outcome(m.id, 'email_bounced', {}, otherAccountId);
    await outcome(m.id, 'email_complained', {}, otherAccountId);
    expect((await statusOf(m.id)).status).toBe('active');
  });
});
