import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApiChild } from '../../testing/api-child';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { EmailThreadMessage } from '@shared/schemas/email-threads';
import type { Interaction } from '@shared/schemas/interactions';
import { activities, autoCommunicationSettings, blacklistedDomains, emailThreadMessages, emailThreads, liveEvents, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { JOBS_SCHEMA, type SendOptions } from '../../lib/jobs/queue';
import { executorFor } from '../../lib/jobs/sql';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { findInSentFolder, imapEndpointOf } from '../sending/sent-folder';
import { agentAnswerOf, type AgentAnswer } from './agent-answer-state';
import { agentAnswerDueAt, agentAnswerJob, runAgentAnswer } from './agent-answer';
import { threadOf } from './ownership.test-helpers';

/**
 * The agent's automatic answer (auto_reply): scheduled by ingestion, sent by the agent-answer job through
 * the thread's mailbox to a recording SMTP server (and filed in the IMAP Sent folder), at most once per
 * reply, within working hours, and never when the user took the conversation over.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const MIN = 60_000;

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Sent = { payload: unknown; options: SendOptions };

describe.runIf(PGLITE_PASS)('when the agent answers (pure)', () => {
  const berlin = { timeZone: 'Europe/Berlin', workingDays: [1, 2, 3, 4, 5], workStart: '09:00', workEnd: '17:00' };
  it('answers ten minutes after the reply inside working hours, else when the window opens', () => {
    // Thursday 10:00 Berlin (09:00 UTC): 10:10.
    expect(agentAnswerDueAt(new Date('2026-11-26T09:00:00Z'), berlin)).toEqual(new Date('2026-11-26T09:10:00Z'));
    // Thursday 16:55 Berlin: the delay runs past 17:00, so Friday 09:00 Berlin.
    expect(agentAnswerDueAt(new Date('2026-11-26T15:55:00Z'), berlin)).toEqual(new Date('2026-11-27T08:00:00Z'));
    // Saturday: Monday 09:00 Berlin.
    expect(agentAnswerDueAt(new Date('2026-11-28T13:00:00Z'), berlin)).toEqual(new Date('2026-11-30T08:00:00Z'));
    // Asked later than the delay (a run that comes late): now, when now is inside the window.
    expect(agentAnswerDueAt(new Date('2026-11-26T09:00:00Z'), berlin, new Date('2026-11-26T10:00:00Z'))).toEqual(new Date('2026-11-26T10:00:00Z'));
    expect(agentAnswerDueAt(new Date('2026-11-26T09:00:00Z'), { ...berlin, workingDays: [] })).toBeNull();
  });
});

describe.each(DB_KINDS)('the agent’s automatic answer (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let seq = 0;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  /** A recording stand-in for the queue: what would be enqueued, with its start time and key (nothing runs on the real clock). */
  const recorder = () => {
    const sent: Sent[] = [];
    return { sent, jobs: { send: async (_def: unknown, payload: unknown, options: SendOptions = {}) => (sent.push({ payload, options }), null) } as unknown as Deps['jobs'] };
  };
  const depsWith = (jobs: Deps['jobs']) => ({ db: t.db.db, config: t.config, jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;

  /** A signed-in user with a loopback mailbox and their settings (auto_reply on unless said; Berlin office hours unless said). */
  async function account(settings: Partial<typeof autoCommunicationSettings.$inferInsert> = {}, save = true) {
    const u = await signedInUser(t, `agent${++seq}`);
    const accountId = await accountIdOf(t, u);
    const mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port });
    if (save) {
      await t.db.db.insert(autoCommunicationSettings).values({
        accountId,
        timeZone: 'Europe/Berlin',
        workingDays: [1, 2, 3, 4, 5],
        workStart: '09:00',
        workEnd: '17:00',
        dailyLimitEmail: 50,
        dailyLimitLinkedin: 20,
        dailyLimitPhone: 10,
        autoReply: true,
        mode: 'review',
        ...settings,
      });
    }
    return { u, accountId, mailbox };
  }

  const replyRow = async (accountId: number, id: number) =>
    (await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, id))))[0]!;
  const answerOf = async (accountId: number, id: number) => agentAnswerOf(await replyRow(accountId, id));
  const messagesOf = async (u: Person, threadId: number) =>
    (await t.app.inject({ method: 'GET', url: v1(`/email_thread_messages/${threadId}`), headers: u.headers })).json<{ data: EmailThreadMessage[] }>().data;
  const jobsFor = async (replyId: number) => {
    const { rows } = await executorFor(t.db.db).executeSql(`select state::text from ${JOBS_SCHEMA}.job where name = 'agent-answer' and data->>'reply_id' = $1`, [String(replyId)]);
    return rows as Array<{ state: string }>;
  };
  const run = (accountId: number, replyId: number, now: Date, jobs: Deps['jobs']) => inAccount(accountId, null, () => runAgentAnswer(depsWith(jobs), accountId, replyId, now));
  const receivedFor = (to: string) => smtpServer.received.filter((m) => m.to.includes(to.toLowerCase()));

  // Saturday 28 November 2026, 14:00 UTC (15:00 in Berlin): outside Berlin office hours until Monday 09:00 (08:00 UTC).
  const SATURDAY = new Date('2026-11-28T14:00:00Z');
  const MONDAY_OPEN = new Date('2026-11-30T08:00:00Z');
  // Thursday 26 November 2026, 10:00 UTC (11:00 in Berlin): inside.
  const THURSDAY = new Date('2026-11-26T10:00:00Z');

  it('answers an interested reply through the thread’s mailbox, threaded and filed in Sent, as the agent, and only once', async () => {
    // Open every day, all day, and the reply came an hour ago: the drained job runs on the real clock inside the window.
    const { u, accountId, mailbox } = await account({ timeZone: 'UTC', workingDays: [1, 2, 3, 4, 5, 6, 7], workStart: '00:00', workEnd: '23:59' });
    const fixture = await threadOf(t, u, { mailbox, subject: 'Saving your team a day a week', repliedAt: new Date(Date.now() - 60 * MIN), jobs: t.app.jobs });
    const scheduled = await answerOf(accountId, fixture.messageRowId);
    expect(scheduled).toMatchObject({ state: 'scheduled' });
    expect(await jobsFor(fixture.messageRowId)).toHaveLength(1);

    await t.app.jobs.drain({ skipDelays: true });
    const received = receivedFor(fixture.prospect.email!);
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!.raw);
    expect(mail.subject).toBe('Re: Saving your team a day a week');
    expect(mail.inReplyTo).toBe(fixture.replyMessageId);
    expect(mail.references).toEqual([fixture.email.messageId, fixture.replyMessageId]);
    expect(mail.from?.value).toEqual([{ name: 'Ada Sender', address: mailbox.email }]);
    // The composer's answer to an interested reply (what reply_text drafts), the reply quoted below it.
    expect(mail.text).toMatch(/^Hi \w+,\n\nThanks for getting back to me/);
    expect(mail.text).toMatch(/wrote:\n> Thanks, sounds interesting/);

    const answer = await answerOf(accountId, fixture.messageRowId);
    expect(answer).toMatchObject({ state: 'sent', message_id: mail.messageId });
    // In the thread, last, marked as the agent's; the thread stays unread (the user has not read the reply).
    const messages = await messagesOf(u, fixture.threadId);
    expect(messages.at(-1)).toMatchObject({ id: answer!.answer_id, direction: 'outbound', source: 'agent', subject: 'Re: Saving your team a day a week' });
    const [thread] = await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, fixture.threadId)));
    expect(thread!.unread).toBe(true);
    // The activity log (by the agent), the live event the inbox listens to, and the interactions.
    const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'agent_reply_sent')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorType: 'agent', channel: 'email', prospectId: fixture.prospect.id, payload: { thread_id: fixture.threadId, message_id: mail.messageId } });
    const events = await t.db.db.select().from(liveEvents).where(and(eq(liveEvents.accountId, accountId), eq(liveEvents.name, 'thread_changed')));
    expect(events.some((e) => e.data.thread_id === fixture.threadId && (e.data.changed as string[]).includes('messages') && e.id > 0)).toBe(true);
    const interactions = (await t.app.inject({ method: 'GET', url: v1('/campaign_emails?interaction_view=interactions&per_page=100'), headers: u.headers })).json<{ data: Interaction[] }>().data;
    expect(interactions.find((i) => i.kind === 'answer')).toMatchObject({ actor: { type: 'agent' }, message_source: 'agent', prospect: { id: fixture.prospect.id }, summary: expect.stringMatching(/agent answered/) });
    const bySource = (await t.app.inject({ method: 'GET', url: v1(`/email_threads?filters=${encodeURIComponent(JSON.stringify({ by_message_source: ['agent'] }))}`), headers: u.headers })).json<{ data: Array<{ id: number }> }>().data;
    expect(bySource.map((x) => x.id)).toEqual([fixture.threadId]);
    // Filed in the IMAP Sent folder (the loopback server does not file what its SMTP took).
    const [row] = await t.db.db.select().from(userEmails).where(eq(userEmails.id, mailbox.id));
    expect((await findInSentFolder(imap, imapEndpointOf(row!, 'right-password'), row!.sentFolder, mail.messageId!)).status).toBe('found');

    // A duplicate job (no key: pg-boss takes it), a direct second run, and the ingestion of the same reply again: nothing more goes.
    await t.app.jobs.send(agentAnswerJob, { account_id: accountId, reply_id: fixture.messageRowId });
    await t.app.jobs.drain({ skipDelays: true });
    expect(await run(accountId, fixture.messageRowId, new Date(), t.app.jobs)).toEqual({ state: 'none', was: 'sent' });
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(1);
    expect(await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'agent_reply_sent')))).toHaveLength(1);
  });

  // Two API processes on one PostgreSQL: this one and a child (testing/job-worker-child.ts `engine`, polling every 100 ms),
  // both working the same queue, with the reply's keyed job and three duplicates (unkeyed) due at once.
  it.runIf(kind === 'postgres')('sends once when a second API process works the same queue', { timeout: 300_000 }, async () => {
    const { u, accountId, mailbox } = await account({ timeZone: 'UTC', workingDays: [1, 2, 3, 4, 5, 6, 7], workStart: '00:00', workEnd: '23:59' });
    const url = (t.db as typeof t.db & { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    const child = spawnApiChild('engine', url);
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      let out = '';
      let err = '';
      child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), /^ready$/m.test(out) && resolve()));
        child.on('exit', () => reject(new Error(`the second process exited: ${err}`)));
      });
      const fixture = await threadOf(t, u, { mailbox, repliedAt: new Date(Date.now() - 60 * MIN), jobs: t.app.jobs });
      for (let i = 0; i < 3; i++) await t.app.jobs.send(agentAnswerJob, { account_id: accountId, reply_id: fixture.messageRowId });
      await t.app.jobs.drain({ skipDelays: true });
      // Whichever process ran them, every run is over (a run that met the other's live claim left a look for later, not due now).
      const settled = async () => {
        const { rows } = await executorFor(t.db.db).executeSql(
          `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = 'agent-answer' and data->>'reply_id' = $1 and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
          [String(fixture.messageRowId)],
        );
        return Number(rows[0]?.n ?? -1);
      };
      await expect.poll(settled, { timeout: 120_000, interval: 100 }).toBe(0);
      expect((await jobsFor(fixture.messageRowId)).filter((j) => j.state === 'completed').length).toBeGreaterThanOrEqual(4);
      expect(receivedFor(fixture.prospect.email!)).toHaveLength(1);
      expect(await answerOf(accountId, fixture.messageRowId)).toMatchObject({ state: 'sent' });
      expect((await messagesOf(u, fixture.threadId)).filter((m) => m.source === 'agent')).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('sends once when two runs race for the same reply (two processes, or a retry beside the first run)', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const fixture = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    const later = new Date(THURSDAY.getTime() + 15 * MIN);
    const outcomes = await Promise.all([run(accountId, fixture.messageRowId, later, jobs), run(accountId, fixture.messageRowId, later, jobs), run(accountId, fixture.messageRowId, later, jobs)]);
    expect(outcomes.filter((o) => o.state === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o.state !== 'sent').every((o) => o.state === 'none')).toBe(true);
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(1);
    expect((await messagesOf(u, fixture.threadId)).filter((m) => m.source === 'agent')).toHaveLength(1);
  });

  it('never sends again after a run died mid-send: the answer is marked uncertain and the user told', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const fixture = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    // A run claimed it (state sending) and its process died before storing the outcome.
    const claimed: AgentAnswer = { ...(await answerOf(accountId, fixture.messageRowId))!, state: 'sending', token: 'dead-run', message_id: '<dead@good.example>' };
    await t.db.db
      .update(emailThreadMessages)
      .set({ details: sql`jsonb_set(${emailThreadMessages.details}, '{agent_answer}', ${JSON.stringify(claimed)}::jsonb)` })
      .where(eq(emailThreadMessages.id, fixture.messageRowId));
    // A run while the claim is fresh (a duplicate job beside a live run) leaves it alone and looks again once it could be stale.
    const claimedAt = new Date(THURSDAY.getTime() + 12 * MIN);
    await t.db.db
      .update(emailThreadMessages)
      .set({ details: sql`jsonb_set(${emailThreadMessages.details}, '{agent_answer,at}', ${JSON.stringify(claimedAt.toISOString())}::jsonb)` })
      .where(eq(emailThreadMessages.id, fixture.messageRowId));
    expect(await run(accountId, fixture.messageRowId, new Date(claimedAt.getTime() + MIN), jobs)).toEqual({ state: 'waiting', until: new Date(claimedAt.getTime() + 10 * MIN) });
    expect(await answerOf(accountId, fixture.messageRowId)).toMatchObject({ state: 'sending' });
    const outcome = await run(accountId, fixture.messageRowId, new Date(claimedAt.getTime() + 11 * MIN), jobs);
    expect(outcome).toMatchObject({ state: 'uncertain', reason: expect.stringMatching(/may have gone out/) });
    expect(await run(accountId, fixture.messageRowId, new Date(claimedAt.getTime() + 30 * MIN), jobs)).toEqual({ state: 'none', was: 'uncertain' });
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(0);
    const [failed] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'agent_reply_failed')));
    expect(failed).toMatchObject({ actorType: 'agent', payload: { thread_id: fixture.threadId, uncertain: true } });
  });

  it('waits for the working window in the account’s time zone (injected clock), then answers', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs, sent } = recorder();
    const fixture = await threadOf(t, u, { mailbox, reply: 'Could we have a call next week?', repliedAt: SATURDAY, jobs });
    // Ingestion enqueued it for Monday 09:00 in Berlin, keyed by the reply.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ payload: { account_id: accountId, reply_id: fixture.messageRowId }, options: { startAfter: MONDAY_OPEN, key: String(fixture.messageRowId) } });
    expect(await answerOf(accountId, fixture.messageRowId)).toMatchObject({ state: 'scheduled', due_at: MONDAY_OPEN.toISOString() });

    // A run on Sunday (a retry, a skipped delay): it waits, enqueueing itself for the window, and sends nothing.
    const sunday = new Date('2026-11-29T10:00:00Z');
    expect(await run(accountId, fixture.messageRowId, sunday, jobs)).toEqual({ state: 'waiting', until: MONDAY_OPEN });
    expect(sent.at(-1)).toMatchObject({ options: { startAfter: MONDAY_OPEN, key: `${fixture.messageRowId}:${MONDAY_OPEN.toISOString()}` } });
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(0);

    // Monday, once the window opened.
    const outcome = await run(accountId, fixture.messageRowId, new Date(MONDAY_OPEN.getTime() + MIN), jobs);
    expect(outcome.state).toBe('sent');
    const received = receivedFor(fixture.prospect.email!);
    expect(received).toHaveLength(1);
    // A meeting request gets the composer's meeting answer.
    expect((await simpleParser(received[0]!.raw)).text).toMatch(/happy to set up a call/);
  });

  it('does not answer when the user answered by hand first', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const fixture = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    const res = await t.app.inject({ method: 'POST', url: v1(`/email_threads/${fixture.threadId}/send_reply`), headers: u.headers, payload: { body: 'Hi, I will call you.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await answerOf(accountId, fixture.messageRowId)).toMatchObject({ state: 'skipped', reason: 'Answered by hand first' });
    expect(await run(accountId, fixture.messageRowId, new Date(THURSDAY.getTime() + 15 * MIN), jobs)).toEqual({ state: 'none', was: 'skipped' });
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(1);
  });

  it('does not answer when the user answered from their own mail client (found in Sent)', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const fixture = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    // The answer the user wrote elsewhere, as the Sent folder's sync takes it in.
    await t.db.db.insert(emailThreadMessages).values({
      accountId,
      threadId: fixture.threadId,
      userEmailId: mailbox.id,
      direction: 'outbound',
      kind: 'own',
      messageId: `<by-hand-${fixture.threadId}@good.example>`,
      fromEmail: mailbox.email,
      toEmails: [fixture.prospect.email!.toLowerCase()],
      subject: 'Re: hi',
      text: 'Answered from my phone',
      sentAt: new Date(THURSDAY.getTime() + 5 * MIN),
    });
    expect(await run(accountId, fixture.messageRowId, new Date(THURSDAY.getTime() + 15 * MIN), jobs)).toEqual({ state: 'skipped', reason: 'Answered by hand first' });
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(0);
  });

  it('does not answer when the user re-marks the reply as one the agent does not answer, or stops the thread', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const due = new Date(THURSDAY.getTime() + 15 * MIN);
    const remarked = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${remarked.threadId}`), headers: u.headers, payload: { reply_status: 'not_interested' } });
    expect(await answerOf(accountId, remarked.messageRowId)).toMatchObject({ state: 'skipped', reason: 'Marked Not interested by hand' });
    expect(await run(accountId, remarked.messageRowId, due, jobs)).toEqual({ state: 'none', was: 'skipped' });

    // A status that changed without the user's PUT (e.g. written by another path): the run itself refuses it.
    const notNow = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    await t.db.db.update(emailThreads).set({ replyStatus: 'not_now' }).where(eq(emailThreads.id, notNow.threadId));
    expect(await run(accountId, notNow.messageRowId, due, jobs)).toMatchObject({ state: 'skipped', reason: expect.stringMatching(/marked Not now/) });

    const stopped = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    expect((await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${stopped.threadId}/mark_stop_sending`), headers: u.headers })).statusCode).toBe(200);
    expect(await answerOf(accountId, stopped.messageRowId)).toMatchObject({ state: 'skipped', reason: 'The conversation was stopped by hand' });
    expect(await run(accountId, stopped.messageRowId, due, jobs)).toEqual({ state: 'none', was: 'skipped' });

    // The prospect's company blacklisted after the reply (their own "replied" entry does not hide it).
    const suppressed = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs });
    const domain = suppressed.prospect.email!.split('@')[1]!.toLowerCase();
    await t.db.db.insert(blacklistedDomains).values({ accountId, domain, reason: 'manual' });
    expect(await run(accountId, suppressed.messageRowId, due, jobs)).toMatchObject({ state: 'skipped', reason: expect.stringMatching(/blacklist \(manual\)/) });

    for (const f of [remarked, notNow, stopped, suppressed]) expect(receivedFor(f.prospect.email!)).toHaveLength(0);
  });

  it('answers a newer reply instead of an older one still waiting', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const fixture = await threadOf(t, u, { mailbox, repliedAt: SATURDAY, jobs });
    const again = [
      `From: ${fixture.prospect.email}`,
      `To: ${mailbox.email}`,
      `Subject: Re: ${fixture.subject}`,
      `Message-ID: <again-${fixture.threadId}@prospect.example>`,
      `In-Reply-To: ${fixture.replyMessageId}`,
      `Date: ${new Date(SATURDAY.getTime() + 30 * MIN).toUTCString()}`,
      '',
      'Also, does it work with HubSpot? We would be interested.',
    ].join('\r\n');
    const { ingestMessage } = await import('./ingest');
    const newer = await ingestMessage(t.db.db, { mailbox: { id: mailbox.id, accountId, email: mailbox.email }, folder: 'INBOX', role: 'inbox', raw: again, now: new Date(SATURDAY.getTime() + 30 * MIN), jobs });
    expect(newer).toMatchObject({ outcome: 'stored', agentAnswerAt: MONDAY_OPEN });
    const monday = new Date(MONDAY_OPEN.getTime() + MIN);
    expect(await run(accountId, fixture.messageRowId, monday, jobs)).toMatchObject({ state: 'skipped', reason: expect.stringMatching(/newer reply/) });
    expect((await run(accountId, (newer as { messageRowId: number }).messageRowId, monday, jobs)).state).toBe('sent');
    const received = receivedFor(fixture.prospect.email!);
    expect(received).toHaveLength(1);
    expect((await simpleParser(received[0]!.raw)).inReplyTo).toBe(`<again-${fixture.threadId}@prospect.example>`);
  });

  it('gives the claim back when the mail server asks to try later, and marks it failed when the address does not exist', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const due = new Date(THURSDAY.getTime() + 15 * MIN);
    const later = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs, prospect: { email: `later-${seq}@busy.example` } });
    await expect(run(accountId, later.messageRowId, due, jobs)).rejects.toThrow(/trying again/);
    expect(await answerOf(accountId, later.messageRowId)).toMatchObject({ state: 'scheduled', reason: expect.stringMatching(/try later/) });

    const unknown = await threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs, prospect: { email: `unknown-${seq}@nowhere.example` } });
    expect(await run(accountId, unknown.messageRowId, due, jobs)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/does not exist/) });
    expect(await run(accountId, unknown.messageRowId, due, jobs)).toEqual({ state: 'none', was: 'failed' });
    const failed = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'agent_reply_failed')));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload).toMatchObject({ thread_id: unknown.threadId, uncertain: false });
  });

  it('answers nothing for replies it must not answer, even with auto_reply on', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs, sent } = recorder();
    const replies = [
      threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs, reply: 'Please remove me from your list.' }),
      threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs, reply: 'Not interested, thanks.' }),
      threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs, headers: ['Auto-Submitted: auto-replied'], reply: 'I am out of the office until 2 December.' }),
      threadOf(t, u, { mailbox, repliedAt: THURSDAY, jobs, reply: 'I am not the right person, please contact jane@acme.example instead.' }),
    ];
    for (const f of await Promise.all(replies)) {
      const [thread] = await t.db.db.select().from(emailThreads).where(eq(emailThreads.id, f.threadId));
      expect(['unsubscribe', 'not_interested', 'out_of_office', 'wrong_person'], thread!.replyStatus ?? 'none').toContain(thread!.replyStatus);
      expect(await answerOf(accountId, f.messageRowId)).toBeNull();
    }
    expect(sent).toHaveLength(0);
  });

  it('sends nothing automatically when auto_reply is off (the default)', async () => {
    const saved = await account({ autoReply: false });
    const unsaved = await account({}, false);
    for (const { u, accountId, mailbox } of [saved, unsaved]) {
      const fixture = await threadOf(t, u, { mailbox, repliedAt: new Date(Date.now() - 60 * MIN), jobs: t.app.jobs });
      expect(await answerOf(accountId, fixture.messageRowId)).toBeNull();
      expect(await jobsFor(fixture.messageRowId)).toHaveLength(0);
      await t.app.jobs.drain({ skipDelays: true });
      expect(receivedFor(fixture.prospect.email!)).toHaveLength(0);
      expect((await messagesOf(u, fixture.threadId)).map((m) => m.direction)).toEqual(['outbound', 'inbound']);
    }
  });

  it('does not send an answer that was waiting when auto_reply is switched off', async () => {
    const { u, accountId, mailbox } = await account();
    const { jobs } = recorder();
    const fixture = await threadOf(t, u, { mailbox, repliedAt: SATURDAY, jobs });
    await t.db.db.update(autoCommunicationSettings).set({ autoReply: false }).where(eq(autoCommunicationSettings.accountId, accountId));
    const threadEvents = async () =>
      (await t.db.db.select().from(liveEvents).where(and(eq(liveEvents.accountId, accountId), eq(liveEvents.name, 'thread_changed')))).filter((e) => e.data.thread_id === fixture.threadId).length;
    const before = await threadEvents();
    expect(await run(accountId, fixture.messageRowId, new Date(MONDAY_OPEN.getTime() + MIN), jobs)).toEqual({ state: 'skipped', reason: 'Automatic answers were switched off' });
    expect(receivedFor(fixture.prospect.email!)).toHaveLength(0);
    // A thread on screen hears it (it stops saying when the agent will answer).
    expect(await threadEvents()).toBe(before + 1);
  });
});
