import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { GeneralStatistics } from '@shared/schemas/dashboard';
import type { PipelineList, PipelineProspect, PipelineStatus } from '@shared/schemas/pipeline';
import { activities, campaignNotifications, emailThreads, notifications, pipelineMoves, pipelineOpportunities } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { recordActivity } from '../activities/service';
import { ingestMessage } from '../inbox/ingest';
import { threadOf } from '../inbox/ownership.test-helpers';
import { dispatcherFor } from '../notifications/dispatch';
import { cardOf } from './ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Fixture = Awaited<ReturnType<typeof threadOf>>;

const MEETING = 'Happy to talk. Can we set up a call on Thursday at 2pm?';
const NOT_INTERESTED = 'Thanks, but we are not interested.';
const OUT_OF_OFFICE = 'I am out of the office until Monday with limited access to email.';

describe.each(DB_KINDS)('the pipeline on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let replies = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'pipeline-a');
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, p = a) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const list = (query = '') => get<PipelineList>(`/campaign_emails/pipeline_prospects${query}`);
  const card = async (id: number) => (await list('?per_page=100')).data.find((c) => c.id === id)!;
  const move = (id: number, pipeline_status: PipelineStatus | string, p = a) =>
    t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${id}`), headers: p.headers, payload: { pipeline_status } });
  const undo = (id: number, payload: object = {}) => t.app.inject({ method: 'POST', url: v1(`/campaign_emails/pipeline_prospects/${id}/undo`), headers: a.headers, payload });
  const moved = async (id: number, status: PipelineStatus) => {
    const res = await move(id, status);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PipelineProspect }>().data;
  };
  /** The prospect writes again in the same thread (a fixture reply through ingestion). */
  const replyAgain = async (f: Fixture, text: string, headers: string[] = []) => {
    const id = `<again-${++replies}-${Date.now()}@prospect.example>`;
    const raw = [
      `From: ${f.prospect.fullName} <${f.prospect.email}>`,
      `To: ${f.mailbox.email}`,
      `Subject: Re: ${f.subject}`,
      `Message-ID: ${id}`,
      `In-Reply-To: ${f.replyMessageId}`,
      `References: ${f.email.messageId} ${f.replyMessageId}`,
      `Date: ${new Date().toUTCString()}`,
      ...headers,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      '',
    ].join('\r\n');
    const result = await ingestMessage(t.db.db, { mailbox: { id: f.mailbox.id, accountId: f.accountId, email: f.mailbox.email }, folder: 'INBOX', role: 'inbox', raw });
    expect(result.outcome).toBe('stored');
    return result;
  };
  const cardRow = async (id: number) => (await t.db.db.select().from(pipelineOpportunities).where(eq(pipelineOpportunities.id, id)))[0]!;
  const activitiesOf = (f: { accountId: number; prospect: { id: number } }, verbs: string[]) =>
    t.db.db
      .select()
      .from(activities)
      .where(and(eq(activities.accountId, f.accountId), eq(activities.prospectId, f.prospect.id), inArray(activities.verb, verbs)));

  it('a person’s reply opens a card at ingestion: prospect, company, last message, thread, campaign, and who opened it', async () => {
    const f = await cardOf(t, a, { prospect: { fullName: 'Dana Lee', company: 'Globex' }, campaignName: 'Q4 CFOs' });
    const c = await card(f.cardId);
    expect(c).toMatchObject({
      pipeline_status: 'interested',
      set_by_hand: false,
      prospect: { id: f.prospect.id, name: 'Dana Lee', company: 'Globex', email: f.prospect.email },
      thread_id: f.threadId,
      reply_status: 'interested',
      campaign: { id: f.campaign.id, name: 'Q4 CFOs' },
      last_message: { direction: 'inbound', snippet: 'Thanks, sounds interesting. Can you tell me more?' },
      moves_count: 1,
      undoable_move_id: null,
    });
    expect(c.recent_moves).toEqual([
      expect.objectContaining({ from: null, to: 'interested', actor: { type: 'system', id: null, name: null }, source: 'reply', reason: 'Replied with interest', undone: false }),
    ]);
    const logged = await activitiesOf(f, ['pipeline_moved']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorType: 'system', payload: expect.objectContaining({ opportunity_id: f.cardId, from: null, to: 'interested', source: 'reply', thread_id: f.threadId }) });
  });

  it('an automatic message opens no card; a plain answer opens one in "new reply"', async () => {
    const auto = await threadOf(t, a, { reply: OUT_OF_OFFICE, headers: ['Auto-Submitted: auto-replied'] });
    const plain = await threadOf(t, a, { reply: 'Who gave you my address?' });
    const all = (await list('?per_page=100')).data;
    expect(all.find((c) => c.prospect.id === auto.prospect.id)).toBeUndefined();
    expect(all.find((c) => c.prospect.id === plain.prospect.id)).toMatchObject({ pipeline_status: 'new_reply', recent_moves: [expect.objectContaining({ reason: null, source: 'reply' })] });
  });

  it('lists one column page by page, every column’s count in meta, all cards without a status; refuses a bad query', async () => {
    const b = await signedInUser(t, 'pipeline-list');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await cardOf(t, b));
    await cardOf(t, b, { reply: NOT_INTERESTED });
    const page1 = await get<PipelineList>('/campaign_emails/pipeline_prospects?pipeline_status=interested&page=1&per_page=2', b);
    const page2 = await get<PipelineList>('/campaign_emails/pipeline_prospects?pipeline_status=interested&page=2&per_page=2', b);
    expect(page1.meta).toEqual({ page: 1, per_page: 2, total: 3, counts: { new_reply: 0, interested: 3, meeting_booked: 0, proposal: 0, won: 0, not_now: 0, lost: 1 } });
    // Newest first; the pages do not overlap.
    expect([...page1.data, ...page2.data].map((c) => c.id)).toEqual(made.map((m) => m.cardId).reverse());
    const all = await get<PipelineList>('/campaign_emails/pipeline_prospects', b);
    expect(all.meta.total).toBe(4);
    expect(all.data.map((c) => c.pipeline_status).sort()).toEqual(['interested', 'interested', 'interested', 'lost']);
    for (const bad of ['?pipeline_status=closed', '?page=0', '?per_page=500', '?status=won']) {
      const res = await t.app.inject({ method: 'GET', url: v1(`/campaign_emails/pipeline_prospects${bad}`), headers: b.headers });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('a move by hand is recorded (who, from, to, when), held as set by hand, and logged as pipeline_moved', async () => {
    const f = await cardOf(t, a);
    const c = await moved(f.cardId, 'proposal');
    expect(c).toMatchObject({ pipeline_status: 'proposal', set_by_hand: true, moves_count: 2 });
    expect(c.recent_moves[0]).toMatchObject({ from: 'interested', to: 'proposal', actor: { type: 'user', id: expect.any(Number), name: expect.any(String) }, source: 'board', reason: null, undone: false });
    expect(c.undoable_move_id).toBe(c.recent_moves[0]!.id);
    // The same stage again changes nothing.
    expect((await moved(f.cardId, 'proposal')).moves_count).toBe(2);
    const logged = await activitiesOf(f, ['pipeline_moved']);
    expect(logged.map((x) => [x.actorType, (x.payload as { to: string }).to])).toEqual([
      ['system', 'interested'],
      ['user', 'proposal'],
    ]);
    expect((await move(f.cardId, 'done')).statusCode).toBe(422);
    expect((await move(2_000_000_000, 'won')).json()).toEqual({ errors: ['Pipeline prospect not found'] });
  });

  it('a card carries a deal value and an expected close date: set, kept when left out, cleared with null, refused when wrong; not a move', async () => {
    const f = await cardOf(t, a);
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${f.cardId}/deal`), headers: a.headers, payload: payload as object });
    const set = await put({ deal_value: 12500.5, expected_close_on: '2027-02-28' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ id: f.cardId, deal_value: 12500.5, expected_close_on: '2027-02-28', pipeline_status: 'interested', moves_count: 1 });
    // A field left out is kept; null clears one.
    expect((await put({ deal_value: 9000 })).json().data).toMatchObject({ deal_value: 9000, expected_close_on: '2027-02-28' });
    expect((await put({ expected_close_on: null })).json().data).toMatchObject({ deal_value: 9000, expected_close_on: null });
    const listed = (await t.app.inject({ method: 'GET', url: v1('/campaign_emails/pipeline_prospects?pipeline_status=interested&per_page=100'), headers: a.headers })).json().data as { id: number; deal_value: number | null }[];
    expect(listed.find((c) => c.id === f.cardId)?.deal_value).toBe(9000);
    for (const [payload, error] of [
      [{ deal_value: -1 }, 'Deal value cannot be negative'],
      [{ deal_value: 10.123 }, 'Deal value takes at most two decimals'],
      [{ deal_value: 1e13 }, 'Deal value is too large'],
      [{ deal_value: '100' }, 'Deal value must be a number'],
      [{ expected_close_on: '2027-02-30' }, 'Expected close date must be a day between 2000 and 2100 (YYYY-MM-DD)'],
      [{}, 'Deal value or expected close date is required'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect((res.json().errors as string[]).join(' '), JSON.stringify(payload)).toContain(error);
    }
    // No move was recorded, and the value survived the refusals.
    const row = await cardRow(f.cardId);
    expect([Number(row.dealValue), row.expectedCloseOn]).toEqual([9000, null]);
    expect(await activitiesOf(f, ['pipeline_moved'])).toHaveLength(1);
    expect((await t.app.inject({ method: 'PUT', url: v1('/campaign_emails/pipeline_prospects/2000000000/deal'), headers: a.headers, payload: { deal_value: 1 } })).statusCode).toBe(404);
  });

  it('undo takes the last move back to where the card was (its place in the column too); the opening move cannot be undone', async () => {
    const f = await cardOf(t, a);
    const before = await card(f.cardId);
    const wonCard = await moved(f.cardId, 'won');
    expect(wonCard.set_by_hand).toBe(true);
    // A stale toast (another move since) cannot undo.
    const lost = await moved(f.cardId, 'lost');
    const stale = await undo(f.cardId, { move_id: wonCard.undoable_move_id });
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toEqual({ errors: ['This card has moved since; only its last move can be undone'] });
    const back = await undo(f.cardId, { move_id: lost.undoable_move_id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ data: PipelineProspect }>().data).toMatchObject({ pipeline_status: 'won', set_by_hand: true, undoable_move_id: wonCard.undoable_move_id });
    const again = (await undo(f.cardId)).json<{ data: PipelineProspect }>().data;
    expect(again).toMatchObject({ pipeline_status: 'interested', set_by_hand: false, entered_at: before.entered_at, undoable_move_id: null, moves_count: 5 });
    expect(again.recent_moves.map((m) => [m.source, m.from, m.to, m.undone])).toEqual([
      ['undo', 'won', 'interested', false],
      ['undo', 'lost', 'won', false],
      ['board', 'won', 'lost', true],
      ['board', 'interested', 'won', true],
      ['reply', null, 'interested', false],
    ]);
    expect(again.recent_moves[0]!.reason).toBe('Undid the move to Won');
    const nothing = await undo(f.cardId);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toEqual({ errors: ['There is no move to undo on this card'] });
    // The won deal was taken back with its move: no deal_won stays behind.
    expect(await activitiesOf(f, ['deal_won'])).toHaveLength(0);
  });

  it('a meeting request is interest, not a meeting: the card stays in "interested" and the dashboard counts no meeting; a booking on the board counts one, and its undo takes it back', async () => {
    const b = await signedInUser(t, 'pipeline-meetings');
    const stats = async () => (await get<{ data: GeneralStatistics }>('/dashboard_general_statistics?period=week', b)).data.meetings_booked.value;
    const f = await cardOf(t, b);
    expect(await stats()).toBe(0);
    await replyAgain(f, MEETING);
    const c1 = (await get<PipelineList>('/campaign_emails/pipeline_prospects?per_page=100', b)).data.find((c) => c.id === f.cardId);
    expect(c1).toMatchObject({ pipeline_status: 'interested', set_by_hand: false, moves_count: 1 });
    const [thread] = await t.db.db.select().from(emailThreads).where(eq(emailThreads.id, f.threadId));
    expect(thread?.replyStatus).toBe('meeting_request');
    // Requested, not booked: no meeting_booked anywhere (the notification rules hear meeting_requested instead).
    expect(await stats()).toBe(0);
    expect(await activitiesOf(f, ['meeting_booked'])).toHaveLength(0);
    expect(await activitiesOf(f, ['meeting_requested'])).toHaveLength(1);
    // The user booked it (on the phone, in their own calendar): moved by hand, it counts.
    const res = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${f.cardId}`), headers: b.headers, payload: { pipeline_status: 'meeting_booked' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stats()).toBe(1);
    const undone = await t.app.inject({ method: 'POST', url: v1(`/campaign_emails/pipeline_prospects/${f.cardId}/undo`), headers: b.headers, payload: {} });
    expect(undone.json<{ data: PipelineProspect }>().data.pipeline_status).toBe('interested');
    expect(await stats()).toBe(0);
  });

  it('never pulls a card back past a stage set by hand: a late "interested" leaves won, a "no" leaves a proposal; facts close what facts opened', async () => {
    const f = await cardOf(t, a);
    await moved(f.cardId, 'won');
    await replyAgain(f, 'Thanks, sounds interesting. Can you tell me more?');
    await replyAgain(f, MEETING);
    expect(await card(f.cardId)).toMatchObject({ pipeline_status: 'won', moves_count: 2 });

    const g = await cardOf(t, a);
    await moved(g.cardId, 'proposal');
    await replyAgain(g, NOT_INTERESTED);
    expect((await card(g.cardId)).pipeline_status).toBe('proposal');
    // A card the user dragged back to "new reply" still moves forward when the facts say so.
    await moved(g.cardId, 'new_reply');
    await replyAgain(g, MEETING);
    expect((await card(g.cardId)).pipeline_status).toBe('interested');

    const h = await cardOf(t, a);
    await replyAgain(h, NOT_INTERESTED);
    expect(await card(h.cardId)).toMatchObject({ pipeline_status: 'lost', recent_moves: [expect.objectContaining({ reason: 'Replied: not interested', actor: expect.objectContaining({ type: 'system' }) }), expect.anything()] });
    // Closed by the facts, reopened by the facts.
    await replyAgain(h, MEETING);
    expect((await card(h.cardId)).pipeline_status).toBe('interested');
  });

  it('the user’s reply-status correction in the inbox moves the card (by that user), or opens one for a message taken for automatic', async () => {
    const f = await cardOf(t, a);
    // A meeting request is interest: the interested card stays; a "not now" parks it, moved by the user.
    const request = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${f.threadId}`), headers: a.headers, payload: { reply_status: 'meeting_request' } });
    expect(request.statusCode, request.body).toBe(200);
    expect(await card(f.cardId)).toMatchObject({ pipeline_status: 'interested', moves_count: 1 });
    const res = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${f.threadId}`), headers: a.headers, payload: { reply_status: 'not_now' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await card(f.cardId)).recent_moves[0]).toMatchObject({ to: 'not_now', source: 'inbox', actor: { type: 'user' }, reason: 'Reply marked “Not now” in the inbox' });

    const auto = await threadOf(t, a, { reply: OUT_OF_OFFICE, headers: ['Auto-Submitted: auto-replied'] });
    const reply = await t.app.inject({ method: 'PUT', url: v1(`/replies/${auto.messageRowId}`), headers: a.headers, payload: { reply_status: 'interested' } });
    expect(reply.statusCode, reply.body).toBe(200);
    const opened = (await list('?per_page=100')).data.find((c) => c.prospect.id === auto.prospect.id);
    expect(opened).toMatchObject({ pipeline_status: 'interested', set_by_hand: false, recent_moves: [expect.objectContaining({ from: null, source: 'inbox', actor: expect.objectContaining({ type: 'user' }) })] });
    // A correction never takes a hand-set stage back.
    await moved(opened!.id, 'won');
    await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${auto.threadId}`), headers: a.headers, payload: { reply_status: 'not_interested' } });
    expect((await card(opened!.id)).pipeline_status).toBe('won');
    const [thread] = await t.db.db.select().from(emailThreads).where(eq(emailThreads.id, auto.threadId));
    expect(thread?.replyStatus).toBe('not_interested');
  });

  it('a meeting_booked activity from elsewhere (a calendar booking) moves the card to "meeting booked", once, and counts one meeting', async () => {
    const f = await cardOf(t, a);
    await recordActivity(t.db.db, { accountId: f.accountId, actorType: 'system', verb: 'meeting_booked', channel: 'email', prospectId: f.prospect.id, payload: { starts_at: '2026-12-01 10:00' } });
    const c = await card(f.cardId);
    expect(c).toMatchObject({ pipeline_status: 'meeting_booked', recent_moves: [expect.objectContaining({ source: 'meeting', reason: 'Meeting booked' }), expect.anything()] });
    expect(await activitiesOf(f, ['meeting_booked'])).toHaveLength(1);
  });

  it('meeting booked and won notify through the rules (meeting_booked, deal_won: both in a new account’s in-app rule)', async () => {
    const b = await signedInUser(t, 'pipeline-notify');
    const f = await cardOf(t, b, { prospect: { fullName: 'Ivy Chen', company: 'Initech' } });
    const [rule] = await t.db.db.select().from(campaignNotifications).where(and(eq(campaignNotifications.accountId, f.accountId), eq(campaignNotifications.provider, 'in_app')));
    expect(rule?.events).toEqual(expect.arrayContaining(['meeting_booked', 'deal_won']));
    const dispatcher = dispatcherFor(t.db.db)!;
    await dispatcher.settle();
    const before = await t.db.db.select().from(notifications).where(eq(notifications.accountId, f.accountId));
    const res = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${f.cardId}`), headers: b.headers, payload: { pipeline_status: 'meeting_booked' } });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${f.cardId}`), headers: b.headers, payload: { pipeline_status: 'won' } });
    await dispatcher.settle();
    const after = await t.db.db.select().from(notifications).where(eq(notifications.accountId, f.accountId));
    expect(after.slice(before.length).map((n) => [n.event, n.title, n.url])).toEqual([
      ['meeting_booked', 'Meeting booked with Ivy Chen', '/cabinet/pipeline'],
      ['deal_won', 'Deal won: Ivy Chen (Initech)', '/cabinet/pipeline'],
    ]);
  });

  it('keeps each move’s history rows on the account (never another’s)', async () => {
    const f = await cardOf(t, a);
    await moved(f.cardId, 'not_now');
    const rows = await t.db.db.select().from(pipelineMoves).where(eq(pipelineMoves.opportunityId, f.cardId));
    expect(rows.every((r) => r.accountId === f.accountId)).toBe(true);
  });
});
