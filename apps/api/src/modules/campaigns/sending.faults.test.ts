import { and, eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnApiChild } from '../../testing/api-child';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import type { DbHandle } from '../../db/client';
import { autoCommunicationSettings, campaignEmails, personaProspects, personas, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { JobQueue } from '../../lib/jobs/queue';
import { executorFor } from '../../lib/jobs/sql';
import { DB_KINDS, createTestDb, type DbKind } from '../../testing/databases';
import { signedInUser, startTestApp, v1 } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, TEST_CERT } from '../../testing/mail-servers';
import { startSmtpServer } from '../../testing/smtp';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { MAX_SEND_ATTEMPTS } from '../sending/smtp-send';
import { postJson } from './ownership.test-helpers';
import { reconcileStaleSends, STALE_SENDING_MS } from './outbox';
import { releaseTickLease, runSendTick, takeTickLease, TICK_LEASE_MS } from './send-job';
import { sendDueJob } from '../engine/tick';
import { bindEvents } from '../../lib/events';
import { reactions } from '../../reactions';

/**
 * Issue 11's fault proof of the sending engine, against a real SMTP sink on loopback that counts the
 * Message-IDs it accepts and, as Gmail and Microsoft 365 do, files each accepted message in the mailbox's
 * Sent folder (hoodiecrow IMAP) before it answers 250:
 *  - kill -9 of an API process mid-campaign, repeatedly (triggered by the sink's count, at three points of
 *    the SMTP transaction), restarted each time: 0 duplicates, 0 lost;
 *  - the SMTP server down (421) for a while, the retries run on an injected clock: all arrive once;
 *  - two API processes on one PostgreSQL sending one campaign: 0 duplicates, the limits held.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const urlOf = (handle: DbHandle) => (handle as DbHandle & { pool: { options: { connectionString: string } } }).pool.options.connectionString;
// A campaign goes out message by message, through child processes: room for a loaded machine.
const SLOW = { timeout: 300_000 };
// Six child starts (each loads the bundled API, testing/api-child.ts): room for a loaded 2-core machine.
const SLOWEST = { timeout: 900_000 };

/** Where the sink kills the sending process when the DATA of its k-th message has arrived. */
type KillPoint =
  /** Before accepting: the message is not taken (not counted, not in Sent); the sender hears nothing. */
  | 'before-accept'
  /** Taken (counted, filed in Sent), then killed before the 250 answer: the sender cannot know it arrived. */
  | 'before-reply'
  /** Taken and answered 250, killed at once: the sender may or may not have recorded it. */
  | 'after-reply';

/**
 * The SMTP sink (STARTTLS and AUTH as the loopback mailbox expects). `arrivals` counts accepted messages
 * by Message-ID; `refuse` answers every connection 421 (the server down); `kills` plans a kill per DATA count.
 */
async function startSink(sentFolder: { port: number }) {
  const arrivals = new Map<string, number>();
  const state = { refuse: false, data: 0, accepted: 0, refusedConnections: 0, refuseMessages: 0, refusedMessages: 0 };
  const refusedOf = new Map<string, number>();
  const kills = new Map<number, { at: KillPoint; kill: () => void }>();
  const listeners = new Set<() => void>();
  let filer: Promise<ImapFlow> | null = null;
  let folder = '';
  /** Files the message in the Sent folder, one append at a time (as the provider's server does on accept). */
  let filing: Promise<unknown> = Promise.resolve();
  const fileInSent = (raw: Buffer) => {
    filer ??= imap.open({ host: '127.0.0.1', port: sentFolder.port, security: 'none', username: 'sender@example.com', password: 'right-password' }).then(async (c) => {
      folder = (await c.list()).find((f) => f.specialUse === '\\Sent')!.path;
      return c;
    });
    const done = filing.then(async () => (await filer!).append(folder, raw, ['\\Seen']));
    filing = done.catch(() => undefined);
    return done;
  };
  const server = await startSmtpServer({
    security: 'starttls',
    cert: TEST_CERT,
    auth: { users: { 'sender@example.com': 'right-password' } },
    onConnect() {
      if (state.refuse) {
        state.refusedConnections++;
        return { code: 421, message: '4.3.2 Service not available, try again later' };
      }
    },
    onRcptTo(address) {
      // "Try later" to each recipient's first `refuseMessages` attempts (the server overloaded for a while).
      const seen = refusedOf.get(address) ?? 0;
      if (seen < state.refuseMessages) {
        refusedOf.set(address, seen + 1);
        state.refusedMessages++;
        return { code: 451, message: '4.3.0 Temporary failure, try again later' };
      }
    },
    async onMessage({ raw }, answer) {
      const k = ++state.data;
      const plan = kills.get(k);
      if (plan?.at === 'before-accept') return plan.kill();
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('utf8'))?.[1] ?? `(none ${k})`;
      await fileInSent(raw);
      arrivals.set(messageId, (arrivals.get(messageId) ?? 0) + 1);
      state.accepted++;
      for (const l of [...listeners]) l();
      if (plan?.at === 'before-reply') return plan.kill();
      answer.accept();
      if (plan?.at === 'after-reply') plan.kill();
    },
  });
  return {
    port: server.port,
    arrivals,
    state,
    kills,
    /** Resolves once `n` messages have been accepted. */
    accepted: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (state.accepted >= n) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        check();
      }),
    close: async () => {
      await filing;
      if (filer) await (await filer).logout().catch(() => undefined);
      await server.close();
    },
  };
}
type Sink = Awaited<ReturnType<typeof startSink>>;

