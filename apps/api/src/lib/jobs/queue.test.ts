import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres, type DbHandle } from '../../db/client';
import { createTestDb, DB_KINDS } from '../../testing/databases';
import type { Mail, Mailer } from '../mailer';
import { emailJob, enqueueMail } from './email';
import { defineJob, INTERRUPTED_REASON, JobQueue, JOBS_SCHEMA } from './queue';
import { executorFor } from './sql';

const quiet = { error: () => {}, warn: () => {} };

describe.each(DB_KINDS)('job queue on %s', (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs a job, retries a failing one with backoff, and keeps its output', async () => {
    const attempts: number[] = [];
    const flaky = defineJob({
      name: 'test-flaky',
      scope: { system: 'test' },
      payload: z.object({ n: z.number() }),
      retryLimit: 3,
      retryDelaySeconds: 60,
      handler: async (_deps, { n }, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 2) throw new Error(`boom ${job.attempt}`);
        return { doubled: n * 2 };
      },
    });
    const queue = new JobQueue(handle.db, [flaky], { pollIntervalMs: 60_000, log: quiet });
    await queue.start({});
    try {
      const id = await queue.send(flaky, { n: 21 });
      await queue.drain();
      // The first attempt failed; the retry waits its (60 s) back-off.
      expect(attempts).toEqual([0]);
      expect((await queue.state(flaky, id!))?.state).toBe('retry');
      const [row] = (await executorFor(handle.db).executeSql(`select start_after > now() + interval '50 seconds' as later from ${JOBS_SCHEMA}.job where id = $1`, [id])).rows;
      expect(row?.later).toBe(true);
      await queue.drain({ skipDelays: true });
      expect(attempts).toEqual([0, 1, 2]);
      expect(await queue.state(flaky, id!)).toEqual({ state: 'completed', output: { doubled: 42 } });
      // A payload that does not match the schema is refused at enqueue.
      await expect(queue.send(flaky, { n: 'x' } as never)).rejects.toThrow();
      // The same idempotency key enqueues once.
      const first = await queue.send(flaky, { n: 1 }, { key: 'once' });
      expect(first).not.toBeNull();
      expect(await queue.send(flaky, { n: 1 }, { key: 'once' })).toBeNull();
      await queue.drain();
    } finally {
      await queue.stop();
    }
  });

  it('enqueues inside a transaction: the job exists only if it commits', async () => {
    const seen: string[] = [];
    const job = defineJob({ name: 'test-tx', scope: { system: 'test' }, payload: z.object({ s: z.string() }), handler: async (_d, { s }) => void seen.push(s) });
    const queue = new JobQueue(handle.db, [job], { pollIntervalMs: 60_000, log: quiet });
    await queue.start({});
    try {
      await handle.db.transaction(async (tx) => {
        await queue.send(job, { s: 'committed' }, { tx });
      });
      await handle.db
        .transaction(async (tx) => {
          await queue.send(job, { s: 'rolled back' }, { tx });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await queue.drain();
      expect(seen).toEqual(['committed']);
    } finally {
      await queue.stop();
    }
  });

  it("keeps a job across a stop and recovers a run its process did not finish", async () => {
    const seen: Array<{ s: string; attempt: number }> = [];
    const gaveUp: Array<{ s: string; reason: string }> = [];
    const resumable = defineJob({ name: 'test-resumable', scope: { system: 'test' }, payload: z.object({ s: z.string() }), retryLimit: 1, expireInSeconds: 600, handler: async (_d, { s }, j) => void seen.push({ s, attempt: j.attempt }) });
    const once = defineJob({
      name: 'test-once',
      scope: { system: 'test' },
      payload: z.object({ s: z.string() }),
      retryLimit: 0,
      expireInSeconds: 600,
      handler: async (_d, { s }) => void seen.push({ s, attempt: 0 }),
      onGaveUp: async (_d, { s }, reason) => void gaveUp.push({ s, reason }),
    });
    // A process enqueues and takes both jobs, then dies before finishing them (no worker loop: fetched by hand).
    const dead = new JobQueue(handle.db, [resumable, once], { pollIntervalMs: 60_000, log: quiet, worker: false });
    await dead.start({});
    const a = await dead.send(resumable, { s: 'a' });
    const b = await dead.send(once, { s: 'b' });
    const executor = executorFor(handle.db);
    await executor.executeSql(`update ${JOBS_SCHEMA}.job set state = 'active', started_on = now() where id = any($1::uuid[])`, [[a, b]]);
    await dead.stop();
    if (kind === 'postgres') {
      // Started by hand, so no process is recorded as running them: only the expiry recovers them (time passes).
      // Runs with a recorded owner that died: liveness.test.ts.
      await executor.executeSql(`update ${JOBS_SCHEMA}.job set started_on = now() - interval '11 minutes' where id = any($1::uuid[])`, [[a, b]]);
    }
    const next = new JobQueue(handle.db, [resumable, once], { pollIntervalMs: 60_000, log: quiet });
    await next.start({});
    try {
      await next.drain();
      expect(seen).toEqual([{ s: 'a', attempt: 1 }]);
      expect(gaveUp).toEqual([{ s: 'b', reason: INTERRUPTED_REASON }]);
      expect((await next.state(once, b!))?.state).toBe('failed');
      expect((await next.state(resumable, a!))?.state).toBe('completed');
      // One process by its data-folder lock on PGlite: no liveness rows there.
      const workers = (await executor.executeSql(`select count(*)::int as n from job_workers`)).rows[0]?.n;
      expect(workers).toBe(kind === 'pglite' ? 0 : 1);
    } finally {
      await next.stop();
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('two API processes on one PostgreSQL database', () => {
  let first: DbHandle;
  let second: DbHandle | null = null;
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('share the work and never send a mail twice', async () => {
    first = await createTestDb('postgres');
    const url = (first as DbHandle & { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    second = await openPostgres(url, 5);
    const sent: Array<{ app: number; to: string }> = [];
    const recorder = (app: number): Mailer => ({ send: async (mail: Mail) => void sent.push({ app, to: mail.to }) });
    const config = loadConfig({ DATA_DIR: '/nonexistent-test-data', WEB_DIST: '/nonexistent', EXTENSION_DIST: '/nonexistent', LOG_LEVEL: 'silent', JOBS_POLL_INTERVAL_MS: '100000' });
    const one = await buildApp({ config, db: first.db, logger: false, mailer: recorder(1) });
    const two = await buildApp({ config, db: second.db, logger: false, mailer: recorder(2) });
    try {
      const mail = (i: number): Mail => ({ from: { name: 'T', address: 't@x.io' }, to: `r${i}@x.io`, subject: 's', text: 't', html: '<p>t</p>' });
      // Enqueued through a worker-less handle so neither app runs them before both drain at once.
      const sender = new JobQueue(first.db, [emailJob as never], { pollIntervalMs: 100_000, log: quiet, worker: false });
      await sender.start({});
      for (let i = 0; i < 60; i++) await enqueueMail({ jobs: sender as never }, mail(i));
      await sender.stop();
      await Promise.all([one.jobs.drain(), two.jobs.drain()]);
      expect(sent).toHaveLength(60);
      expect(new Set(sent.map((s) => s.to)).size).toBe(60);
      expect(new Set(sent.map((s) => s.app))).toEqual(new Set([1, 2]));
    } finally {
      await one.close();
      await two.close();
    }
  });
});
