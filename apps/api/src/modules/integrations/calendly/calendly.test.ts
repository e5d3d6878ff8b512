import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { GeneralStatistics } from '@shared/schemas/dashboard';
import type { CalendlyEvents } from '@shared/schemas/integrations-calendly';
import type { IntegrationList } from '@shared/schemas/integrations';
import type { PipelineList } from '@shared/schemas/pipeline';
import { activities, calendarMeetings, integrations, integrationWrites } from '../../../db/schema';
import { DB_KINDS } from '../../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../../testing/harness';
import { startCalendlyServer, type CalendlyDelivery, type CalendlyTestServer } from '../../../testing/vendors/calendly';
import { cardOf } from '../../pipeline/ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('Calendly on %s', (kind) => {
  let t: TestApp;
  let cal: CalendlyTestServer;
  // The dashboard counts the week up to the real now: the test's clock starts an hour before (and moves only when told).
  let now = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
  const clock = () => now;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    cal = await startCalendlyServer({ clock, pageSize: 2 });
    t = await startTestApp(kind, {
      clock,
      env: {
        CALENDLY_CLIENT_ID: cal.clientId,
        CALENDLY_CLIENT_SECRET: cal.clientSecret,
        CALENDLY_AUTH_BASE: cal.url,
        CALENDLY_API_BASE: cal.url,
        GUARDED_FETCH_ALLOW_HOSTS: new URL(cal.url).host,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await cal.close();
  });

  const inject = (p: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  /** Hands the contract server's waiting deliveries to the app, as Calendly POSTs them. */
  const deliver = async (list: CalendlyDelivery[] = cal.outbox.splice(0)) => {
    const out = [];
    for (const d of list) {
      const url = new URL(d.url);
      const res = await t.app.inject({ method: 'POST', url: url.pathname, headers: { ...d.headers, host: url.host }, payload: d.body });
      out.push({ status: res.statusCode, body: res.json() as { data?: { outcome: string; meeting_id: number | null }; errors?: string[] } });
    }
    return out;
  };
  const meetings = async (p: Person) => (await inject(p, 'GET', '/dashboard_general_statistics?period=week')).json<{ data: GeneralStatistics }>().data.meetings_booked.value;
  const card = async (p: Person, id: number) => (await inject(p, 'GET', '/campaign_emails/pipeline_prospects?per_page=100')).json<PipelineList>().data.find((c) => c.id === id)!;

  /** Connects Calendly with the server's personal access token; the webhook subscription runs as a ledger job. */
  async function connected(tag: string) {
    // Each test's account connects a Calendly user of its own: the earlier tests' subscriptions are theirs.
    cal.webhooks.clear();
    const p = await signedInUser(t, tag);
    const res = await inject(p, 'POST', '/integrations', { provider: 'calendly', access_token: cal.personalToken });
    expect(res.statusCode, res.body).toBe(200);
    const integration = res.json<{ data: { id: number; provider: string; status: string; vendor_account_id: string } }>().data;
    expect(integration).toMatchObject({ provider: 'calendly', status: 'connected', vendor_account_id: cal.user.uri });
    await t.app.jobs.drain();
    return { p, integrationId: integration.id };
  }

  it('connects with a personal access token (checked at Calendly first) and subscribes a signed webhook through the ledger', async () => {
    const bad = await inject(await signedInUser(t, 'cal-bad'), 'POST', '/integrations', { provider: 'calendly', access_token: 'not-a-token-that-calendly-knows' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/^Calendly did not accept this personal access token/);
    const { p, integrationId } = await connected('cal-connect');
    const hook = [...cal.webhooks.values()].find((w) => w.callback_url.endsWith(`/api/v1/integrations/calendly/webhook/${integrationId}`))!;
    expect(hook).toMatchObject({ events: ['invitee.created', 'invitee.canceled'], scope: 'user', user: cal.user.uri, state: 'active' });
    expect(hook.signing_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.db.select().from(integrations).where(eq(integrations.id, integrationId));
    // Sealed at rest: neither the token nor the signing key is stored in clear.
    expect(JSON.stringify(row)).not.toContain(cal.personalToken);
    expect(JSON.stringify(row)).not.toContain(hook.signing_key!);
    const writes = await t.db.db.select().from(integrationWrites).where(eq(integrationWrites.integrationId, integrationId));
    expect(writes).toEqual([expect.objectContaining({ operation: 'calendly.subscribe_webhook', status: 'succeeded', responseStatus: 201, recordId: hook.uri })]);
    const list = (await inject(p, 'GET', '/integrations')).json<IntegrationList>();
    expect(list.data.find((i) => i.provider === 'calendly')).toMatchObject({ status: 'connected', vendor_account_name: 'hana.host@example.com' });
  });

  it('a booking by a prospect is a real meeting booked: the card moves, the dashboard counts it; a repeated delivery changes nothing', async () => {
    const { p } = await connected('cal-book');
    const f = await cardOf(t, p);
    expect(await meetings(p)).toBe(0);
    cal.book({ email: f.prospect.email!.toUpperCase(), name: 'Booked Prospect', eventName: 'Intro call', startTime: '2026-03-05T15:00:00Z' });
    const delivery = cal.outbox.splice(0);
    expect(delivery).toHaveLength(1);
    const [first] = await deliver(delivery);
    expect(first).toMatchObject({ status: 200, body: { data: { outcome: 'booked' } } });
    expect(await meetings(p)).toBe(1);
    const c = await card(p, f.cardId);
    expect(c).toMatchObject({ pipeline_status: 'meeting_booked', set_by_hand: false });
    expect(c.recent_moves[0]).toMatchObject({ from: 'interested', to: 'meeting_booked', source: 'meeting', reason: 'Meeting booked' });
    const [meeting] = await t.db.db.select().from(calendarMeetings).where(eq(calendarMeetings.id, first!.body.data!.meeting_id!));
    expect(meeting).toMatchObject({ prospectId: f.prospect.id, status: 'booked', eventName: 'Intro call', startsAt: new Date('2026-03-05T15:00:00Z') });
    // Calendly retries: the same delivery again is one meeting still.
    const [again] = await deliver(delivery);
    expect(again).toMatchObject({ status: 200, body: { data: { outcome: 'ignored' } } });
    expect(await meetings(p)).toBe(1);
    const booked = await t.db.db.select().from(activities).where(and(eq(activities.accountId, f.accountId), eq(activities.verb, 'meeting_booked')));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.payload).toMatchObject({ provider: 'calendly', event_name: 'Intro call', thread_id: f.threadId });
  });

  it('refuses a forged, altered or stale delivery (401) and changes nothing', async () => {
    const { p, integrationId } = await connected('cal-forged');
    const f = await cardOf(t, p);
    cal.book({ email: f.prospect.email!, startTime: '2026-03-06T09:00:00Z' });
    const [real] = cal.outbox.splice(0);
    const path = `/api/v1/integrations/calendly/webhook/${integrationId}`;
    const body = JSON.parse(real!.body) as unknown;
    const ts = Math.floor(now.getTime() / 1000);
    const forged = cal.signed(real!.url, body, { signingKey: 'someone-else-guessing-0123456789abcdef', timestamp: ts });
    const stale = cal.signed(real!.url, body, { signingKey: [...cal.webhooks.values()].find((w) => w.callback_url.endsWith(path))!.signing_key!, timestamp: ts - 181 });
    const altered = { ...real!, body: real!.body.replace(f.prospect.email!, 'intruder@example.com') };
    const unsigned = { ...real!, headers: { 'content-type': 'application/json' } };
    for (const d of [forged, stale, altered, unsigned]) {
      const [res] = await deliver([d]);
      expect(res).toEqual({ status: 401, body: { errors: ['The Calendly-Webhook-Signature header is missing, wrong or too old'] } });
    }
    expect(await meetings(p)).toBe(0);
    expect((await card(p, f.cardId)).pipeline_status).toBe('interested');
    // An integration that does not exist (or is not Calendly's) answers 404.
    const [unknown] = await deliver([{ ...real!, url: real!.url.replace(/\/\d+$/, '/999999') }]);
    expect(unknown!.status).toBe(404);
    // The genuine delivery still works within the tolerance.
    later(60_000);
    const [ok] = await deliver([real!]);
    expect(ok).toMatchObject({ status: 200, body: { data: { outcome: 'booked' } } });
  });

  it('a reschedule (cancel with rescheduled: true, then a create) moves the same meeting, in either order; a cancel takes it off the dashboard and the card back', async () => {
    const { p } = await connected('cal-move');
    const f = await cardOf(t, p);
    const { invitee } = cal.book({ email: f.prospect.email!, startTime: '2026-03-10T09:00:00Z' });
    const [booked] = await deliver();
    const meetingId = booked!.body.data!.meeting_id!;

    const second = cal.reschedule(invitee.uri, '2026-03-11T14:00:00Z');
    const [cancelHalf, createHalf] = cal.outbox.splice(0);
    expect(JSON.parse(cancelHalf!.body)).toMatchObject({ event: 'invitee.canceled', payload: { rescheduled: true, new_invitee: second.invitee.uri } });
    expect((await deliver([cancelHalf!]))[0]!.body.data).toEqual({ outcome: 'rescheduling', meeting_id: meetingId });
    expect((await deliver([createHalf!]))[0]!.body.data).toEqual({ outcome: 'rescheduled', meeting_id: meetingId });
    // The create first, the cancel late: the same meeting moves, the late cancel is about an invitee it moved on from.
    const third = cal.reschedule(second.invitee.uri, '2026-03-12T08:30:00Z');
    const [lateCancel, earlyCreate] = cal.outbox.splice(0);
    expect((await deliver([earlyCreate!]))[0]!.body.data).toEqual({ outcome: 'rescheduled', meeting_id: meetingId });
    expect((await deliver([lateCancel!]))[0]!.body.data).toEqual({ outcome: 'ignored', meeting_id: null });
    const [moved] = await t.db.db.select().from(calendarMeetings).where(eq(calendarMeetings.id, meetingId));
    expect(moved).toMatchObject({ status: 'booked', inviteeUri: third.invitee.uri, rescheduledCount: 2, startsAt: new Date('2026-03-12T08:30:00Z') });
    expect(moved!.previousInviteeUris).toEqual([invitee.uri, second.invitee.uri]);
    expect(await meetings(p)).toBe(1);
    expect((await card(p, f.cardId)).pipeline_status).toBe('meeting_booked');
    const log = await t.db.db.select().from(activities).where(and(eq(activities.accountId, f.accountId), inArray(activities.verb, ['meeting_booked', 'meeting_rescheduled', 'meeting_canceled'])));
    expect(log.map((a) => a.verb).sort()).toEqual(['meeting_booked', 'meeting_rescheduled', 'meeting_rescheduled']);
    expect(log.find((a) => a.verb === 'meeting_booked')!.payload).toMatchObject({ starts_at: '2026-03-12T08:30:00.000Z' });

    // Canceled for good: not a meeting any more; the card steps back to where the booking found it.
    cal.cancel(third.invitee.uri, { reason: 'Something came up' });
    expect((await deliver())[0]!.body.data).toEqual({ outcome: 'canceled', meeting_id: meetingId });
    expect(await meetings(p)).toBe(0);
    const c = await card(p, f.cardId);
    expect(c).toMatchObject({ pipeline_status: 'interested', set_by_hand: false });
    expect(c.recent_moves[0]).toMatchObject({ from: 'meeting_booked', to: 'interested', source: 'meeting', reason: 'Meeting canceled: Something came up' });
    expect(c.recent_moves[1]).toMatchObject({ to: 'meeting_booked', undone: true });
    const [canceled] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, f.accountId), eq(activities.verb, 'meeting_canceled')));
    expect(canceled!.payload).toMatchObject({ reason: 'Something came up', canceled_by: 'invitee' });
    // Booked again later: a meeting again.
    cal.book({ email: f.prospect.email!, startTime: '2026-03-20T09:00:00Z' });
    await deliver();
    expect(await meetings(p)).toBe(1);
    expect((await card(p, f.cardId)).pipeline_status).toBe('meeting_booked');
  });

  it('a cancel leaves a card the user moved on by hand, and a booking by someone who is not a prospect moves nothing', async () => {
    const { p } = await connected('cal-hand');
    const f = await cardOf(t, p);
    const { invitee } = cal.book({ email: f.prospect.email!, startTime: '2026-03-10T09:00:00Z' });
    await deliver();
    expect((await inject(p, 'PUT', `/campaign_emails/pipeline_prospects/${f.cardId}`, { pipeline_status: 'proposal' })).statusCode).toBe(200);
    cal.cancel(invitee.uri, { by: 'host' });
    await deliver();
    expect((await card(p, f.cardId)).pipeline_status).toBe('proposal');
    const stranger = cal.book({ email: 'stranger@elsewhere.example', startTime: '2026-03-10T10:00:00Z' });
    const [res] = await deliver();
    expect(res!.body.data!.outcome).toBe('booked');
    const [row] = await t.db.db.select().from(calendarMeetings).where(eq(calendarMeetings.inviteeUri, stranger.invitee.uri));
    expect(row).toMatchObject({ prospectId: null, bookedActivityId: null });
  });

  it('lists scheduled events with their invitees (cursor paging) and says which invitees are prospects', async () => {
    const { p } = await connected('cal-events');
    const f = await cardOf(t, p);
    const res = await inject(p, 'GET', '/integrations/calendly_events?count=2');
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<CalendlyEvents>();
    expect(first.data).toHaveLength(2);
    expect(first.meta.next_page_token).toBeTruthy();
    const all = [...first.data];
    let token = first.meta.next_page_token;
    while (token) {
      const page = (await inject(p, 'GET', `/integrations/calendly_events?count=2&page_token=${encodeURIComponent(token)}`)).json<CalendlyEvents>();
      all.push(...page.data);
      token = page.meta.next_page_token;
    }
    expect(all.length).toBe(cal.events.size);
    const mine = all.flatMap((e) => e.invitees).filter((i) => i.email === f.prospect.email!.toLowerCase() || i.email === f.prospect.email);
    // Earlier tests booked this prospect's address? No: each test has its own prospect; none booked yet here.
    expect(mine).toEqual([]);
    cal.book({ email: f.prospect.email!, startTime: '2026-04-01T09:00:00Z' });
    cal.outbox.splice(0);
    const after = (await inject(p, 'GET', '/integrations/calendly_events?count=100&min_start_time=2026-04-01T00:00:00Z')).json<CalendlyEvents>();
    expect(after.data.find((e) => e.start_time === '2026-04-01T09:00:00.000Z')!.invitees).toEqual([expect.objectContaining({ email: f.prospect.email, prospect_id: f.prospect.id, status: 'active' })]);
    const bad = await inject(p, 'GET', '/integrations/calendly_events?count=500');
    expect(bad.statusCode).toBe(422);
    const notConnected = await inject(await signedInUser(t, 'cal-none'), 'GET', '/integrations/calendly_events');
    expect(notConnected.statusCode).toBe(422);
    expect(notConnected.json()).toEqual({ errors: ['Connect Calendly first, on the Integrations page.'] });
  });

  it('without an OAuth app (no CALENDLY_CLIENT_ID) a personal token still connects and its events list works; the consent page is refused', async () => {
    const bare = await startTestApp(kind, { clock, env: { CALENDLY_API_BASE: cal.url, GUARDED_FETCH_ALLOW_HOSTS: new URL(cal.url).host } });
    try {
      const p = await signedInUser(bare, 'cal-bare');
      const oauth = await bare.app.inject({ method: 'POST', url: v1('/integrations'), headers: p.headers, payload: { provider: 'calendly' } });
      expect(oauth.statusCode).toBe(422);
      expect(oauth.json()).toEqual({ errors: ['Calendly is not configured on this server (its client id is not set).'] });
      const token = await bare.app.inject({ method: 'POST', url: v1('/integrations'), headers: p.headers, payload: { provider: 'calendly', access_token: cal.personalToken } });
      expect(token.statusCode, token.body).toBe(200);
      const events = await bare.app.inject({ method: 'GET', url: v1('/integrations/calendly_events'), headers: p.headers });
      expect(events.statusCode, events.body).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('connects by OAuth through the consent page; disconnecting deletes the webhook subscription and revokes the grant', async () => {
    const p = await signedInUser(t, 'cal-oauth');
    const start = await inject(p, 'POST', '/integrations', { provider: 'calendly' });
    expect(start.statusCode, start.body).toBe(200);
    const authorize = new URL(start.json<{ data: { authorize_url: string } }>().data.authorize_url);
    expect(authorize.origin + authorize.pathname).toBe(`${cal.url}/oauth/authorize`);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = new URL(await cal.approve(authorize.href));
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/\/cabinet\/integrations\?integration=calendly&integration_status=connected$/);
    await t.app.jobs.drain();
    const list = (await inject(p, 'GET', '/integrations')).json<IntegrationList>();
    const integration = list.data.find((i) => i.provider === 'calendly')!;
    const hooks = () => [...cal.webhooks.values()].filter((w) => w.callback_url.endsWith(`/webhook/${integration.id}`));
    expect(hooks()).toHaveLength(1);
    const gone = await inject(p, 'DELETE', `/integrations/${integration.id}`);
    expect(gone.json()).toEqual({ data: { id: integration.id, revoked: true } });
    expect(hooks()).toHaveLength(0);
  });
});
