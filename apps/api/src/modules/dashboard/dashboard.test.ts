import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityGraph, ActivityList, AwareCompanies, ChannelsActivity, GeneralStatistics } from '@shared/schemas/dashboard';
import type { Opportunities } from '@shared/schemas/insights';
import { activities, personas, prospects } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { periodWindow } from '../../lib/periods';
import { dashboardClock, describeActivity } from './service';

/** A Wednesday afternoon, UTC. */
const NOW = new Date('2026-03-18T15:00:00.000Z');
const H = 3_600_000;
const D = 24 * H;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.runIf(PGLITE_PASS)('period windows', () => {
  it('ends at now, starts on UTC day or ISO week boundaries, and compares with an equally elapsed window', () => {
    expect(periodWindow('week', NOW)).toMatchObject({
      bucket: 'day',
      buckets: 7,
      start: new Date('2026-03-12T00:00:00Z'),
      lastBucket: new Date('2026-03-18T00:00:00Z'),
      previousStart: new Date('2026-03-05T00:00:00Z'),
      previousEnd: new Date('2026-03-11T15:00:00Z'),
    });
    expect(periodWindow('month', NOW)).toMatchObject({ start: new Date('2026-02-17T00:00:00Z'), previousStart: new Date('2026-01-18T00:00:00Z') });
    expect(periodWindow('quarter', NOW)).toMatchObject({
      bucket: 'week',
      buckets: 13,
      start: new Date('2025-12-22T00:00:00Z'),
      lastBucket: new Date('2026-03-16T00:00:00Z'),
      previousStart: new Date('2025-09-22T00:00:00Z'),
      previousEnd: new Date('2025-12-17T15:00:00Z'),
    });
    expect(periodWindow('year', NOW)).toMatchObject({ buckets: 52, start: new Date('2025-03-24T00:00:00Z'), previousStart: new Date('2024-03-25T00:00:00Z') });
    // A Monday is its own week's start.
    expect(periodWindow('quarter', new Date('2026-03-16T00:00:00Z')).lastBucket).toEqual(new Date('2026-03-16T00:00:00Z'));
  });
});

describe.runIf(PGLITE_PASS)('feed lines', () => {
  const prospect = { id: 1, name: 'Ada Park', company: 'Acme' };
  const persona = { id: 2, name: 'CFOs' };
  const line = (verb: string, extra: Partial<Parameters<typeof describeActivity>[0]> = {}) =>
    describeActivity({ verb, channel: null, payload: {}, prospect, persona: null, ...extra });
  it('reads each verb as a sentence, with the names it has', () => {
    expect(line('linkedin_invitation_sent')).toBe('LinkedIn invitation sent to Ada Park (Acme)');
    expect(line('linkedin_connection_accepted')).toBe('Ada Park (Acme) accepted the LinkedIn invitation');
    expect(line('linkedin_message_sent')).toBe('LinkedIn message sent to Ada Park (Acme)');
    expect(line('call_made', { payload: { duration_seconds: 185 } })).toBe('Called Ada Park (Acme) (3 min)');
    expect(line('reply_received', { channel: 'linkedin' })).toBe('Ada Park (Acme) replied on LinkedIn');
    expect(line('prospect_added', { persona })).toBe('Ada Park (Acme) added to CFOs');
    expect(line('import_finished', { prospect: null, persona, payload: { created: 12, merged: 3 } })).toBe('CSV import finished: 12 new, 3 merged into CFOs');
    expect(line('offering_created', { prospect: null, payload: { name: 'Forecasting' } })).toBe('Offering created: Forecasting');
    expect(line('email_sent', { prospect: { id: 3, name: 'Bo', company: null } })).toBe('Email sent to Bo');
    expect(line('email_sent', { prospect: null })).toBe('Email sent to a prospect');
    expect(line('webhook_delivered', { prospect: null })).toBe('Webhook delivered');
  });
});

