import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_RESUME_COOL_DOWN_HOURS, AUTO_RESUME_REPEAT_DAYS } from '@shared/constants';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import type { UserEmail } from '@shared/schemas/user-emails';
import { activities, autoCommunicationSettings, campaignEmails, personaProspects, personas, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { recordActivity } from '../activities/service';
import { releaseTickLease, runSendTick, takeTickLease } from '../campaigns/send-job';
import { postJson } from '../campaigns/ownership.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { dispatcherFor } from '../notifications/dispatch';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { autoResumeJob } from './auto-resume';

/**
 * Pauses that explain themselves, and end by themselves (issue 26), through the real engine on an injected clock: a
 * mailbox crossing the bounce rule pauses inside the sending tick that crossed it, with its reason; after the cool-down
 * job `mailbox-auto-resume` resumes it at half its daily limit, and the engine really sends no more than that on its
 * first day; a second trip soon after waits for a human; a pause by the user never ends by itself.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const HOUR = 3_600_000;
const DAILY = 20;

describe.each(DB_KINDS)('automatic resume after a deliverability pause (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let otherAccountId: number;
  let mailbox: UserEmail;
  let employee: VirtualEmployee;
  let clock = new Date();
  const start = new Date();

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) }, clock: () => clock });
    u = await signedInUser(t, 'auto-resume');
    accountId = await accountIdOf(t, u);
    otherAccountId = await accountIdOf(t, await signedInUser(t, 'auto-resume-other'));
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
    mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port }, { daily_limit: DAILY, hourly_limit: 40, min_gap_seconds: 0 });
    employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) }, clock: () => clock }) as unknown as Deps;
  /** One sending tick at the clock's time, under the account's tick lease as the queue's ticks run (none of them races it). */
  const tick = () =>
    inAccount(accountId, null, async () => {
      const holder = await takeTickLease(t.db.db, accountId);
      expect(holder).not.toBeNull();
      try {
        return await runSendTick(deps(), accountId, clock);
      } finally {
        await releaseTickLease(t.db.db, accountId, holder!);
      }
    });
  /** The job as the queue runs it, at the clock's time, in its payload's account. */
  const runResumeJob = (payload: { account_id: number; user_email_id: number }) => inAccount(payload.account_id, null, () => autoResumeJob.handler(deps(), payload, { id: 'test', attempt: 1, signal: new AbortController().signal }) as Promise<{ resumed: boolean; why: string }>);
  const row = async (id = mailbox.id) => (await t.db.db.select().from(userEmails).where(eq(userEmails.id, id)))[0]!;
  const shown = async (id = mailbox.id) => {
    const res = await t.app.inject({ method: 'GET', url: v1(`/user_emails/${id}`), headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: UserEmail }>().data;
  };
  const mailboxActivities = async (verb: string) =>
    (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, verb)))).filter((a) => a.payload.user_email_id === mailbox.id);
  const sentToday = async (campaignId: number, since: Date) =>
    (await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaignId)))).filter(
      (e) => e.status === 'sent' && e.sentAt! >= since,
    ).length;

  it('pauses within one tick with its reason, resumes by itself after the cool-down at half its limit, sends no more than that, and a repeat trip waits for a human', async () => {
    // 60 earlier sends of this mailbox in the window (not this campaign's), so two 5.1.1 rejections take it over 3 %.
    await t.db.db.insert(activities).values(
      Array.from({ length: 60 }, () => ({ accountId, actorType: 'system' as const, verb: 'email_sent', channel: 'email' as const, payload: { user_email_id: mailbox.id }, occurredAt: new Date(start.getTime() - 2 * HOUR) })),
    );
    const tag = `ar${Date.now().toString(36)}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Persona ${tag}` }).returning();
    const locals = ['unknown-a', 'unknown-b', ...Array.from({ length: 14 }, (_, i) => `good${i}`)];
    const prospects = await seedProspects(
      t,
      accountId,
      locals.map((local, i) => ({ fullName: `Pat Lee ${i}`, firstName: 'Pat', company: 'Acme', title: 'Head of Sales', email: `${local}@p${i}-${tag}.example` })),
    );
    await t.db.db.insert(personaProspects).values(prospects.map((r) => ({ accountId, personaId: persona!.id, prospectId: r.id })));
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `Campaign ${tag}`, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    // Enrol and compose, the clock held before the emails are due (the kicked ticks send nothing yet); then the two
    // dead addresses come first, and one tick sends.
    clock = start;
    await t.app.jobs.drain({ skipDelays: true });
    const now = new Date();
    await t.db.db.execute(sql`update campaign_emails set due_at = case when to_email like 'unknown%' then ${new Date(now.getTime() - 120_000).toISOString()}::timestamptz else ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz end
      where account_id = ${accountId} and campaign_id = ${campaign.id} and step_position = 1`);
    clock = now;
    await tick();

    const paused = await row();
    expect(paused.status).toBe('paused');
    expect(paused.statusReason).toMatch(/^2 of 6\d emails bounced in 7 days \(3\.\d %, over 3\.0 %\): the list holds dead addresses\. The bounced ones are on the blacklist; verify the rest of the list before resuming\.$/);
    expect(await mailboxActivities('mailbox_paused')).toEqual([expect.objectContaining({ actorType: 'system' })]);
    // Within the tick: nothing went out after the second rejection; the good emails wait.
    const good = (await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id)))).filter(
      (e) => e.stepPosition === 1 && e.toEmail.startsWith('good'),
    );
    expect(good).toHaveLength(14);
    expect(good.filter((e) => e.status === 'sent')).toEqual([]);
    const resumeAt = paused.autoResumeAt!;
    expect(resumeAt.getTime() - clock.getTime()).toBeGreaterThanOrEqual(AUTO_RESUME_COOL_DOWN_HOURS * HOUR - 60_000);
    expect(resumeAt.getTime() - clock.getTime()).toBeLessThanOrEqual(AUTO_RESUME_COOL_DOWN_HOURS * HOUR);
    expect(await shown()).toMatchObject({ status: 'paused', auto_resume: true, auto_resume_at: resumeAt.toISOString() });
    // The job is on the queue, to start at the end of the cool-down.
    const queued = (await t.db.db.execute(sql`select start_after from pgboss.job where name = 'mailbox-auto-resume' and data->>'user_email_id' = ${String(mailbox.id)}`)) as unknown as { rows: Array<{ start_after: string | Date }> };
    expect(queued.rows.map((r) => new Date(r.start_after).getTime())).toContain(resumeAt.getTime());

    // A minute before the end of the cool-down: still paused.
    const payload = { account_id: accountId, user_email_id: mailbox.id };
    clock = new Date(resumeAt.getTime() - 60_000);
    expect(await runResumeJob(payload)).toMatchObject({ resumed: false, why: 'not_due' });
    expect((await row()).status).toBe('paused');
    expect(await tick()).toMatchObject({ sent: 0 });

    // At its end: active again, the system wrote mailbox_resumed and the account hears of it.
    clock = new Date(resumeAt.getTime() + 60_000);
    expect(await runResumeJob(payload)).toEqual({ resumed: true, why: 'resumed' });
    const resumed = await row();
    expect(resumed).toMatchObject({ status: 'active', statusReason: null, autoResumeAt: null });
    const [resumedActivity] = await mailboxActivities('mailbox_resumed');
    expect(resumedActivity).toMatchObject({ actorType: 'system', actorId: null });
    expect(resumedActivity!.payload).toMatchObject({ email: 'ada@good.example', automatic: true });
    await dispatcherFor(t.db.db)!.settle();
    const inApp = await t.app.inject({ method: 'GET', url: v1('/notifications'), headers: u.headers });
    expect(inApp.json<{ data: Array<{ event: string; title: string }> }>().data).toContainEqual(expect.objectContaining({ event: 'mailbox_resumed', title: 'ada@good.example resumed sending' }));
    // Running the job again changes nothing.
    expect(await runResumeJob(payload)).toMatchObject({ resumed: false, why: 'not_paused' });

    // Its first day: half its daily limit, and the engine sends no more than that.
    expect(await shown()).toMatchObject({ status: 'active', limit_today: DAILY / 2 });
    expect((await shown()).reduced_until).not.toBeNull();
    const dayStart = new Date(clock);
    // The tick the resume kicked (through the queue, on the clock), then one more: together no more than half.
    await t.app.jobs.drain({ skipDelays: true });
    await tick();
    expect(await sentToday(campaign.id, dayStart)).toBe(DAILY / 2);
    const held = await tick();
    expect(held.sent).toBe(0);
    expect(held.held.map((h) => h.rule)).toContain('daily_limit');

    // It trips again within AUTO_RESUME_REPEAT_DAYS: paused at once, and only a human resumes it.
    clock = new Date(clock.getTime() + HOUR);
    for (let i = 0; i < 3; i++)
      await t.db.db.transaction((tx) => recordActivity(tx, { accountId, actorType: 'system', verb: 'email_bounced', channel: 'email', payload: { user_email_id: mailbox.id, after_send: true }, occurredAt: clock }));
    const again = await row();
    expect(again.status).toBe('paused');
    expect(again.autoResumeAt).toBeNull();
    expect(again.statusReason).toContain(`It paused again within ${AUTO_RESUME_REPEAT_DAYS} days of resuming by itself`);
    expect(await shown()).toMatchObject({ status: 'paused', auto_resume_at: null });
    clock = new Date(clock.getTime() + 30 * 24 * HOUR);
    expect(await runResumeJob(payload)).toMatchObject({ resumed: false, why: 'by_hand' });
    expect((await row()).status).toBe('paused');

    // The resume button still works, and a resume by hand sends at the full limit.
    const byHand = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${mailbox.id}/resume`), headers: u.headers });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json<{ data: UserEmail }>().data).toMatchObject({ status: 'active', limit_today: DAILY, reduced_until: null, auto_resume_at: null });
    expect((await mailboxActivities('mailbox_resumed')).map((a) => a.actorType).sort()).toEqual(['system', 'user']);
  });

  /** A mailbox of this account that never sends (a row, as the guard test writes them). */
  async function quietMailbox(owner = accountId, domain = `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example`) {
    const email = `quiet${Math.random().toString(36).slice(2, 8)}@${domain}`;
    const [r] = await t.db.db
      .insert(userEmails)
      .values({ accountId: owner, email, domain, senderName: 'Q', smtpHost: '127.0.0.1', smtpPort: 2525, smtpSecurity: 'none', smtpUsername: email, imapHost: '127.0.0.1', imapPort: 1143, imapSecurity: 'none', imapUsername: email, dailyLimit: 40, hourlyLimit: 10, minGapSeconds: 60 })
      .returning();
    return r!;
  }
  /** Takes it over the complaint rule through recordActivity (the reaction pauses it). */
  async function tripComplaints(id: number, owner = accountId) {
    await t.db.db.insert(activities).values(Array.from({ length: 10 }, () => ({ accountId: owner, actorType: 'system' as const, verb: 'email_sent', channel: 'email' as const, payload: { user_email_id: id }, occurredAt: new Date(clock.getTime() - HOUR) })));
    await t.db.db.transaction((tx) => recordActivity(tx, { accountId: owner, actorType: 'system', verb: 'email_complained', channel: 'email', payload: { user_email_id: id, after_send: true }, occurredAt: clock }));
  }

  it('a mailbox the user paused is never resumed by itself', async () => {
    const m = await quietMailbox();
    const res = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${m.id}/pause`), headers: u.headers });
    expect(res.json<{ data: UserEmail }>().data).toMatchObject({ status: 'paused', status_reason: 'Paused by you', auto_resume: true, auto_resume_at: null });
    clock = new Date(clock.getTime() + 10 * 24 * HOUR);
    expect(await runResumeJob({ account_id: accountId, user_email_id: m.id })).toMatchObject({ resumed: false, why: 'by_hand' });
    expect(await row(m.id)).toMatchObject({ status: 'paused', statusReason: 'Paused by you' });
  });

  it('"resume automatically" off keeps a rule pause until someone resumes it; on again, it ends at its time', async () => {
    const m = await quietMailbox();
    await tripComplaints(m.id);
    const paused = await row(m.id);
    expect(paused.status).toBe('paused');
    expect(paused.autoResumeAt).not.toBeNull();
    const off = await t.app.inject({ method: 'PUT', url: v1(`/user_emails/${m.id}`), headers: u.headers, payload: { auto_resume: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ data: UserEmail }>().data).toMatchObject({ status: 'paused', auto_resume: false, auto_resume_at: null });
    clock = new Date(paused.autoResumeAt!.getTime() + HOUR);
    expect(await runResumeJob({ account_id: accountId, user_email_id: m.id })).toMatchObject({ resumed: false, why: 'switched_off' });
    const on = await t.app.inject({ method: 'PUT', url: v1(`/user_emails/${m.id}`), headers: u.headers, payload: { auto_resume: true } });
    expect(on.json<{ data: UserEmail }>().data).toMatchObject({ auto_resume: true, auto_resume_at: paused.autoResumeAt!.toISOString() });
    expect(await runResumeJob({ account_id: accountId, user_email_id: m.id })).toMatchObject({ resumed: true });
    expect(await shown(m.id)).toMatchObject({ status: 'active', limit_today: 20 });
  });

  it('a rejection as unauthenticated gets no automatic end (only a DNS change fixes it)', async () => {
    const m = await quietMailbox();
    await t.db.db.insert(activities).values(Array.from({ length: 10 }, () => ({ accountId, actorType: 'system' as const, verb: 'email_sent', channel: 'email' as const, payload: { user_email_id: m.id }, occurredAt: new Date(clock.getTime() - HOUR) })));
    await t.db.db.transaction((tx) =>
      recordActivity(tx, { accountId, actorType: 'system', verb: 'email_blocked', channel: 'email', payload: { user_email_id: m.id, after_send: true, status: '5.7.515', reason: '5.7.515 Access denied, sending domain does not meet the required authentication level' }, occurredAt: clock }),
    );
    expect(await row(m.id)).toMatchObject({ status: 'paused', autoResumeAt: null });
    expect(await shown(m.id)).toMatchObject({ auto_resume_at: null });
  });

  it('reputation blocks pause every mailbox of the domain, each with its own automatic end', async () => {
    const domain = `rep${Date.now().toString(36)}.example`;
    const [a, b] = [await quietMailbox(accountId, domain), await quietMailbox(accountId, domain)];
    await t.db.db.insert(activities).values(Array.from({ length: 20 }, () => ({ accountId, actorType: 'system' as const, verb: 'email_sent', channel: 'email' as const, payload: { user_email_id: a.id }, occurredAt: new Date(clock.getTime() - HOUR) })));
    for (const reason of ['5.7.1 Service unavailable; client host blocked using Spamhaus', '5.7.1 Message rejected as spam'])
      await t.db.db.transaction((tx) => recordActivity(tx, { accountId, actorType: 'system', verb: 'email_blocked', channel: 'email', payload: { user_email_id: a.id, after_send: true, status: '5.7.1', reason }, occurredAt: clock }));
    for (const m of [a, b]) {
      const r = await row(m.id);
      expect(r.status).toBe('paused');
      expect(r.statusReason).toMatch(/^Receiving servers blocked 2 of 20 emails in 7 days by policy/);
      expect(r.autoResumeAt!.getTime()).toBe(clock.getTime() + AUTO_RESUME_COOL_DOWN_HOURS * HOUR);
    }
    clock = new Date(clock.getTime() + AUTO_RESUME_COOL_DOWN_HOURS * HOUR);
    for (const m of [a, b]) expect(await runResumeJob({ account_id: accountId, user_email_id: m.id })).toMatchObject({ resumed: true });
  });

  it("the job in another account's scope never resumes this account's mailbox; bad input is a 422", async () => {
    const m = await quietMailbox();
    await tripComplaints(m.id);
    clock = new Date((await row(m.id)).autoResumeAt!.getTime() + HOUR);
    expect(await runResumeJob({ account_id: otherAccountId, user_email_id: m.id })).toMatchObject({ resumed: false, why: 'not_paused' });
    expect((await row(m.id)).status).toBe('paused');
    const bad = await t.app.inject({ method: 'PUT', url: v1(`/user_emails/${m.id}`), headers: u.headers, payload: { auto_resume: 'yes' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Resume automatically must be true or false');
  });
});