/** An API process (testing/job-worker-child.ts `engine`) on this database. */
function spawnEngine(url: string) {
  const child = spawnApiChild('engine', url);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let stdout = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (/^ready$/m.test(stdout)) resolve();
    });
    child.on('exit', () => reject(new Error(`the engine exited before it was ready: ${stderr}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    /** Its app built and its queue polling. */
    ready,
    stderr: () => stderr,
    /** kill -9 (synchronous: the process is gone before its next instruction). */
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
    },
  };
}
type Engine = ReturnType<typeof spawnEngine>;

/**
 * An account with one loopback mailbox (limits lifted: 500 a day and an hour, no gap), open all day, and
 * a running autonomous campaign of `n` prospects (each on its own domain: no domain throttle) whose step-1
 * emails are composed and due. While it is built the account's daily limit is 0, so this process's own
 * queue sends nothing; `dailyLimit` is set once the test app is closed.
 */
async function dueCampaign(kind: DbKind, n: number, dailyLimit: number) {
  const imapServer = await startHoodiecrow();
  const sink = await startSink(imapServer);
  const handle = await createTestDb(kind);
  const t = await startTestApp(kind, { db: handle, env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
  const u = await signedInUser(t, 'faults');
  const accountId = await accountIdOf(t, u);
  await t.db.db.insert(autoCommunicationSettings).values({
    accountId,
    timeZone: 'UTC',
    workingDays: [1, 2, 3, 4, 5, 6, 7],
    workStart: '00:00',
    workEnd: '23:59',
    dailyLimitEmail: 0,
    dailyLimitLinkedin: 20,
    dailyLimitPhone: 10,
    autoReply: false,
    mode: 'autonomous',
  });
  const mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: sink.port, imap: imapServer.port }, { daily_limit: 500, hourly_limit: 500, min_gap_seconds: 0 });
  const employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
  const [persona] = await t.db.db.insert(personas).values({ accountId, name: 'Fault persona' }).returning();
  const prospects = await seedProspects(
    t,
    accountId,
    Array.from({ length: n }, (_, i) => ({ fullName: `Pat Lee ${i}`, firstName: 'Pat', company: 'Acme', title: 'Head of Sales', email: `pat${i}@p${i}.example` })),
  );
  await t.db.db.insert(personaProspects).values(prospects.map((r) => ({ accountId, personaId: persona!.id, prospectId: r.id })));
  const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: 'Fault campaign', person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
  await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
  await t.app.jobs.drain({ skipDelays: true });
  const firsts = () =>
    handle.db
      .select()
      .from(campaignEmails)
      .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.stepPosition, 1)))
      .orderBy(campaignEmails.id);
  const composed = await firsts();
  expect(composed).toHaveLength(n);
  expect(composed.every((r) => r.status === 'scheduled')).toBe(true);
  expect(sink.state.data).toBe(0);
  await t.close();
  await handle.db.update(autoCommunicationSettings).set({ dailyLimitEmail: dailyLimit }).where(eq(autoCommunicationSettings.accountId, accountId));
  const deps = { db: handle.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } } as unknown as Deps;
  // The app is closed; the engine still runs here, as a process would: with the app's reactions bound to its database.
  bindEvents(deps, reactions);
  return {
    handle,
    sink,
    accountId,
    u,
    campaign,
    mailboxId: mailbox.id,
    firsts,
    deps,
    /** What a dead process left, as time would resolve it (an injected clock past the staleness and lease times). */
    afterDeath: async () => {
      const later = new Date(Date.now() + Math.max(STALE_SENDING_MS, TICK_LEASE_MS) + 60_000);
      const reconciled = await inAccount(accountId, null, () => reconcileStaleSends(deps, accountId, later));
      const holder = await inAccount(accountId, null, () => takeTickLease(handle.db, accountId, later));
      if (holder) await inAccount(accountId, null, () => releaseTickLease(handle.db, accountId, holder));
      return reconciled;
    },
    close: async () => {
      await sink.close();
      await imapServer.close();
      await handle.close();
    },
  };
}

/** Every Message-ID the sink accepted, with how often. */
const counts = (sink: Sink) => [...sink.arrivals.values()];

/** Waits (on the database, each look a real query) until no step-1 email is scheduled or being sent. */
async function settled<R extends { status: string }>(firsts: () => Promise<R[]>, engines: Engine[]): Promise<R[]> {
  for (let look = 0; look < 100_000; look++) {
    const rows = await firsts();
    if (rows.every((r) => r.status !== 'scheduled' && r.status !== 'sending')) return rows;
    const dead = engines.find((e) => e.child.exitCode !== null || e.child.signalCode !== null);
    if (dead) throw new Error(`an engine process exited: ${dead.stderr()}`);
  }
  throw new Error('the campaign did not settle');
}

describe.skipIf(!DB_KINDS.includes('postgres'))('the sending engine under faults, API processes on PostgreSQL (PGlite skipped: one process owns its database)', () => {
  const engines: Engine[] = [];
  afterAll(() => {
    for (const e of engines) e.kill();
  });
  const start = (url: string) => {
    const e = spawnEngine(url);
    engines.push(e);
    return e;
  };

  it('kill -9 mid-campaign, five times at three points of the SMTP transaction, restarted each time: every step-1 email arrives exactly once', SLOWEST, async () => {
    const N = 60;
    const env = await dueCampaign('postgres', N, 500);
    try {
      const url = urlOf(env.handle);
      const plan: Array<[number, KillPoint]> = [
        [5, 'before-accept'],
        [14, 'before-reply'],
        [23, 'after-reply'],
        [32, 'before-accept'],
        [41, 'before-reply'],
      ];
      const reconciled: Array<{ id: number; state: 'sent' | 'uncertain' }> = [];
      for (const [k, at] of plan) {
        const engine = start(url);
        env.sink.kills.set(k, { at, kill: engine.kill });
        const { signal } = await engine.exited;
        expect(signal, engine.stderr()).toBe('SIGKILL');
        expect(env.sink.state.data).toBe(k);
        // At most the one message in flight is left `sending`; time (an injected clock) resolves it by the Sent folder.
        const left = (await env.firsts()).filter((r) => r.status === 'sending');
        expect(left.length).toBeLessThanOrEqual(1);
        const resolved = await env.afterDeath();
        reconciled.push(...resolved);
        if (at === 'before-accept') expect(resolved.map((r) => r.state)).toEqual(['uncertain']);
        if (at === 'before-reply') expect(resolved.map((r) => r.state)).toEqual(['sent']);
      }
      const drops = plan.filter(([, at]) => at === 'before-accept').length;
      // The last run goes to the end.
      const last = start(url);
      await env.sink.accepted(N - drops);
      const rows = await settled(env.firsts, [last]);
      last.kill();
      await last.exited;
      // Killed idle: nothing left sending, but it may have held the account's tick lease (time frees it).
      expect(await env.afterDeath()).toEqual([]);

      // 0 duplicates: no Message-ID accepted twice, and every accepted one is a step-1 email of the campaign.
      expect(Math.max(...counts(env.sink))).toBe(1);
      const ids = new Set(rows.map((r) => r.messageId));
      expect([...env.sink.arrivals.keys()].every((id) => ids.has(id))).toBe(true);
      // Exactly: every sent email arrived once; the uncertain ones are the messages killed before they were
      // taken (not arrived, not in Sent); nothing else (no failed, no scheduled).
      const byStatus = (s: string) => rows.filter((r) => r.status === s);
      expect(byStatus('sent').map((r) => env.sink.arrivals.get(r.messageId))).toEqual(Array(N - drops).fill(1));
      const uncertain = byStatus('uncertain');
      expect(uncertain).toHaveLength(drops);
      expect(uncertain.every((r) => !env.sink.arrivals.has(r.messageId))).toBe(true);
      expect(reconciled.filter((r) => r.state === 'uncertain').map((r) => r.id).sort()).toEqual(uncertain.map((r) => r.id).sort());
      expect(env.sink.arrivals.size).toBe(N - drops);

      // 0 lost: the user sends the uncertain ones anyway (the Sent folder said they are not there); each arrives once.
      const t = await startTestApp('postgres', { db: env.handle, env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
      try {
        for (const r of uncertain) {
          const res = await t.app.inject({ method: 'POST', url: v1(`/campaign_emails/${r.id}/send_anyway`), headers: env.u.headers });
          expect(res.statusCode, res.body).toBe(200);
        }
        await t.app.jobs.drain({ skipDelays: true });
      } finally {
        await t.close();
      }
      const final = await env.firsts();
      expect(final.map((r) => r.status)).toEqual(Array(N).fill('sent'));
      expect(final.map((r) => env.sink.arrivals.get(r.messageId))).toEqual(Array(N).fill(1));
      expect(env.sink.arrivals.size).toBe(N);
    } finally {
      await env.close();
    }
  });

  it('two API processes on one PostgreSQL sending one campaign: 0 duplicates, the daily limit held across both, the rest sent once later', SLOW, async () => {
    const N = 60;
    const LIMIT = 40;
    const env = await dueCampaign('postgres', N, 0);
    try {
      const url = urlOf(env.handle);
      // Both up (nothing may go yet: the account's daily limit is 0), then the limit set and ticks queued
      // at once, so both processes fetch them and race for the account.
      const both = [start(url), start(url)];
      await Promise.all(both.map((e) => e.ready));
      await env.handle.db.update(autoCommunicationSettings).set({ dailyLimitEmail: LIMIT }).where(eq(autoCommunicationSettings.accountId, env.accountId));
      const enqueuer = new JobQueue<Deps>(env.handle.db, [sendDueJob], { pollIntervalMs: 100_000, log: { error: () => {}, warn: () => {} }, worker: false });
      await enqueuer.start(env.deps);
      for (let i = 0; i < 4; i++) await enqueuer.send(sendDueJob, { account_id: env.accountId }, { key: `race-${i}` });
      await enqueuer.stop();
      await env.sink.accepted(LIMIT);
      // Until every tick due now (or kicked at a start, 2 s ahead) has run; one that lost the lease asks again in a minute.
      for (let look = 0; ; look++) {
        expect(look).toBeLessThan(100_000);
        const dead = both.find((e) => e.child.exitCode !== null || e.child.signalCode !== null);
        if (dead) throw new Error(`an engine process exited: ${dead.stderr()}`);
        const { rows } = await executorFor(env.handle.db).executeSql(
          `select count(*)::int as n from pgboss.job where name = 'send-due-emails' and (state = 'active' or (state in ('created', 'retry') and start_after <= now() + interval '5 seconds'))`,
        );
        if (Number(rows[0]?.n) === 0) break;
      }
      // They did race: a tick found the account's lease taken by the other process and stood back.
      const { rows: deferred } = await executorFor(env.handle.db).executeSql(
        `select count(*)::int as n from pgboss.job where name = 'send-due-emails' and state = 'completed' and output->>'deferred' = 'true'`,
      );
      expect(Number(deferred[0]?.n)).toBeGreaterThan(0);
      for (const e of both) e.kill();
      await Promise.all(both.map((e) => e.exited));
      await env.afterDeath();
      let rows = await env.firsts();
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(LIMIT);
      expect(rows.filter((r) => r.status === 'scheduled')).toHaveLength(N - LIMIT);
      expect(env.sink.arrivals.size).toBe(LIMIT);
      expect(Math.max(...counts(env.sink))).toBe(1);
      // A third sender (this process) finds the limit reached: nothing goes, the rest held by it.
      const tick = await inAccount(env.accountId, null, () => runSendTick(env.deps, env.accountId));
      expect(tick.results).toEqual([]);
      expect(tick.held.map((h) => h.rule)).toEqual(Array(N - LIMIT).fill('account_daily_limit'));
      // Nothing is lost: with the limit raised, the rest go once.
      await env.handle.db.update(autoCommunicationSettings).set({ dailyLimitEmail: N }).where(eq(autoCommunicationSettings.accountId, env.accountId));
      const more = await inAccount(env.accountId, null, () => runSendTick(env.deps, env.accountId));
      expect(more.sent).toBe(N - LIMIT);
      rows = await env.firsts();
      expect(rows.map((r) => r.status)).toEqual(Array(N).fill('sent'));
      expect(rows.map((r) => env.sink.arrivals.get(r.messageId))).toEqual(Array(N).fill(1));
    } finally {
      await env.close();
    }
  });
});

describe.each(DB_KINDS)('the sending engine with its SMTP server down for a while (%s)', (kind) => {
  it('421 to every connection: the mailbox turns failing after three tries and holds the rest; back up and resumed, each email arrives once and none fails', SLOW, async () => {
    const N = 8;
    const env = await dueCampaign(kind, N, 500);
    try {
      const tick = (at: Date) => inAccount(env.accountId, null, () => runSendTick(env.deps, env.accountId, at));
      env.sink.state.refuse = true;
      let now = new Date();
      const first = await tick(now);
      expect(first.sent).toBe(0);
      expect(env.sink.state.refusedConnections).toBe(3);
      const [mailbox] = await env.handle.db.select().from(userEmails).where(eq(userEmails.id, env.mailboxId));
      expect(mailbox!.status).toBe('failing');
      // Time passes while it is down: nothing goes and nothing fails (the mailbox holds them, its attempts not counted).
      for (let i = 0; i < 3; i++) {
        now = new Date(now.getTime() + 3_600_000);
        expect((await tick(now)).sent).toBe(0);
      }
      let rows = await env.firsts();
      expect(rows.every((r) => r.status === 'scheduled' && r.attempts === 0)).toBe(true);
      expect(env.sink.arrivals.size).toBe(0);
      // Back up; the user resumes the mailbox (the failing status says why it stopped).
      env.sink.state.refuse = false;
      const t = await startTestApp(kind, { db: env.handle, env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
      try {
        const res = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${env.mailboxId}/resume`), headers: env.u.headers });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await t.close();
      }
      for (let i = 0; i < 3 && (await env.firsts()).some((r) => r.status === 'scheduled'); i++) {
        now = new Date(now.getTime() + 6 * 3_600_000);
        await tick(now);
      }
      rows = await env.firsts();
      expect(rows.map((r) => r.status)).toEqual(Array(N).fill('sent'));
      expect(rows.map((r) => env.sink.arrivals.get(r.messageId))).toEqual(Array(N).fill(1));
    } finally {
      await env.close();
    }
  });

  it('451 "try later" to each message for a while: retried with back-off on an injected clock, each arrives once, none failed within the retry limit', SLOW, async () => {
    const N = 8;
    const env = await dueCampaign(kind, N, 500);
    try {
      const tick = (at: Date) => inAccount(env.accountId, null, () => runSendTick(env.deps, env.accountId, at));
      // The server up but refusing every message for the first MAX_SEND_ATTEMPTS - 1 attempts of each.
      env.sink.state.refuseMessages = MAX_SEND_ATTEMPTS - 1;
      let now = new Date();
      for (let i = 0; i < 20 && (await env.firsts()).some((r) => r.status === 'scheduled'); i++) {
        await tick(now);
        const rows = await env.firsts();
        const waits = rows.filter((r) => r.status === 'scheduled' && r.sendAfter).map((r) => r.sendAfter!.getTime());
        now = new Date(Math.max(now.getTime() + 1000, waits.length ? Math.min(...waits) + 1000 : 0));
      }
      const rows = await env.firsts();
      expect(rows.map((r) => r.status)).toEqual(Array(N).fill('sent'));
      expect(rows.map((r) => r.attempts)).toEqual(Array(N).fill(MAX_SEND_ATTEMPTS));
      expect(rows.map((r) => env.sink.arrivals.get(r.messageId))).toEqual(Array(N).fill(1));
      expect(env.sink.state.refusedMessages).toBe(N * (MAX_SEND_ATTEMPTS - 1));
    } finally {
      await env.close();
    }
  });
});