describe.each(DB_KINDS)('the dashboard on %s', (kind) => {
  let t: TestApp;
  let a: AuthHeaders;
  let empty: AuthHeaders;
  let ids: { p1: number; p2: number; p3: number; p4: number; persona: number };

  beforeAll(async () => {
    t = await startTestApp(kind, { clock: () => dashboardClock.now() });
    const userA = await signedInUser(t, 'dash-a');
    const userB = await signedInUser(t, 'dash-b');
    const userEmpty = await signedInUser(t, 'dash-empty');
    a = userA.headers;
    empty = userEmpty.headers;
    const accountA = await accountIdOf(t, userA);
    const accountB = await accountIdOf(t, userB);
    const db = t.db.db;
    const [persona] = await db.insert(personas).values({ accountId: accountA, name: 'CFOs in fintech' }).returning({ id: personas.id });
    const prospect = (accountId: number, fullName: string, company: string | null, createdAt: Date) => ({
      accountId,
      fullName,
      company,
      source: 'import' as const,
      email: `${fullName.toLowerCase().replace(/\W+/g, '.')}-${accountId}@example.com`,
      createdAt,
    });
    const rows = await db
      .insert(prospects)
      .values([
        prospect(accountA, 'Ada Park', 'Acme', ago(D)),
        prospect(accountA, 'Ben Cole', ' ACME ', ago(20 * D)),
        prospect(accountA, 'Cy Diaz', 'Globex', ago(100 * D)),
        prospect(accountA, 'Di Eng', null, ago(400 * D)),
        prospect(accountB, 'Zed Other', 'Initech of B', ago(D)),
      ])
      .returning({ id: prospects.id });
    const [p1, p2, p3, p4, pb] = rows.map((r) => r.id) as [number, number, number, number, number];
    ids = { p1, p2, p3, p4, persona: persona!.id };
    const act = (verb: string, channel: 'email' | 'linkedin' | 'phone' | null, prospectId: number | null, at: Date, accountId = accountA, payload = {}) => ({
      accountId,
      actorType: 'agent' as const,
      verb,
      channel,
      prospectId,
      personaId: persona!.id,
      payload,
      occurredAt: at,
    });
    await db.insert(activities).values([
      act('email_sent', 'email', p1, ago(H), accountA, { subject: 'Quick question' }), // 1
      act('email_sent', 'email', p2, ago(2 * D)), // 2
      act('linkedin_invitation_sent', 'linkedin', p3, ago(3 * D)), // 3
      act('reply_received', 'email', p1, ago(0.5 * H)), // 4
      act('meeting_booked', 'email', p1, ago(H / 6)), // 5
      act('call_made', 'phone', p4, ago(10 * D)), // 6
      act('email_sent', 'email', p3, ago(8 * D)), // 7
      act('reply_received', 'linkedin', p3, ago(9 * D)), // 8
      act('linkedin_message_sent', 'linkedin', p2, ago(45 * D)), // 9
      act('email_sent', 'email', p1, ago(200 * D)), // 10
      act('meeting_booked', 'email', p3, ago(120 * D)), // 11
      act('email_sent', 'email', p2, ago(400 * D)), // 12
      act('email_sent', 'email', p1, new Date(NOW.getTime() + D)), // 13: scheduled, not yet happened
      act('prospect_added', 'linkedin', p1, ago(D)), // 14: not a touch
      act('message_generated', 'email', p1, ago(1.5 * H)), // 15: not a touch
      act('email_sent', 'email', pb, ago(H), accountB), // B's
      act('reply_received', 'email', pb, ago(H), accountB), // B's
    ]);
    dashboardClock.now = () => NOW;
  });
  afterEach(() => {
    dashboardClock.now = () => NOW;
  });
  afterAll(async () => {
    dashboardClock.now = () => new Date();
    await t.close();
  });

  const get = async <T>(url: string, headers = a) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const m = (value: number, previous: number) => ({ value, previous });

  it('general statistics: exact figures per period, beside the previous period', async () => {
    const week = await get<GeneralStatistics>('/dashboard_general_statistics?period=week');
    expect(week).toEqual({
      period: 'week',
      range: { from: '2026-03-12T00:00:00.000Z', to: NOW.toISOString() },
      previous_range: { from: '2026-03-05T00:00:00.000Z', to: '2026-03-11T15:00:00.000Z' },
      prospects_total: 4,
      personas_count: 1,
      prospects_added: m(1, 0),
      messages_sent: m(3, 2),
      contacted: m(3, 2),
      replies: m(1, 1),
      reply_rate: m(33.3, 50),
      meetings_booked: m(1, 0),
    });
    const month = await get<GeneralStatistics>('/dashboard_general_statistics?period=month');
    expect(month).toMatchObject({ prospects_added: m(2, 0), messages_sent: m(5, 1), contacted: m(4, 1), replies: m(2, 0), reply_rate: m(50, 0), meetings_booked: m(1, 0) });
    // Month is the default.
    expect(await get<GeneralStatistics>('/dashboard_general_statistics')).toEqual(month);
    const quarter = await get<GeneralStatistics>('/dashboard_general_statistics?period=quarter');
    expect(quarter).toMatchObject({ prospects_added: m(2, 1), messages_sent: m(6, 0), contacted: m(4, 0), replies: m(2, 0), reply_rate: m(50, 0), meetings_booked: m(1, 1) });
    const year = await get<GeneralStatistics>('/dashboard_general_statistics?period=year');
    expect(year).toMatchObject({ prospects_added: m(3, 1), messages_sent: m(7, 1), contacted: m(4, 1), replies: m(2, 0), reply_rate: m(50, 0), meetings_booked: m(2, 0) });
  });

  it('contacted, reply rate and meetings are the insights answer’s, in every period (one set of queries)', async () => {
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const stats = await get<GeneralStatistics>(`/dashboard_general_statistics?period=${period}`);
      const res = await t.app.inject({ method: 'GET', url: v1(`/insights/performance/my_opportunities?period=${period}`), headers: a });
      expect(res.statusCode, res.body).toBe(200);
      const { funnel, previous, meetings_booked_in_period: meetings } = res.json<{ data: Opportunities }>().data;
      const stage = (name: string) => funnel.find((s) => s.stage === name)!.prospects;
      expect(stats.contacted, period).toEqual({ value: stage('contacted'), previous: previous.contacted });
      expect(stats.meetings_booked, period).toEqual({ value: meetings, previous: previous.meetings_booked_in_period });
      const pct = (k: number, n: number) => (n ? Math.round((k / n) * 1000) / 10 : 0);
      expect(stats.reply_rate, period).toEqual({ value: pct(stage('replied'), stage('contacted')), previous: pct(previous.replied, previous.contacted) });
    }
  });

  it('the graph: zero-filled day buckets for week and month, ISO-week buckets for quarter and year', async () => {
    const week = await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=week');
    expect(week).toEqual({
      period: 'week',
      bucket: 'day',
      range: { from: '2026-03-12T00:00:00.000Z', to: NOW.toISOString() },
      points: [
        { date: '2026-03-12', sent: 0, replies: 0, meetings: 0 },
        { date: '2026-03-13', sent: 0, replies: 0, meetings: 0 },
        { date: '2026-03-14', sent: 0, replies: 0, meetings: 0 },
        { date: '2026-03-15', sent: 1, replies: 0, meetings: 0 },
        { date: '2026-03-16', sent: 1, replies: 0, meetings: 0 },
        { date: '2026-03-17', sent: 0, replies: 0, meetings: 0 },
        { date: '2026-03-18', sent: 1, replies: 1, meetings: 1 },
      ],
      totals: { sent: 3, replies: 1, meetings: 1 },
    });

    const month = await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=month');
    expect(month.points).toHaveLength(30);
    expect(month.points[0]!.date).toBe('2026-02-17');
    expect(month.points.at(-1)!.date).toBe('2026-03-18');
    expect(month.points.filter((p) => p.sent + p.replies + p.meetings > 0)).toEqual([
      { date: '2026-03-08', sent: 1, replies: 0, meetings: 0 },
      { date: '2026-03-09', sent: 0, replies: 1, meetings: 0 },
      { date: '2026-03-10', sent: 1, replies: 0, meetings: 0 },
      { date: '2026-03-15', sent: 1, replies: 0, meetings: 0 },
      { date: '2026-03-16', sent: 1, replies: 0, meetings: 0 },
      { date: '2026-03-18', sent: 1, replies: 1, meetings: 1 },
    ]);
    expect(month.totals).toEqual({ sent: 5, replies: 2, meetings: 1 });

    const quarter = await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=quarter');
    expect(quarter.bucket).toBe('week');
    expect(quarter.points.map((p) => p.date)).toEqual([
      '2025-12-22', '2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02',
      '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16',
    ]);
    expect(quarter.points.filter((p) => p.sent + p.replies + p.meetings > 0)).toEqual([
      { date: '2026-01-26', sent: 1, replies: 0, meetings: 0 },
      { date: '2026-03-02', sent: 1, replies: 0, meetings: 0 },
      { date: '2026-03-09', sent: 2, replies: 1, meetings: 0 },
      { date: '2026-03-16', sent: 2, replies: 1, meetings: 1 },
    ]);

    const year = await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=year');
    expect(year.points).toHaveLength(52);
    expect(year.points[0]!.date).toBe('2025-03-24');
    expect(year.points.find((p) => p.date === '2025-08-25')).toEqual({ date: '2025-08-25', sent: 1, replies: 0, meetings: 0 });
    expect(year.points.find((p) => p.date === '2025-11-17')).toEqual({ date: '2025-11-17', sent: 0, replies: 0, meetings: 1 });
    expect(year.totals).toEqual({ sent: 7, replies: 2, meetings: 2 });
  });

  it('channels: touches, replies and meetings per channel with shares', async () => {
    const month = await get<ChannelsActivity>('/channels_activity?period=month');
    expect(month).toEqual({
      period: 'month',
      range: { from: '2026-02-17T00:00:00.000Z', to: NOW.toISOString() },
      total_sent: 5,
      channels: [
        { channel: 'email', sent: 3, replies: 1, meetings: 1, share: 60 },
        { channel: 'linkedin', sent: 1, replies: 1, meetings: 0, share: 20 },
        { channel: 'phone', sent: 1, replies: 0, meetings: 0, share: 20 },
      ],
    });
    const week = await get<ChannelsActivity>('/channels_activity?period=week');
    expect(week.channels.map((c) => [c.channel, c.sent, c.share])).toEqual([
      ['email', 2, 66.7],
      ['linkedin', 1, 33.3],
      ['phone', 0, 0],
    ]);
    expect((await get<ChannelsActivity>('/channels_activity?period=year')).total_sent).toBe(7);
  });

  it('aware companies: distinct companies reached (any case), touches per channel, top N', async () => {
    const all = await get<AwareCompanies>('/dashboard_aware_companies_statistics');
    expect(all).toEqual({
      period: null,
      total_companies: 2,
      companies: [
        { company: 'Acme', prospects: 2, touches: 5, email: 4, linkedin: 1, phone: 0, replies: 1, meetings: 1, last_touch_at: ago(H).toISOString() },
        { company: 'Globex', prospects: 1, touches: 2, email: 1, linkedin: 1, phone: 0, replies: 1, meetings: 1, last_touch_at: ago(3 * D).toISOString() },
      ],
    });
    const week = await get<AwareCompanies>('/dashboard_aware_companies_statistics?period=week');
    expect(week.companies.map((c) => [c.company, c.prospects, c.touches, c.replies, c.meetings])).toEqual([
      ['Acme', 2, 2, 1, 1],
      ['Globex', 1, 1, 0, 0],
    ]);
    const top1 = await get<AwareCompanies>('/dashboard_aware_companies_statistics?limit=1');
    expect(top1.total_companies).toBe(2);
    expect(top1.companies.map((c) => c.company)).toEqual(['Acme']);
  });

  it('the activity list: newest first, paginated, with readable lines and names', async () => {
    const res = await t.app.inject({ method: 'GET', url: v1('/activity_list?page=1&per_page=3'), headers: a });
    expect(res.statusCode, res.body).toBe(200);
    const page1 = res.json<ActivityList>();
    expect(page1.meta).toEqual({ page: 1, per_page: 3, total: 15 });
    expect(page1.data.map((x) => x.verb)).toEqual(['email_sent', 'meeting_booked', 'reply_received']);
    expect(page1.data[1]).toEqual({
      id: expect.any(Number),
      verb: 'meeting_booked',
      description: 'Meeting booked with Ada Park (Acme)',
      actor: { type: 'agent', name: 'AI agent' },
      channel: 'email',
      prospect: { id: ids.p1, name: 'Ada Park', company: 'Acme' },
      persona: { id: ids.persona, name: 'CFOs in fintech' },
      occurred_at: ago(H / 6).toISOString(),
    });
    expect(page1.data[2]!.description).toBe('Ada Park (Acme) replied by email');
    const page2 = (await t.app.inject({ method: 'GET', url: v1('/activity_list?page=2&per_page=3'), headers: a })).json<ActivityList>();
    expect(page2.data.map((x) => x.description)).toEqual([
      'Email sent to Ada Park (Acme): “Quick question”',
      'Example message written for Ada Park (Acme)',
      'Ada Park (Acme) added to CFOs in fintech',
    ]);
    const last = (await t.app.inject({ method: 'GET', url: v1('/activity_list?page=5&per_page=3'), headers: a })).json<ActivityList>();
    expect(last.data.map((x) => x.description)).toEqual([
      'Meeting booked with Cy Diaz (Globex)',
      'Email sent to Ada Park (Acme)',
      'Email sent to Ben Cole (ACME)',
    ]);
    const beyond = (await t.app.inject({ method: 'GET', url: v1('/activity_list?page=9&per_page=3'), headers: a })).json<ActivityList>();
    expect(beyond).toEqual({ data: [], meta: { page: 9, per_page: 3, total: 15 } });
    expect(JSON.stringify([page1, page2, last])).not.toContain('Zed Other');
  });

  it('a new account: zeros and empty lists, every bucket still there', async () => {
    const stats = await get<GeneralStatistics>('/dashboard_general_statistics?period=year', empty);
    expect(stats).toMatchObject({
      prospects_total: 0,
      personas_count: 0,
      prospects_added: m(0, 0),
      messages_sent: m(0, 0),
      contacted: m(0, 0),
      replies: m(0, 0),
      reply_rate: m(0, 0),
      meetings_booked: m(0, 0),
    });
    const graph = await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=quarter', empty);
    expect(graph.points).toHaveLength(13);
    expect(graph.points.every((p) => p.sent === 0 && p.replies === 0 && p.meetings === 0)).toBe(true);
    expect(graph.totals).toEqual({ sent: 0, replies: 0, meetings: 0 });
    expect(await get<AwareCompanies>('/dashboard_aware_companies_statistics', empty)).toEqual({ period: null, total_companies: 0, companies: [] });
    expect((await get<ChannelsActivity>('/channels_activity?period=week', empty)).channels).toEqual([
      { channel: 'email', sent: 0, replies: 0, meetings: 0, share: 0 },
      { channel: 'linkedin', sent: 0, replies: 0, meetings: 0, share: 0 },
      { channel: 'phone', sent: 0, replies: 0, meetings: 0, share: 0 },
    ]);
    const list = await t.app.inject({ method: 'GET', url: v1('/activity_list'), headers: empty });
    expect(list.json()).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });

  it('answers bad queries 422, never 500', async () => {
    for (const url of [
      '/dashboard_activity_graph_statistics',
      '/dashboard_activity_graph_statistics?period=decade',
      '/dashboard_activity_graph_statistics?period=week&now=2020-01-01',
      '/dashboard_general_statistics?period=%27;drop%20table%20activities;--',
      '/channels_activity?period=',
      '/dashboard_aware_companies_statistics?limit=0',
      '/dashboard_aware_companies_statistics?limit=51',
      '/dashboard_aware_companies_statistics?period=day',
      '/activity_list?per_page=101',
      '/activity_list?page=0',
      '/activity_list?page=abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: v1(url), headers: a });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().errors.length, url).toBeGreaterThan(0);
    }
  });
});
