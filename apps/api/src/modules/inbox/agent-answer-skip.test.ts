import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EmailThreadMessage } from '@shared/schemas/email-threads';
import { autoCommunicationSettings, emailThreadMessages, liveEvents } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import type { SendOptions } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { agentAnswerOf, settle } from './agent-answer-state';
import { runAgentAnswer } from './agent-answer';
import { threadOf } from './ownership.test-helpers';

/**
 * POST replies/{id}/skip_agent_answer and the agent_answer of GET email_thread_messages/{id}: the user sees the
 * agent's automatic answer waiting under a reply and stops it; a run of the job at its time then sends nothing.
 * The clock is injected (the replies are dated; the run gets its `now`); the queue is a recorder.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;

// Saturday 28 November 2026, 15:00 in Berlin: the answer waits for Monday 09:00 Berlin (08:00 UTC).
const SATURDAY = new Date('2026-11-28T14:00:00Z');
const MONDAY_OPEN = new Date('2026-11-30T08:00:00Z');

describe.each(DB_KINDS)('stopping the agent’s automatic answer (%s)', (kind) => {
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const recorder = () => {
    const sent: Array<{ payload: unknown; options: SendOptions }> = [];
    return { sent, jobs: { send: async (_def: unknown, payload: unknown, options: SendOptions = {}) => (sent.push({ payload, options }), null) } as unknown as Deps['jobs'] };
  };

  /** A signed-in user whose account answers automatically in Berlin office hours (or not, with autoReply false). */
  async function account(autoReply = true) {
    const u = await signedInUser(t, `skip${++seq}`);
    const accountId = await accountIdOf(t, u);
    await t.db.db.insert(autoCommunicationSettings).values({
      accountId,
      timeZone: 'Europe/Berlin',
      workingDays: [1, 2, 3, 4, 5],
      workStart: '09:00',
      workEnd: '17:00',
      dailyLimitEmail: 50,
      dailyLimitLinkedin: 20,
      dailyLimitPhone: 10,
      autoReply,
      mode: 'review',
    });
    return { u, accountId };
  }

  const messages = async (u: Person, threadId: number) => {
    const res = await t.app.inject({ method: 'GET', url: v1(`/email_thread_messages/${threadId}`), headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: EmailThreadMessage[] }>().data;
  };
  const skip = (u: Person, replyId: number) => t.app.inject({ method: 'POST', url: v1(`/replies/${replyId}/skip_agent_answer`), headers: u.headers });
  const events = async (accountId: number) => t.db.db.select().from(liveEvents).where(and(eq(liveEvents.accountId, accountId), eq(liveEvents.name, 'thread_changed')));
  const answerOf = async (id: number) => agentAnswerOf((await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.id, id)))[0]!);

  it('shows the waiting answer on the reply (state, due_at, no claim details), stops it once, and the run at its time sends nothing', async () => {
    const { u, accountId } = await account();
    const { jobs, sent } = recorder();
    const fixture = await threadOf(t, u, { repliedAt: SATURDAY, jobs });
    expect(sent).toHaveLength(1);

    const [ours, reply] = await messages(u, fixture.threadId);
    expect(ours).toMatchObject({ direction: 'outbound', agent_answer: null });
    expect(reply).toMatchObject({ id: fixture.messageRowId, direction: 'inbound' });
    expect(reply!.agent_answer).toEqual({ state: 'scheduled', due_at: MONDAY_OPEN.toISOString(), reason: null });

    const before = (await events(accountId)).length;
    const res = await skip(u, fixture.messageRowId);
    expect(res.statusCode, res.body).toBe(200);
    const stopped = res.json<{ data: EmailThreadMessage }>().data;
    expect(stopped).toMatchObject({ id: fixture.messageRowId, thread_id: fixture.threadId, direction: 'inbound' });
    expect(stopped.agent_answer).toEqual({ state: 'skipped', due_at: MONDAY_OPEN.toISOString(), reason: "You stopped the agent's answer" });
    // Other windows of the account refetch the thread's messages.
    const after = await events(accountId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.data).toEqual({ thread_id: fixture.threadId, changed: ['messages'] });
    expect((await messages(u, fixture.threadId))[1]!.agent_answer).toMatchObject({ state: 'skipped' });

    // Again: the same answer, nothing changed, no second event.
    const again = await skip(u, fixture.messageRowId);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: EmailThreadMessage }>().data.agent_answer).toEqual(stopped.agent_answer);
    expect(await events(accountId)).toHaveLength(before + 1);

    // Monday: the job's run finds it skipped and neither sends nor claims.
    const outcome = await inAccount(accountId, null, () => runAgentAnswer({ db: t.db.db, config: t.config, jobs, mail: {} } as unknown as Deps, accountId, fixture.messageRowId, new Date(MONDAY_OPEN.getTime() + 60_000)));
    expect(outcome).toEqual({ state: 'none', was: 'skipped' });
    expect(await answerOf(fixture.messageRowId)).toMatchObject({ state: 'skipped', reason: "You stopped the agent's answer" });
    expect(await messages(u, fixture.threadId)).toHaveLength(2);
  });

  it('says no with 409 once the answer is being sent or was sent, and for a reply with no answer waiting', async () => {
    const { u, accountId } = await account();
    const { jobs } = recorder();
    const sending = await threadOf(t, u, { repliedAt: SATURDAY, jobs });
    // A run claimed it first (scheduled → sending): the user's stop loses the race, and says so.
    expect(await settle(t.db.db, accountId, sending.messageRowId, 'scheduled', { state: 'sending', token: 'run-1', at: MONDAY_OPEN.toISOString() })).toBe(true);
    const res = await skip(u, sending.messageRowId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: ["The agent's answer is being sent right now: it can no longer be stopped"] });
    expect(await answerOf(sending.messageRowId)).toMatchObject({ state: 'sending', token: 'run-1' });
    // The claim's token never leaves the server.
    expect(JSON.stringify(await messages(u, sending.threadId))).not.toContain('run-1');

    expect(await settle(t.db.db, accountId, sending.messageRowId, 'sending', { state: 'sent', answer_id: 1, at: MONDAY_OPEN.toISOString() }, 'run-1')).toBe(true);
    const sent = await skip(u, sending.messageRowId);
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ errors: ["The agent's answer was already sent"] });

    const failed = await threadOf(t, u, { repliedAt: SATURDAY, jobs });
    await settle(t.db.db, accountId, failed.messageRowId, 'scheduled', { state: 'failed', reason: 'Mailbox unavailable', at: MONDAY_OPEN.toISOString() });
    expect((await messages(u, failed.threadId))[1]!.agent_answer).toEqual({ state: 'failed', due_at: MONDAY_OPEN.toISOString(), reason: 'Mailbox unavailable' });
    expect((await skip(u, failed.messageRowId)).json()).toEqual({ errors: ["The agent's answer could not be sent: nothing is waiting to be stopped"] });

    // auto_reply off: nothing was scheduled.
    const other = await account(false);
    const none = await threadOf(t, other.u, { repliedAt: SATURDAY, jobs });
    expect((await messages(other.u, none.threadId))[1]!.agent_answer).toBeNull();
    const nothing = await skip(other.u, none.messageRowId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ errors: ['The agent has no answer waiting for this reply'] });
  });

  it('finds only replies: our own message and an unknown id are 404', async () => {
    const { u } = await account();
    const fixture = await threadOf(t, u, { repliedAt: SATURDAY, jobs: recorder().jobs });
    const [ours] = await messages(u, fixture.threadId);
    for (const id of [ours!.id, 2_000_000_000]) {
      const res = await skip(u, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: ['Reply not found'] });
    }
    expect((await skip(u, 0)).statusCode).toBe(422);
  });
});
