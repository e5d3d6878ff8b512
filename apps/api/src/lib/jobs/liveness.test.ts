import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnApiChild } from '../../testing/api-child';
import type { Persona } from '@shared/schemas/personas';
import { openPostgres, type DbHandle } from '../../db/client';
import { jobWorkers, prospects } from '../../db/schema';
import { DB_KINDS, createTestDb } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { blockingJob } from '../../testing/job-worker-child';
import { IMPORT_INTERRUPTED } from '../../modules/imports/job';
import { JOB_WORKER_LOCK_CLASS } from './liveness';
import { INTERRUPTED_REASON, JobQueue, JOBS_SCHEMA } from './queue';
import { executorFor } from './sql';

const quiet = { error: () => {}, warn: () => {} };
const urlOf = (handle: DbHandle) => (handle as DbHandle & { pool: { options: { connectionString: string } } }).pool.options.connectionString;

/** Another API process (testing/job-worker-child.ts) on this database; `line(prefix)` waits for what it says. */
function spawnWorker(mode: 'api' | 'queue', url: string) {
  const child = spawnApiChild(mode, url);
  const lines: string[] = [];
  const waiting: Array<{ prefix: string; resolve: (line: string) => void; reject: (err: Error) => void }> = [];
  let stderr = '';
  let buffer = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      lines.push(line);
      for (const w of waiting.filter((x) => line.startsWith(x.prefix))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('exit', (code, signal) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`the worker exited (${code ?? signal}) before "${w.prefix}": ${stderr}`));
  });
  return {
    child,
    line: (prefix: string) =>
      new Promise<string>((resolve, reject) => {
        const seen = lines.find((l) => l.startsWith(prefix));
        if (seen) resolve(seen);
        else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`the worker has exited: ${stderr}`));
        else waiting.push({ prefix, resolve, reject });
      }),
    /** kill -9, and the exit seen. */
    kill: async () => {
      process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
  };
}

/**
 * Resolves once the server has ended the dead process's session (its socket closed with it; the server
 * notices within milliseconds): taking its lock blocks exactly until then. No timeout is involved.
 */
