import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignEmail } from '@shared/schemas/campaigns';
import type { ActivityGraph, ActivityList, AwareCompanies, ChannelsActivity, GeneralStatistics } from '@shared/schemas/dashboard';
import type { Opportunities } from '@shared/schemas/insights';
import type { PipelineList, PipelineProspect } from '@shared/schemas/pipeline';
import type { UserEmail } from '@shared/schemas/user-emails';
import { DEMO_CAMPAIGN, DEMO_MAILBOX, DEMO_MAILBOX_REASON, demoCampaignPlan, demoExtraProspects, personaKeyOfTitle, seedDemoActivity } from '../demo/activity';
import { DEMO_REPLIES, seedDemoInbox } from '../demo/inbox';
import { activities, blacklistedEmails, campaignEmails, campaignEnrolments, campaigns, emailThreadMessages, emailThreads, pipelineOpportunities, userEmails, users, virtualEmployees } from '../../db/schema';
import { DEMO_USER, seedDemo } from '../demo/seed';
import { inAccount } from '../../db/tenancy';
import type { Deps } from '../../lib/route';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signIn, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { runSendTick } from '../campaigns/send-job';

const DAY_MS = 86_400_000;
type Thread = { id: number; prospect_email: string; reply_status: string | null; stop_sending: boolean; unread: boolean; starred: boolean };
type Message = { id: number; direction: 'inbound' | 'outbound' };

describe.runIf(PGLITE_PASS)('the demo campaign plan', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const targets = demoExtraProspects(now).map((p) => ({ createdAt: p.createdAt, email: p.email, firstName: p.firstName, company: p.company, personas: [personaKeyOfTitle(p.title)], extra: true }));
  const plan = demoCampaignPlan(targets, now);
  const emails = plan.flatMap((e) => e.emails);

  it('is deterministic for a given moment, enrols only the persona’s prospects with an email, and sends nothing in the future', () => {
    expect(demoCampaignPlan(targets, now)).toEqual(plan);
    expect(plan.length).toBeGreaterThan(80);
    expect(plan.every((e) => targets[e.targetIndex]!.email !== null && targets[e.targetIndex]!.personas.includes(DEMO_CAMPAIGN.personaKey))).toBe(true);
    const sent = emails.filter((m) => m.status === 'sent');
    expect(sent.every((m) => m.sentAt!.getTime() <= now.getTime())).toBe(true);
    // Inside the window: weekdays, 08:00–18:30 UTC (a follow-up's jitter may run past 17:00).
    expect(sent.every((m) => m.sentAt!.getUTCDay() !== 0 && m.sentAt!.getUTCDay() !== 6 && m.sentAt!.getUTCHours() >= 8 && m.sentAt!.getUTCHours() <= 18)).toBe(true);
    expect(now.getTime() - Math.min(...sent.map((m) => m.sentAt!.getTime()))).toBeGreaterThan(150 * DAY_MS);
  });

  it('keeps the outbox consistent: steps in order and spaced, drafts only unapproved, two bounces that stopped their sequence', () => {
    for (const e of plan) {
      const [first, ...followUps] = e.emails;
      for (const [i, m] of followUps.entries()) {
        const before = e.emails[i]!;
        if (m.status === 'sent') expect(m.sentAt!.getTime() - before.sentAt!.getTime()).toBeGreaterThanOrEqual(m.delayDays * DAY_MS);
        if (m.status === 'draft') expect(before.status).toBe('draft');
      }
      if (first!.status === 'draft') expect(e.emails.every((m) => m.status === 'draft' && m.approvedAt === null)).toBe(true);
      expect(e.status).toBe(e.emails.every((m) => m.status === 'sent') ? 'finished' : first!.status === 'failed' ? 'stopped' : 'active');
    }
    const bounced = plan.filter((e) => e.status === 'stopped');
    expect(bounced).toHaveLength(2);
    for (const e of bounced) {
      expect(e.emails[0]).toMatchObject({ status: 'failed', sentAt: null, attempts: 1 });
      expect(e.emails.slice(1).every((m) => m.status === 'cancelled')).toBe(true);
      expect(e.stopReason).toBe('hard_bounce');
    }
    expect(emails.some((m) => m.status === 'draft')).toBe(true);
    expect(emails.some((m) => m.status === 'scheduled')).toBe(true);
    expect(plan.some((e) => e.status === 'finished')).toBe(true);
  });

  it('always leaves drafts in review, at any hour of the week (also right after the morning approval)', () => {
    // Every hour of a week, and the minutes around 08:30 UTC (the demo user's approval) on a weekday.
    const moments = [
      ...Array.from({ length: 7 * 24 }, (_, h) => new Date(Date.UTC(2026, 10, 23, h, 7))),
      ...[29, 30, 31, 45, 59, 75, 89].map((m) => new Date(Date.UTC(2026, 10, 25, 8, m))),
    ];
    for (const at of moments) {
      const ts = demoExtraProspects(at).map((p) => ({ createdAt: p.createdAt, email: p.email, firstName: p.firstName, company: p.company, personas: [personaKeyOfTitle(p.title)], extra: true }));
      const drafts = demoCampaignPlan(ts, at).filter((e) => e.emails[0]!.status === 'draft');
      expect(drafts.length, at.toISOString()).toBeGreaterThanOrEqual(3);
    }
  });
});

