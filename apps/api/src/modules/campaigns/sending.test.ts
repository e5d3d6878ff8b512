import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendingCapacity } from '@shared/schemas/user-emails';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import { BOUNCE_MIN_SENDS, BOUNCE_RATE_MAX, COMPLAINT_RATE_MAX, DELIVERABILITY_WINDOW_DAYS } from '@shared/constants';
import { accounts, activities, autoCommunicationSettings, blacklistedDomains, blacklistedEmails, campaignEmails, campaignEnrolments, campaigns, personaProspects, personas } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { postJson } from './ownership.test-helpers';
import { dispatcherFor } from '../notifications/dispatch';
import { recordActivity } from '../activities/service';
import { checkBounceRates, finishDoneCampaigns } from './lifecycle';
import { reconcileStaleSends, sendDueCampaignEmail, STALE_SENDING_MS } from './outbox';
import { releaseTickLease, runSendTick, takeTickLease, TICK_LEASE_MS } from './send-job';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);

describe.each(DB_KINDS)('the sending engine (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let employee: VirtualEmployee;
  let seq = 0;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
    u = await signedInUser(t, 'engine');
    accountId = await accountIdOf(t, u);
    // Open all day, every day (UTC), so the real clock of a drained tick is inside the window.
    await t.db.db.insert(autoCommunicationSettings).values({
      accountId,
      timeZone: 'UTC',
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      workStart: '00:00',
      workEnd: '23:59',
      dailyLimitEmail: 100,
      dailyLimitLinkedin: 20,
      dailyLimitPhone: 10,
      autoReply: false,
      mode: 'autonomous',
    });
    const mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port }, { hourly_limit: 40, min_gap_seconds: 0 });
    employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;
  const rowsOf = (campaignId: number) =>
    t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaignId))).orderBy(campaignEmails.id);

  /**
   * The queue drained (delays skipped), then one more tick: with skipped delays a composition's ask for a
   * tick can land on the key of a tick that already ran in the same second (in real time it cannot: a
   * tick's key is its start time, still ahead when asked).
   */
  const settle = async () => {
    await t.app.jobs.drain({ skipDelays: true });
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
  };

  /** A running autonomous campaign over prospects with these local parts (each on its own domain: no domain throttle). */
  async function runningCampaign(locals: string[]) {
    const tag = `c${++seq}x${Date.now().toString(36)}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Persona ${tag}` }).returning();
    const prospects = await seedProspects(
      t,
      accountId,
      locals.map((local, i) => ({ fullName: `Pat Lee ${i}`, firstName: 'Pat', company: 'Acme', title: 'Head of Sales', email: `${local}@p${i}-${tag}.example` })),
    );
    await t.db.db.insert(personaProspects).values(prospects.map((r) => ({ accountId, personaId: persona!.id, prospectId: r.id })));
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `Campaign ${tag}`, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    return { campaign, prospects };
  }

  it('a started autonomous campaign sends each step-1 email once through the mailbox, with our Message-ID and List-Unsubscribe', async () => {
    const before = smtpServer.received.length;
    const { campaign } = await runningCampaign(['ann', 'bob']);
    // Enrol → compose → the sending tick (kicked by the composition), all through the durable queue.
    await t.app.jobs.drain({ skipDelays: true });
    const rows = await rowsOf(campaign.id);
    const firsts = rows.filter((r) => r.stepPosition === 1);
    expect(firsts).toHaveLength(2);
    expect(firsts.map((r) => r.status)).toEqual(['sent', 'sent']);
    const received = smtpServer.received.slice(before);
    expect(received).toHaveLength(2);
    for (const row of firsts) {
      const got = received.filter((m) => m.to.includes(row.toEmail));
      expect(got).toHaveLength(1);
      const parsed = await simpleParser(got[0]!.raw);
      expect(parsed.messageId).toBe(row.messageId);
      expect(parsed.from?.value).toEqual([{ name: 'Ada Agent', address: 'ada@good.example' }]);
      expect(got[0]!.raw.toString('utf8').replace(/\r\n\s+/g, ' ')).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/unsubscribe\?token=/m);
      expect(got[0]!.raw.toString('utf8')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    }
    // The follow-ups are now due delay_days after their step 1 (not yet: nothing more went out).
    const followUps = rows.filter((r) => r.stepPosition === 2);
    for (const f of followUps) {
      const first = firsts.find((r) => r.enrolmentId === f.enrolmentId)!;
      expect(f.status).toBe('scheduled');
      expect(f.dueAt!.getTime()).toBe(first.sentAt!.getTime() + f.delayDays * 86_400_000);
    }
    const sentActivities = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'email_sent')));
    const ours = sentActivities.filter((a) => (a.payload as { campaign_id?: number }).campaign_id === campaign.id);
    expect(ours).toHaveLength(2);
    expect(ours[0]!.payload).toMatchObject({ campaign_id: campaign.id, user_email_id: firsts[0]!.userEmailId });

    // Draining again sends nothing more (sent rows are never sent again).
    await t.app.jobs.drain({ skipDelays: true });
    expect(smtpServer.received.length - before).toBe(2);

    // A tick at the follow-ups' due time (an injected clock) sends them, threaded onto step 1.
    if (followUps.length) {
      const at = new Date(Math.max(...followUps.map((f) => f.dueAt!.getTime())) + 1000);
      const tick = await inAccount(accountId, null, () => runSendTick(deps(), accountId, new Date(Math.max(at.getTime(), Date.now()))));
      expect(tick.sent).toBe(followUps.length);
      const reply = await simpleParser(smtpServer.received.at(-1)!.raw);
      expect(reply.inReplyTo).toBeDefined();
    }
  });

  it('one tick per account across processes: the lease is taken once, and freed on release or expiry', async () => {
    const take = (now?: Date) => inAccount(accountId, null, () => takeTickLease(t.db.db, accountId, now));
    const both = await Promise.all([take(), take()]);
    expect(both.filter((h) => h !== null)).toHaveLength(1);
    expect(await take()).toBeNull();
    // A holder that died keeps it only until it expires.
    const later = await take(new Date(Date.now() + TICK_LEASE_MS + 60_000));
    expect(later).not.toBeNull();
    await inAccount(accountId, null, () => releaseTickLease(t.db.db, accountId, later!));
    const again = await take();
    expect(again).not.toBeNull();
    await inAccount(accountId, null, () => releaseTickLease(t.db.db, accountId, again!));
  });

  it('two concurrent sends of one row send it once', async () => {
    const { campaign } = await runningCampaign(['carol']);
    await settle();
    const before = smtpServer.received.length;
    // Put it back as if due again: a fresh scheduled row (the tick already sent the first one).
    const [row] = (await rowsOf(campaign.id)).filter((r) => r.stepPosition === 1);
    await t.db.db.update(campaignEmails).set({ status: 'scheduled', sentAt: null }).where(eq(campaignEmails.id, row!.id));
    const outcomes = await inAccount(accountId, null, () =>
      Promise.all([sendDueCampaignEmail(deps(), accountId, row!.id), sendDueCampaignEmail(deps(), accountId, row!.id)]),
    );
    // One claims and sends; the other finds it claimed (sending) or already sent.
    expect(outcomes.filter((o) => o.state === 'sent').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o.state === 'sent' || o.state === 'sending')).toBe(true);
    expect(smtpServer.received.length - before).toBe(1);
    // And once sent, never again.
    expect((await inAccount(accountId, null, () => sendDueCampaignEmail(deps(), accountId, row!.id))).state).toBe('sent');
    expect(smtpServer.received.length - before).toBe(1);
  });

  it('a 5.1.1 recipient is suppressed (hard_bounce), its email failed and its enrolment stopped', async () => {
    const { campaign } = await runningCampaign(['unknown.person']);
    await settle();
    const rows = await rowsOf(campaign.id);
    const first = rows.find((r) => r.stepPosition === 1)!;
    expect(first.status).toBe('failed');
    expect(first.statusReason).toMatch(/does not exist/);
    expect(rows.filter((r) => r.stepPosition > 1).every((r) => r.status === 'cancelled')).toBe(true);
    const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, first.toEmail)));
    expect(entry).toMatchObject({ reason: 'hard_bounce', campaignEmailId: first.id });
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.id, first.enrolmentId));
    expect(enrolment!.status).toBe('stopped');
    // The bounce is in the activity log (what the campaign's bounce rate counts), not counted as sent.
    const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.prospectId, first.prospectId!)));
    expect(logged.filter((a) => a.verb === 'email_bounced').map((a) => a.payload)).toEqual([
      expect.objectContaining({ campaign_id: campaign.id, campaign_email_id: first.id, code: 550, email: first.toEmail }),
    ]);
    expect(logged.filter((a) => a.verb === 'email_sent')).toEqual([]);
    // Its only prospect's sequence ended with the bounce: nothing left to do, so the campaign finished.
    const [after] = await t.db.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after).toMatchObject({ status: 'finished' });
  });

  it('a 4xx answer puts the email back to scheduled with a back-off; the tick at that time tries again', async () => {
    const { campaign } = await runningCampaign(['later.please']);
    await settle();
    let [first] = (await rowsOf(campaign.id)).filter((r) => r.stepPosition === 1);
    expect(first).toMatchObject({ status: 'scheduled', attempts: 1 });
    expect(first!.statusReason).toMatch(/try later/);
    const retryAt = first!.sendAfter!;
    expect(retryAt.getTime() - first!.attemptedAt!.getTime()).toBe(5 * 60_000);
    // Not before its time: a tick now leaves it alone and names the time to come back.
    const early = await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    expect(early.results.find((r) => r.id === first!.id)).toBeUndefined();
    expect(early.next!.getTime()).toBeLessThanOrEqual(retryAt.getTime());
    // At its time (an injected clock) it is tried again: the second wait is longer.
    const at = new Date(retryAt.getTime() + 1000);
    await inAccount(accountId, null, () => runSendTick(deps(), accountId, at));
    [first] = (await rowsOf(campaign.id)).filter((r) => r.stepPosition === 1);
    expect(first).toMatchObject({ status: 'scheduled', attempts: 2 });
    expect(first!.sendAfter!.getTime() - at.getTime()).toBe(15 * 60_000);
    // Out of the way of the next tests' timing.
    await postJson(t, u, `/campaign_emails/${first!.id}`, { action: 'skip' }, 'PUT');
  });

  it("the account's daily email limit holds the rest until the next local day, and the tick says so", async () => {
    const sentToday = async () => {
      const rows = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'sent')));
      const start = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
      // (The follow-ups of the first test were sent at an injected time days ahead: not today.)
      return rows.filter((r) => r.sentAt! >= start && r.sentAt! <= new Date()).length;
    };
    await t.db.db.update(autoCommunicationSettings).set({ dailyLimitEmail: await sentToday() }).where(eq(autoCommunicationSettings.accountId, accountId));
    try {
      const before = smtpServer.received.length;
      const { campaign } = await runningCampaign(['frank']);
      await t.app.jobs.drain({ skipDelays: true });
      const tick = await inAccount(accountId, null, () => runSendTick(deps(), accountId));
      const [first] = (await rowsOf(campaign.id)).filter((r) => r.stepPosition === 1);
      expect(first!.status).toBe('scheduled');
      expect(tick.held).toEqual([expect.objectContaining({ id: first!.id, rule: 'account_daily_limit', message: "account's daily email limit reached" })]);
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      expect(tick.next?.getTime()).toBe(midnight.getTime());
      expect(smtpServer.received.length).toBe(before);
      // The mailboxes page shows the same: nothing left today, and the rule that holds the mailbox back.
      const capacity = await t.app.inject({ method: 'GET', url: v1('/user_emails/capacity'), headers: u.headers });
      expect(capacity.statusCode, capacity.body).toBe(200);
      const data = capacity.json<{ data: SendingCapacity }>().data;
      expect(data.time_zone).toBe('UTC');
      expect(data.total.left).toBe(0);
      expect(data.total.sent).toBe(await sentToday());
      expect(data.mailboxes[0]).toMatchObject({ email: 'ada@good.example', limit: 40, held: { rule: 'account_daily_limit', message: "account's daily email limit reached" } });
    } finally {
      await t.db.db.update(autoCommunicationSettings).set({ dailyLimitEmail: 100 }).where(eq(autoCommunicationSettings.accountId, accountId));
    }
  });

  it("the plan's daily email limit caps the settings', and an account whose payment stopped sends nothing", async () => {
    await t.db.db.update(autoCommunicationSettings).set({ dailyLimitEmail: 500 }).where(eq(autoCommunicationSettings.accountId, accountId));
    const capacity = async () => {
      const res = await t.app.inject({ method: 'GET', url: v1('/user_emails/capacity'), headers: u.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: SendingCapacity }>().data;
    };
    try {
      // Trial works like Starter: 100 a day, whatever the settings say.
      expect((await capacity()).account_limit).toEqual({ limit: 100, source: 'plan', plan: 'Trial', message: "the Trial plan's daily email limit (100) reached" });
      await t.db.db.update(accounts).set({ tariffPlan: 'Scale' }).where(eq(accounts.id, accountId));
      expect((await capacity()).account_limit).toMatchObject({ limit: 500, source: 'settings' });

      await t.db.db.update(accounts).set({ tariffPlan: 'Not paid' }).where(eq(accounts.id, accountId));
      const before = smtpServer.received.length;
      const { campaign } = await runningCampaign(['gina']);
      await t.app.jobs.drain({ skipDelays: true });
      const tick = await inAccount(accountId, null, () => runSendTick(deps(), accountId));
      const [first] = (await rowsOf(campaign.id)).filter((r) => r.stepPosition === 1);
      expect(first!.status).toBe('scheduled');
      expect(tick.held).toContainEqual(
        expect.objectContaining({ id: first!.id, rule: 'account_daily_limit', message: 'no active plan: the unpaid account sends nothing until a plan is chosen' }),
      );
      expect(smtpServer.received.length).toBe(before);
      const data = await capacity();
      expect(data.account_limit).toMatchObject({ limit: 0, source: 'plan', plan: 'Not paid' });
      expect(data.total.left).toBe(0);
      // Paying again releases it: the same tick sends it.
      await t.db.db.update(accounts).set({ tariffPlan: 'Starter' }).where(eq(accounts.id, accountId));
      const after = await inAccount(accountId, null, () => runSendTick(deps(), accountId));
      expect(after.results).toContainEqual(expect.objectContaining({ id: first!.id, state: 'sent' }));
    } finally {
      await t.db.db.update(accounts).set({ tariffPlan: 'Trial' }).where(eq(accounts.id, accountId));
      await t.db.db.update(autoCommunicationSettings).set({ dailyLimitEmail: 100 }).where(eq(autoCommunicationSettings.accountId, accountId));
    }
  });

  it('a row left in sending by a dead process is resolved by the Sent folder: found → sent, not found → uncertain', async () => {
    // Sent by the tick, then put back in `sending` as a process that died after the SMTP hand-over would leave them.
    const { campaign } = await runningCampaign(['dana', 'eve']);
    await settle();
    const firsts = (await rowsOf(campaign.id)).filter((r) => r.stepPosition === 1);
    expect(firsts).toHaveLength(2);
    const [found, missing] = firsts as [(typeof firsts)[0], (typeof firsts)[0]];
    const claimedAt = new Date(Date.now() - STALE_SENDING_MS - 60_000);
    for (const r of firsts) await t.db.db.update(campaignEmails).set({ status: 'sending', sentAt: null, attemptedAt: claimedAt }).where(eq(campaignEmails.id, r.id));
    const client = await imap.open({ host: '127.0.0.1', port: imapServer.port, security: 'none', username: 'sender@example.com', password: 'right-password' });
    try {
      const folders = await client.list();
      const sent = folders.find((f) => f.specialUse === '\\Sent')!.path;
      await client.append(sent, `From: ada@good.example\r\nTo: ${found.toEmail}\r\nSubject: x\r\nMessage-ID: ${found.messageId}\r\n\r\nHi\r\n`, ['\\Seen']);
    } finally {
      await client.logout();
    }
    const before = smtpServer.received.length;
    const results = await inAccount(accountId, null, () => reconcileStaleSends(deps(), accountId));
    expect(results.map((r) => [r.id, r.state]).sort()).toEqual(
      [
        [found.id, 'sent'],
        [missing.id, 'uncertain'],
      ].sort(),
    );
    const after = await rowsOf(campaign.id);
    expect(after.find((r) => r.id === found.id)).toMatchObject({ status: 'sent' });
    expect(after.find((r) => r.id === missing.id)!.statusReason).toMatch(/send it anyway or skip it/);
    // Nothing is resent by the reconciliation.
    expect(smtpServer.received.length).toBe(before);
    // The user decides "send": 422 for an email that is not uncertain, else scheduled again and sent by the next tick.
    const refused = await t.app.inject({ method: 'POST', url: v1(`/campaign_emails/${found.id}/send_anyway`), headers: u.headers });
    expect(refused.statusCode, refused.body).toBe(422);
    expect((await postJson<{ status: string }>(t, u, `/campaign_emails/${missing.id}/send_anyway`, {})).status).toBe('scheduled');
    await settle();
    expect((await rowsOf(campaign.id)).find((r) => r.id === missing.id)).toMatchObject({ status: 'sent' });
    expect(smtpServer.received.length).toBe(before + 1);
    // A fresh claim (not yet stale) is left alone.
    await t.db.db.update(campaignEmails).set({ status: 'sending', attemptedAt: new Date() }).where(eq(campaignEmails.id, missing.id));
    expect(await inAccount(accountId, null, () => reconcileStaleSends(deps(), accountId))).toEqual([]);
  });

  // Last: its ticks at injected days ahead also send the earlier tests' follow-ups due by then.
  it('a campaign whose sequences are all done finishes once (campaign_finished, notified in the app); a later prospect does not reopen it', async () => {
    const { campaign } = await runningCampaign(['gina']);
    await settle();
    // A prospect of the persona whose domain is on the blacklist is nobody left to enrol: it does not hold the campaign open.
    const [blocked] = await seedProspects(t, accountId, [{ fullName: 'Blocked Domain', firstName: 'Bo', company: 'Nope', title: 'VP Sales', email: `bo@sub.nope-${campaign.id}.example` }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId: campaign.person_id, prospectId: blocked!.id });
    await t.db.db.insert(blacklistedDomains).values({ accountId, domain: `nope-${campaign.id}.example` });
    for (let i = 0; i < 6; i++) {
      const rows = await rowsOf(campaign.id);
      const next = rows.filter((r) => r.status === 'scheduled' && r.dueAt).map((r) => r.dueAt!.getTime());
      if (next.length === 0) break;
      const [c] = await t.db.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(c!.status).toBe('running');
      await inAccount(accountId, null, () => runSendTick(deps(), accountId, new Date(Math.max(Math.min(...next) + 1000, Date.now()))));
    }
    const rows = await rowsOf(campaign.id);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const [done] = await t.db.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(done).toMatchObject({ status: 'finished' });
    expect(done!.finishedAt!.getTime()).toBe(Math.max(...rows.map((r) => r.sentAt!.getTime())));
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.campaignId, campaign.id));
    expect(enrolment!.status).toBe('finished');
    const finishedLog = (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'campaign_finished')))).filter(
      (a) => (a.payload as { campaign_id?: number }).campaign_id === campaign.id,
    );
    expect(finishedLog.map((a) => a.payload)).toEqual([{ campaign_id: campaign.id, campaign_name: campaign.name, enrolments: 1, sent: rows.length }]);
    await dispatcherFor(t.db.db)!.settle();
    const inApp = await t.app.inject({ method: 'GET', url: v1('/notifications'), headers: u.headers });
    expect(inApp.json<{ data: Array<{ event: string; title: string; url: string | null }> }>().data).toContainEqual(
      expect.objectContaining({ event: 'campaign_finished', title: `${campaign.name} finished`, url: `/cabinet/campaigns/${campaign.id}` }),
    );
    // A prospect who joins the persona now waits for a new campaign: the finished one stays finished.
    const [joined] = await seedProspects(t, accountId, [{ fullName: 'Late Comer', firstName: 'Late', company: 'Acme', title: 'VP Sales', email: `late@late-${campaign.id}.example` }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId: campaign.person_id, prospectId: joined!.id });
    await t.app.jobs.drain({ skipDelays: true });
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    expect((await t.db.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!.status).toBe('finished');
    expect(await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.campaignId, campaign.id))).toHaveLength(1);
  });

  it('a campaign with nobody enrolled yet stays running (it waits for its persona)', async () => {
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Empty persona ${Date.now().toString(36)}` }).returning();
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: 'Waiting', person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    await settle();
    expect(await inAccount(accountId, null, () => finishDoneCampaigns(t.db.db, accountId, new Date(), [campaign.id]))).toEqual([]);
    expect((await t.db.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!.status).toBe('running');
  });

  /** A running campaign over an empty persona, and a way to write its outcomes into the activity log at `now`. */
  async function campaignWithLog(name: string, now: Date) {
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `${name} persona ${Date.now().toString(36)}` }).returning();
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    await settle();
    const log = (verb: 'email_sent' | 'email_bounced' | 'email_complained', n: number, daysAgo = 1) =>
      t.db.db.insert(activities).values(
        Array.from({ length: n }, () => ({ accountId, actorType: 'system' as const, verb, channel: 'email' as const, payload: { campaign_id: campaign.id }, occurredAt: new Date(now.getTime() - daysAgo * 86_400_000) })),
      );
    const check = (at = now) => inAccount(accountId, null, () => checkBounceRates(t.db.db, accountId, [campaign.id], at));
    const fired = async () =>
      (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'bounce_rate_high')))).filter(
        (a) => (a.payload as { campaign_id?: number }).campaign_id === campaign.id,
      );
    const row = async () => (await t.db.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!;
    return { campaign, log, check, fired, row };
  }

  it('a bounce rate over 3 % of at least 50 sends pauses the campaign with the reason and fires bounce_rate_high once per crossing', async () => {
    const now = new Date('2030-03-10T12:00:00Z');
    const { campaign: bouncy, log, check, fired } = await campaignWithLog('Bouncy', now);
    // 2 bounced of 49: above 3 %, but under the minimum of 50 sends: says nothing.
    await log('email_sent', 47);
    await log('email_bounced', 2);
    expect(await check()).toEqual([]);
    // Old sends outside the window do not count towards the minimum.
    await log('email_sent', 30, DELIVERABILITY_WINDOW_DAYS + 1);
    expect(await check()).toEqual([]);
    // The 50th: 3 of 50 (6 %) → paused, one event, the reason in plain words.
    await log('email_bounced', 1);
    expect(await check()).toEqual([bouncy.id]);
    const reason = '3 of 50 emails bounced in 7 days (6.0 %, over 3.0 %): the list holds dead addresses. The bounced ones are on the blacklist; verify the rest of the list before resuming.';
    const shown = await t.app.inject({ method: 'GET', url: v1(`/campaigns/${bouncy.id}`), headers: u.headers });
    expect(shown.json<{ data: Campaign }>().data).toMatchObject({ status: 'paused', bounce_rate_high_at: now.toISOString(), deliverability_reason: reason });
    expect((await fired()).map((a) => a.payload)).toEqual([
      {
        campaign_id: bouncy.id,
        campaign_name: 'Bouncy',
        rule: 'bounces',
        reason,
        bounced: 3,
        complaints: 0,
        sent: 50,
        rate: 0.06,
        threshold: BOUNCE_RATE_MAX,
        min_sends: BOUNCE_MIN_SENDS,
        window_days: DELIVERABILITY_WINDOW_DAYS,
        paused: true,
      },
    ]);
    // Another bounce while still above: no second event (and a resumed campaign is not paused again).
    await postJson(t, u, `/campaigns/${bouncy.id}/resume`, {});
    await log('email_bounced', 1);
    expect(await check()).toEqual([]);
    expect(await fired()).toHaveLength(1);
    expect((await t.db.db.select().from(campaigns).where(eq(campaigns.id, bouncy.id)))[0]).toMatchObject({ status: 'running' });
    // Back under the threshold (4 of 134: 2.99 %), then above again (8 of 138): a second crossing, a second event.
    await log('email_sent', 83);
    expect(await check()).toEqual([]);
    expect((await t.db.db.select().from(campaigns).where(eq(campaigns.id, bouncy.id)))[0]).toMatchObject({ bounceRateHighAt: null, deliverabilityReason: null });
    await log('email_bounced', 4);
    // Inside a caller's transaction, as the bounce's own transaction calls it.
    expect(await inAccount(accountId, null, () => t.db.db.transaction((tx) => checkBounceRates(tx, accountId, [bouncy.id], now)))).toEqual([bouncy.id]);
    expect(await fired()).toHaveLength(2);
    await dispatcherFor(t.db.db)!.settle();
    const inApp = await t.app.inject({ method: 'GET', url: v1('/notifications'), headers: u.headers });
    expect(inApp.json<{ data: Array<{ event: string; title: string }> }>().data).toContainEqual(
      expect.objectContaining({ event: 'bounce_rate_high', title: 'Bouncy: bounce rate too high, campaign paused' }),
    );
  });

  it('a campaign over 3 % of only 40 sends is not paused: 40 emails say too little', async () => {
    const now = new Date('2030-03-10T12:00:00Z');
    const { log, check, fired, row } = await campaignWithLog('Small sample', now);
    // 3 of 40 (7.5 %, over 3 %): under the minimum of 50 sends.
    await log('email_sent', 37);
    await log('email_bounced', 3);
    expect(await check()).toEqual([]);
    expect(await fired()).toEqual([]);
    expect(await row()).toMatchObject({ status: 'running', bounceRateHighAt: null });
  });

  it('spam complaints over 0.1 % pause the campaign on any volume, with the reason; under it they do not', async () => {
    const now = new Date('2030-03-10T12:00:00Z');
    const noisy = await campaignWithLog('Noisy', now);
    await noisy.log('email_sent', 30);
    await noisy.log('email_complained', 1);
    expect(await noisy.check()).toEqual([noisy.campaign.id]);
    const reason = `1 spam complaint on 30 emails in 7 days (3.3 %, over ${(COMPLAINT_RATE_MAX * 100).toFixed(2)} %): Gmail and Yahoo filter senders above 0.3 %. The complainers are on the blacklist; check who this campaign targets and how the first email reads before resuming.`;
    expect(await noisy.row()).toMatchObject({ status: 'paused', deliverabilityReason: reason });
    expect((await noisy.fired()).map((a) => a.payload)).toEqual([expect.objectContaining({ rule: 'complaints', reason, complaints: 1, sent: 30, threshold: COMPLAINT_RATE_MAX, paused: true })]);
    await dispatcherFor(t.db.db)!.settle();
    const inApp = await t.app.inject({ method: 'GET', url: v1('/notifications'), headers: u.headers });
    expect(inApp.json<{ data: Array<{ event: string; title: string; body: string }> }>().data).toContainEqual(
      expect.objectContaining({ event: 'bounce_rate_high', title: 'Noisy: spam complaints too high, campaign paused', body: reason }),
    );
    // A complaint reported later (an ARF report in the inbox) pauses its campaign in its own transaction (reaction campaign-deliverability).
    const reported = await campaignWithLog('Reported', now);
    await reported.log('email_sent', 30);
    await t.db.db.transaction((tx) =>
      recordActivity(tx, { accountId, actorType: 'system', verb: 'email_complained', channel: 'email', payload: { campaign_id: reported.campaign.id, after_send: true }, occurredAt: now }),
    );
    expect(await reported.row()).toMatchObject({ status: 'paused', deliverabilityReason: expect.stringMatching(/^1 spam complaint on 30 emails in 7 days/) });
    // 1 complaint on 1,500 emails (0.07 %): under the rule.
    const quiet = await campaignWithLog('Quiet', now);
    await quiet.log('email_sent', 1500);
    await quiet.log('email_complained', 1);
    expect(await quiet.check()).toEqual([]);
    expect(await quiet.row()).toMatchObject({ status: 'running', bounceRateHighAt: null });
  });
});