async function serverSawItGo(url: string, lockKey: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${JOB_WORKER_LOCK_CLASS}, $1::int)`, [lockKey]);
    await client.query(`select pg_advisory_unlock(${JOB_WORKER_LOCK_CLASS}, $1::int)`, [lockKey]);
  } finally {
    await client.end();
  }
}

async function workerOf(handle: DbHandle, child: ChildProcess) {
  const rows = await handle.db.select().from(jobWorkers).where(eq(jobWorkers.pid, child.pid!));
  return rows;
}

// A child process loads the bundled API first (testing/api-child.ts): room for a loaded machine (a passing test ends when done).
const CHILD_TEST = { timeout: 120_000 };

describe.runIf(DB_KINDS.includes('postgres'))('job process liveness on PostgreSQL', () => {
  const children: Array<{ child: ChildProcess }> = [];
  afterAll(() => {
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  });

  it("two live processes never recover each other's runs; a run's owner is recorded when it starts", async () => {
    const first = await createTestDb('postgres');
    const second = await openPostgres(urlOf(first), 3);
    const releases: Array<() => void> = [];
    const runs: Array<{ queue: string; attempt: number }> = [];
    const job = (queue: string) =>
      blockingJob(async (attempt) => {
        runs.push({ queue, attempt });
        await new Promise<void>((resolve) => releases.push(resolve));
        return { by: queue };
      });
    const a = new JobQueue(first.db, [job('a')], { pollIntervalMs: 100_000, log: quiet });
    const b = new JobQueue(second.db, [job('b')], { pollIntervalMs: 100_000, log: quiet });
    try {
      await a.start({});
      await b.start({});
      // Each runs one (concurrency 1; a run waits for the test's release): the second goes to the idle one.
      const one = await a.send(job('a'), { n: 1 });
      while (runs.length < 1) await new Promise((resolve) => setImmediate(resolve));
      const idle = runs[0]!.queue === 'a' ? b : a;
      const two = await idle.send(job('b'), { n: 2 });
      while (runs.length < 2) await new Promise((resolve) => setImmediate(resolve));
      expect(runs.map((r) => r.queue).sort()).toEqual(['a', 'b']);
      const owners = await executorFor(first.db).executeSql(`select r.job_id, w.pid from job_runs r join job_workers w on w.id = r.worker_id order by r.job_id`);
      expect(owners.rows.map((r) => r.job_id).sort()).toEqual([one, two].sort());
      // Each looks for dead runs (as on every poll): the other's are alive.
      expect(await a.recoverInterrupted()).toBe(0);
      expect(await b.recoverInterrupted()).toBe(0);
      expect((await a.state(job('a'), one!))?.state).toBe('active');
      expect((await a.state(job('a'), two!))?.state).toBe('active');
      for (const release of releases) release();
      await Promise.all([a.drain(), b.drain()]);
      expect(runs.map((r) => r.attempt)).toEqual([0, 0]);
      expect((await a.state(job('a'), one!))?.state).toBe('completed');
      expect((await a.state(job('a'), two!))?.state).toBe('completed');
      // Finished runs' owner rows go with the next fetch.
      await a.drain();
      await b.drain();
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
    // A graceful stop removes the process's row.
    expect(await first.db.select().from(jobWorkers)).toEqual([]);
    await first.close();
  });

  it('a process whose lock connection drops takes its lock back at its next poll, or registers anew once judged dead', async () => {
    const handle = await createTestDb('postgres');
    const executor = executorFor(handle.db);
    const job = blockingJob(async () => undefined);
    const a = new JobQueue(handle.db, [job], { pollIntervalMs: 100_000, log: quiet, worker: false });
    const lockOf = (q: JobQueue) => (q as unknown as { liveness: { client: pg.Client } }).liveness.client;
    /** The server ends the lock's session (a restart, an admin, a dropped connection); resolves when the process has seen it. */
    const dropLock = async (key: number) => {
      const ended = new Promise((resolve) => lockOf(a).once('end', resolve));
      await executor.executeSql(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = $1::int::oid and objid = $2::int::oid and objsubid = 2 and granted`,
        [JOB_WORKER_LOCK_CLASS, key],
      );
      await ended;
    };
    const held = async (key: number) =>
      (await executor.executeSql(`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = $1::int::oid and objid = $2::int::oid and granted`, [JOB_WORKER_LOCK_CLASS, key])).rows[0]?.n;
    await a.start({});
    let other: JobQueue | null = null;
    try {
      const [before] = await handle.db.select().from(jobWorkers);
      await dropLock(before!.lockKey);
      expect(await held(before!.lockKey)).toBe(0);
      await a.recoverInterrupted();
      // No one judged it dead meanwhile: the same identity, its lock held again.
      expect(await handle.db.select().from(jobWorkers)).toEqual([before]);
      expect(await held(before!.lockKey)).toBe(1);

      await dropLock(before!.lockKey);
      // A process starting now finds its lock free and removes its row.
      other = new JobQueue(handle.db, [job], { pollIntervalMs: 100_000, log: quiet, worker: false });
      await other.start({});
      expect((await handle.db.select().from(jobWorkers)).map((w) => w.id)).not.toContain(before!.id);
      await a.recoverInterrupted();
      const rows = await handle.db.select().from(jobWorkers);
      expect(rows).toHaveLength(2);
      const again = rows.find((w) => w.pid === process.pid && w.id !== before!.id && w.lockKey > before!.lockKey);
      expect(again).toBeDefined();
    } finally {
      await other?.stop();
      await a.stop();
      await handle.close();
    }
  });

  it('a killed process: its run with a retry left is retried at the next start-up and completes once; a live one is left alone', CHILD_TEST, async () => {
    const handle = await createTestDb('postgres');
    const url = urlOf(handle);
    const worker = spawnWorker('queue', url);
    children.push(worker);
    const [, jobId, attempt] = (await worker.line('started ')).split(' ');
    expect(attempt).toBe('0');
    const runs: number[] = [];
    const job = blockingJob(async (n) => void runs.push(n));
    // A process that starts (and polls) while the other is alive and running it leaves it alone.
    const alive = new JobQueue(handle.db, [job], { pollIntervalMs: 100_000, log: quiet });
    await alive.start({});
    expect(await alive.recoverInterrupted()).toBe(0);
    expect((await alive.state(job, jobId!))?.state).toBe('active');
    await alive.stop();
    const [row] = await workerOf(handle, worker.child);
    expect(row).toMatchObject({ pid: worker.child.pid });

    await worker.kill();
    await serverSawItGo(url, row!.lockKey);
    // A process starting now recovers it at once (the run started seconds ago; its job allows an hour).
    const next = new JobQueue(handle.db, [job], { pollIntervalMs: 100_000, log: quiet, worker: false });
    await next.start({});
    try {
      expect(await next.state(job, jobId!)).toEqual({ state: 'retry', output: { message: INTERRUPTED_REASON } });
      // The dead process's row is gone.
      expect(await workerOf(handle, worker.child)).toEqual([]);
      await next.drain();
      expect(runs).toEqual([1]);
      expect((await next.state(job, jobId!))?.state).toBe('completed');
      await next.drain({ skipDelays: true });
      expect(runs).toEqual([1]);
    } finally {
      await next.stop();
      await handle.close();
    }
  });

  it('an import whose process is killed mid-way is failed and undone on the next poll of another process', CHILD_TEST, async () => {
    const t: TestApp = await startTestApp('postgres', { env: { JOBS_POLL_INTERVAL_MS: '100000' } });
    const worker = spawnWorker('api', urlOf(t.db));
    children.push(worker);
    try {
      const { headers, user } = await signedInUser(t, 'liveness-import');
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: v1(url), headers, payload });
      const mapping = { Name: 'full_name', Email: 'email', Title: 'title' };
      await post('/upload', { file_name: 'old.csv', content: 'Name,Email,Title\nKeep Me,keep@kill.io,Old title\n', mapping });
      await t.app.jobs.drain();
      const persona = (await post('/persons', { name: 'Killed' })).json<{ data: Persona }>().data;
      const port = (await worker.line('listening ')).split(' ')[1];
      // 1,500 rows: the first chunk of 1,000 (with a merge into Keep Me) commits, then the process stops.
      const csv = ['Name,Email,Title', 'Keep Me,keep@kill.io,New title', ...Array.from({ length: 1500 }, (_, i) => `Killed ${i},killed${i}@x.io,CTO`)].join('\n');
      const res = await fetch(`http://127.0.0.1:${port}${v1('/upload')}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ file_name: 'kill.csv', content: csv, mapping, persona_id: persona.id }),
      });
      expect(res.status, await res.clone().text()).toBe(202);
      const importId = ((await res.json()) as { data: { job_id: number } }).data.job_id;
      await worker.line('mid-import');
      const get = () => t.app.inject({ method: 'GET', url: v1(`/import_jobs/${importId}`), headers });
      expect((await get()).json().data).toMatchObject({ status: 'running', processed: 1000 });
      const [row] = await workerOf(t.db, worker.child);

      await worker.kill();
      await serverSawItGo(urlOf(t.db), row!.lockKey);
      // One poll of this process (expiry is 30 minutes away).
      await t.app.jobs.drain();
      expect((await get()).json().data).toMatchObject({ status: 'failed', failure: IMPORT_INTERRUPTED, processed: 0, created: 0, merged: 0 });
      expect(IMPORT_INTERRUPTED).toBe('The server stopped during the import; nothing was imported.');
      const left = await t.db.db.select().from(prospects).where(eq(prospects.accountId, user.account_id));
      expect(left.map((p) => [p.email, p.title])).toEqual([['keep@kill.io', 'Old title']]);
      const members = await t.app.inject({ method: 'GET', url: v1(`/persons/${persona.id}/loaded_prospects`), headers });
      expect(members.json().meta.total).toBe(0);
      const { rows } = await executorFor(t.db.db).executeSql(`select state::text, output from ${JOBS_SCHEMA}.job where name = 'csv-import' and data->>'import_id' = $1`, [String(importId)]);
      expect(rows).toEqual([{ state: 'failed', output: { message: INTERRUPTED_REASON } }]);
      expect(await workerOf(t.db, worker.child)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