describe.each(DB_KINDS)('the demo account on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    expect(await seedDemo(t.db.db)).toBe(true);
    headers = await signIn(t, DEMO_USER.email, DEMO_USER.password);
    const [row] = await t.db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, DEMO_USER.email));
    accountId = row!.accountId;
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T; meta?: { total: number } }>();
  };
  const db = () => t.db.db;
  const demoCampaign = async () => (await get<Campaign[]>('/campaigns')).data.find((c) => c.name === DEMO_CAMPAIGN.name)!;

  it('has email figures in every widget for every period, and nothing a page cannot show', async () => {
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const stats = (await get<GeneralStatistics>(`/dashboard_general_statistics?period=${period}`)).data;
      expect(stats.messages_sent.value, period).toBeGreaterThan(0);
      expect(stats.contacted.value, period).toBeGreaterThan(0);
      expect(stats.prospects_total).toBe(255);
      expect(stats.personas_count).toBe(2);
      const graph = (await get<ActivityGraph>(`/dashboard_activity_graph_statistics?period=${period}`)).data;
      expect(graph.totals.sent, period).toBe(stats.messages_sent.value);
      const channels = (await get<ChannelsActivity>(`/channels_activity?period=${period}`)).data;
      expect(channels.total_sent).toBe(stats.messages_sent.value);
      expect(channels.channels.filter((c) => c.sent > 0).map((c) => c.channel)).toEqual(['email']);
    }
    const quarter = (await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=quarter')).data;
    // Most weeks of the quarter carry sends.
    expect(quarter.points.filter((p) => p.sent > 0).length).toBeGreaterThanOrEqual(11);
    const companies = (await get<AwareCompanies>('/dashboard_aware_companies_statistics')).data;
    expect(companies.total_companies).toBeGreaterThanOrEqual(20);
    expect(companies.companies).toHaveLength(10);
    const feed = await t.app.inject({ method: 'GET', url: v1('/activity_list?per_page=5'), headers });
    expect(feed.json<ActivityList>().data).toHaveLength(5);
    const verbs = await t.db.db.selectDistinct({ verb: activities.verb }).from(activities).where(eq(activities.accountId, accountId));
    for (const gone of ['linkedin_invitation_sent', 'linkedin_connection_accepted', 'linkedin_message_sent', 'call_made']) {
      expect(verbs.map((v) => v.verb)).not.toContain(gone);
    }
  });

  it('the pipeline holds the answers as ingestion sorted them plus two deals the demo user moved on; the dashboard’s meetings are the board’s', async () => {
    const board = (await get<PipelineProspect[]>('/campaign_emails/pipeline_prospects?per_page=100')) as unknown as PipelineList;
    // Every person who answered has a card (the out-of-office note opened none).
    expect(board.meta.counts).toEqual({ new_reply: 1, interested: 4, meeting_booked: 0, proposal: 1, won: 1, not_now: 1, lost: 3 });
    const won = board.data.find((c) => c.pipeline_status === 'won')!;
    expect(won.recent_moves.map((m) => [m.source, m.from, m.to])).toEqual([
      ['board', 'proposal', 'won'],
      ['board', 'meeting_booked', 'proposal'],
      ['board', 'interested', 'meeting_booked'],
      ['reply', null, 'interested'],
    ]);
    expect(won.recent_moves[0]!.actor).toMatchObject({ type: 'user', name: DEMO_USER.name });
    expect(won.recent_moves[3]!.actor.type).toBe('system');
    // A story in order, all of it in the past; the card opens its conversation.
    const times = won.recent_moves.map((m) => Date.parse(m.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(times[0]!).toBeLessThan(Date.now());
    expect(won.thread_id).not.toBeNull();
    expect(won.last_message).not.toBeNull();
    // Two prospects asked for a meeting (a request is interest, not a meeting); the user booked one by hand on the board
    // (it went on to won): the dashboard says one meeting, the insights answer's meetings of the period.
    const year = (await get<GeneralStatistics>('/dashboard_general_statistics?period=year')).data;
    expect(year.meetings_booked.value).toBe(1);
    expect((await get<Opportunities>('/insights/performance/my_opportunities?period=year')).data.meetings_booked_in_period).toBe(1);
    // Seeding again adds nothing.
    expect(await seedDemo(t.db.db)).toBe(false);
    const again = (await get<PipelineProspect[]>('/campaign_emails/pipeline_prospects?per_page=100')) as unknown as PipelineList;
    expect(again.meta.counts).toEqual(board.meta.counts);
  });

  it('the inbox holds the demo campaign’s answers, threaded on the emails sent, and the dashboard counts its human replies', async () => {
    const campaign = await demoCampaign();
    const list = await get<Thread[]>('/email_threads?per_page=100');
    expect(list.data.length).toBe(DEMO_REPLIES.length);
    // The classifier reads each answer as the seed means it.
    expect(list.data.map((th) => th.reply_status).sort()).toEqual(DEMO_REPLIES.map((r) => r.status).sort());
    expect(list.data.some((th) => th.unread) && list.data.some((th) => !th.unread) && list.data.some((th) => th.starred)).toBe(true);
    let human = 0;
    let colleagues = 0;
    let answered = 0;
    for (const th of list.data) {
      expect(th.stop_sending).toBe(th.reply_status !== 'out_of_office');
      const messages = (await get<Message[]>(`/email_thread_messages/${th.id}`)).data;
      const outbound = messages.filter((m) => m.direction === 'outbound');
      const inbound = messages.filter((m) => m.direction === 'inbound');
      expect(inbound).toHaveLength(1);
      // Our campaign emails to that prospect, exactly those sent, in order, before the answer.
      const sent = (await db().select({ messageId: campaignEmails.messageId }).from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'sent'), eq(campaignEmails.toEmail, th.prospect_email))).orderBy(campaignEmails.stepPosition)).map((r) => r.messageId);
      const rows = await db().select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, th.id)));
      const idOf = new Map(rows.map((r) => [r.id, r.messageId]));
      expect(outbound.slice(0, sent.length).map((m) => idOf.get(m.id))).toEqual(sent);
      expect(messages.indexOf(inbound[0]!)).toBe(sent.length);
      const reply = rows.find((r) => r.direction === 'inbound')!;
      expect(reply.inReplyTo).toBe(sent.at(-1));
      expect(reply.references).toBe(sent.join(' '));
      if (reply.kind === 'human') human++;
      if (reply.fromColleague) colleagues++;
      if (outbound.length > sent.length) answered++;
    }
    expect(human).toBe(DEMO_REPLIES.filter((r) => !r.outOfOffice).length);
    expect([colleagues, answered]).toEqual([1, 1]);
    // The dashboard's replies are the human answers in the inbox, at their times.
    for (const period of ['quarter', 'year'] as const) {
      const stats = (await get<GeneralStatistics>(`/dashboard_general_statistics?period=${period}`)).data;
      expect(stats.replies.value, period).toBe(human);
    }
    // The engine acted: replied prospects' sequences stopped with nothing left to send, the unsubscribe is on the list, the out-of-office paused.
    const blacklist = (await get<Array<{ email: string; reason: string }>>('/blacklisted_emails?per_page=100')).data;
    const unsubscribed = list.data.find((th) => th.reply_status === 'unsubscribe')!;
    expect(blacklist).toContainEqual(expect.objectContaining({ email: unsubscribed.prospect_email, reason: 'unsubscribed' }));
    const ooo = list.data.find((th) => th.reply_status === 'out_of_office')!;
    const [enrolment] = await db().select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.email, ooo.prospect_email)));
    expect(enrolment!.status).toBe('active');
    const pending = await db().select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, enrolment!.id), inArray(campaignEmails.status, ['draft', 'scheduled'])));
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((m) => m.sendAfter !== null && m.sendAfter.getTime() > Date.now())).toBe(true);
    for (const th of list.data.filter((x) => x.reply_status !== 'out_of_office')) {
      const left = await db().select({ n: count() }).from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.toEmail, th.prospect_email), inArray(campaignEmails.status, ['draft', 'scheduled', 'queued'])));
      expect(left[0]!.n, th.prospect_email).toBe(0);
    }
    // Logged at the answers' times, not at the seeding moment.
    const replies = await db().select().from(activities).where(and(eq(activities.accountId, accountId), inArray(activities.verb, ['reply_received', 'enrolment_paused', 'email_unsubscribed'])));
    expect(replies.every((a) => a.occurredAt.getTime() < Date.now() - 20 * 60_000)).toBe(true);
  });

  it('the dashboard’s sent emails are the sent emails the campaign pages list, period by period', async () => {
    const campaign = await demoCampaign();
    expect(campaign).toMatchObject({ status: 'paused', mode: 'review' });
    const listed = await get<CampaignEmail[]>(`/campaigns/${campaign.id}/campaign_emails?status=sent&per_page=100`);
    const total = listed.meta!.total;
    expect(total).toBeGreaterThan(100);
    expect(campaign.emails.sent).toBe(total);
    const year = (await get<GeneralStatistics>('/dashboard_general_statistics?period=year')).data;
    expect(year.messages_sent.value).toBe(total);
    // The month too: the sent emails listed (newest first) whose sent_at falls in the dashboard's range.
    const month = (await get<GeneralStatistics>('/dashboard_general_statistics?period=month')).data;
    const sentAts: string[] = [];
    for (let page = 1; sentAts.length < total; page++) {
      const rows = await get<CampaignEmail[]>(`/campaigns/${campaign.id}/campaign_emails?status=sent&per_page=100&page=${page}`);
      sentAts.push(...rows.data.map((r) => r.sent_at!));
    }
    const inMonth = sentAts.filter((at) => at >= month.range.from && at <= month.range.to).length;
    expect(month.messages_sent.value).toBe(inMonth);
    // Drafts wait in review, approved follow-ups wait scheduled (the campaign is paused), two first emails bounced.
    expect(campaign.emails.draft).toBeGreaterThan(0);
    expect(campaign.emails.scheduled).toBeGreaterThan(0);
    expect(campaign.emails.failed).toBe(2);
    expect(campaign.enrolments.stopped).toBeGreaterThanOrEqual(2);
    const blacklist = await get<Array<{ email: string; reason: string }>>('/blacklisted_emails?per_page=100');
    expect(blacklist.data.filter((b) => b.reason === 'hard_bounce')).toHaveLength(2);
  });

  it('the demo mailbox is paused with its reason and never sends: a tick sends nothing, the campaign cannot resume on it', async () => {
    const mailboxes = (await get<UserEmail[]>('/user_emails')).data;
    expect(mailboxes).toEqual([expect.objectContaining({ email: DEMO_MAILBOX.email, status: 'paused', status_reason: DEMO_MAILBOX_REASON })]);
    const deps = { db: t.db.db, config: t.config, jobs: t.app.jobs, mail: {} } as unknown as Deps;
    const tick = await inAccount(accountId, null, () => runSendTick(deps, accountId));
    expect(tick).toMatchObject({ sent: 0, results: [] });
    const campaign = await demoCampaign();
    const resume = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/resume`), headers });
    expect(resume.statusCode, resume.body).toBe(422);
    expect(resume.body).toMatch(/no active mailbox/);
  });

  it('seeds once: a second seed adds nothing', async () => {
    const countOf = async () =>
      (await t.db.db.select({ n: count() }).from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'email_sent'))))[0]!.n;
    const before = await countOf();
    expect(await seedDemo(t.db.db)).toBe(false);
    expect(await countOf()).toBe(before);
  });

  // Last: it rewinds the account to what the seed wrote before the demo campaign existed.
  it('a demo account seeded before the campaign existed loses its invented outreach and gets the campaign, once', async () => {
    const db = t.db.db;
    await db.delete(pipelineOpportunities).where(eq(pipelineOpportunities.accountId, accountId));
    await db.delete(emailThreads).where(eq(emailThreads.accountId, accountId));
    await db.delete(campaigns).where(eq(campaigns.accountId, accountId));
    await db.delete(userEmails).where(eq(userEmails.accountId, accountId));
    await db.delete(virtualEmployees).where(eq(virtualEmployees.accountId, accountId));
    await db.delete(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId));
    await db.delete(activities).where(eq(activities.accountId, accountId));
    const old = (verb: string, payload: Record<string, unknown> = {}) => ({ accountId, actorType: 'agent' as const, verb, channel: 'email' as const, payload, occurredAt: new Date(Date.now() - 3 * DAY_MS) });
    await db
      .insert(activities)
      .values([old('email_sent', { subject: 'Quick question', step: 1 }), old('reply_received', { sentiment: 'positive' }), old('meeting_booked'), old('linkedin_invitation_sent'), old('call_made'), old('offering_created')]);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER.email));
    expect(await seedDemoActivity(db, accountId, user!.id, new Date())).toBe(true);
    expect(await seedDemoActivity(db, accountId, user!.id, new Date())).toBe(false);
    const before = (await db.select({ verb: activities.verb }).from(activities).where(eq(activities.accountId, accountId))).map((a) => a.verb);
    for (const gone of ['reply_received', 'meeting_booked', 'linkedin_invitation_sent', 'call_made']) expect(before).not.toContain(gone);
    // Seeded before the inbox existed: gets its threads once.
    expect(await seedDemoInbox(db, accountId, new Date())).toBe(DEMO_REPLIES.length);
    expect(await seedDemoInbox(db, accountId, new Date())).toBe(0);
    const verbs = (await db.select({ verb: activities.verb, payload: activities.payload }).from(activities).where(eq(activities.accountId, accountId))).map((a) => a.verb);
    expect(verbs).toContain('offering_created');
    for (const gone of ['linkedin_invitation_sent', 'call_made']) expect(verbs).not.toContain(gone);
    expect(verbs.filter((v) => v === 'reply_received')).toHaveLength(DEMO_REPLIES.length - 1);
    // A meeting request is not a meeting (issue 27): the inbox alone books none; each request is logged as requested.
    expect(verbs.filter((v) => v === 'meeting_booked')).toHaveLength(0);
    expect(verbs.filter((v) => v === 'meeting_requested')).toHaveLength(DEMO_REPLIES.filter((r) => r.status === 'meeting_request').length);
    // The extra prospects were there already: not "added" again.
    expect(verbs.filter((v) => v === 'prospect_added')).toEqual([]);
    const campaign = await demoCampaign();
    expect(verbs.filter((v) => v === 'email_sent')).toHaveLength(campaign.emails.sent!);
    const year = (await get<GeneralStatistics>('/dashboard_general_statistics?period=year')).data;
    expect(year.messages_sent.value).toBe(campaign.emails.sent);
    expect(year.replies.value).toBe(DEMO_REPLIES.length - 1);
    expect((await get<Thread[]>('/email_threads?per_page=100')).data).toHaveLength(DEMO_REPLIES.length);
  });
});
