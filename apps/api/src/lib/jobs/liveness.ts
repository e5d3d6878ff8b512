import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { Db } from '../../db/client';
import { clientOf, type SqlExecutor } from './sql';

/**
 * Process liveness for the job queue on PostgreSQL, without waiting for a timeout.
 *
 * Each API process registers itself in `job_workers` and holds, on a connection of its own, a session-level
 * advisory lock on its row's `lock_key` (a fresh number per process, never reused). PostgreSQL releases a
 * session's advisory locks the moment its backend ends, and a killed process (kill -9 included) closes its
 * socket, so the backend ends at once. Any process can then tell a dead owner by trying the lock (and
 * releasing it in the same statement). Every run the process starts is recorded in `job_runs` by the
 * statement that starts it (queue.ts), so the runs of a dead process are known.
 *
 * A live process that the database cannot reach (a network partition) keeps its lock until the server
 * drops the connection (TCP keepalive): its runs are recovered by their expiry, as before.
 */

/** The first half of the two-key advisory lock (`pg_advisory_lock(int, int)`); 8501 is the notifications' one. */
export const JOB_WORKER_LOCK_CLASS = 8502;

/** SQL answering true when the worker whose `lock_key` is `keyExpr` is gone (its lock was free; released again). */
export const ownerGoneSql = (keyExpr: string) =>
  `(case when pg_try_advisory_lock(${JOB_WORKER_LOCK_CLASS}, ${keyExpr}) then pg_advisory_unlock(${JOB_WORKER_LOCK_CLASS}, ${keyExpr}) else false end)`;

type Logger = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

export class WorkerLiveness {
  private client: pg.Client | null = null;
  /** Set when the lock's connection ends: the next poll registers again under a new identity. */
  private lost = false;
  private closed = false;
  /** This process's row in job_workers (a new one after a lost lock connection). */
  id: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly executor: SqlExecutor,
    private readonly log: Logger,
  ) {}

  /**
   * The lock is held and the row written: on the first call, and again after the lock's connection was
   * lost (a database restart, a dropped connection). Then the same identity is kept if its lock is still
   * free and its row still there (no other process has judged it dead yet); otherwise this process
   * registers anew, and the runs it still has were recovered elsewhere (they finish here; their completion
   * is refused or repeats an idempotent step, as after an expiry).
   */
  async ensure(): Promise<string> {
    if (this.id && !this.lost) return this.id;
    if (this.closed) throw new Error('the job worker is stopped');
    const previous = this.client;
    this.client = null;
    await previous?.end().catch(() => undefined);
    const pool = clientOf(this.db) as unknown as { options: pg.ClientConfig };
    const client = new pg.Client({ ...pool.options, keepAlive: true, application_name: 'job-worker-lock' });
    client.on('error', (err) => {
      if (this.client !== client) return;
      this.lost = true;
      this.log.error({ err }, 'the job worker lost its liveness lock connection; it takes the lock again at its next poll');
    });
    client.on('end', () => {
      if (this.client === client && !this.closed) this.lost = true;
    });
    await client.connect();
    try {
      let id = this.id;
      if (id) {
        const { rows } = await client.query<{ key: number }>(`select lock_key as key from job_workers where id = $1`, [id]);
        const key = rows[0]?.key;
        const kept = key !== undefined && (await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${JOB_WORKER_LOCK_CLASS}, $1::int) as ok`, [key])).rows[0]?.ok;
        // Judged dead meanwhile (its row gone): a new identity.
        if (kept && !(await client.query(`select 1 from job_workers where id = $1`, [id])).rows.length) {
          await client.query(`select pg_advisory_unlock(${JOB_WORKER_LOCK_CLASS}, $1::int)`, [key]);
          id = null;
        } else if (!kept) id = null;
      }
      if (!id) {
        id = randomUUID();
        // The lock is held before the row exists: a row whose lock is free belongs to a dead process.
        const { rows } = await client.query<{ key: number }>(`select nextval(pg_get_serial_sequence('job_workers', 'lock_key'))::int as key`);
        const key = rows[0]!.key;
        await client.query(`select pg_advisory_lock(${JOB_WORKER_LOCK_CLASS}, $1::int)`, [key]);
        await client.query(`insert into job_workers (id, lock_key, pid, host) values ($1, $2, $3, $4)`, [id, key, process.pid, hostname()]);
      }
      this.client = client;
      this.id = id;
      this.lost = false;
      return id;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  /** A statement found this process's row gone (it was judged dead): register again at the next poll. */
  suspect(): void {
    if (this.id) this.lost = true;
  }

  /** Rows of workers that are gone (their lock is free), this process's excluded. */
  async deadWorkers(): Promise<string[]> {
    const { rows } = await this.executor.executeSql(
      `select id from job_workers where id is distinct from $1::uuid and ${ownerGoneSql('lock_key')}`,
      [this.id],
    );
    return rows.map((r) => String(r.id));
  }

  /** Forgets workers that are gone (their job_runs rows go with them). Their runs must be recovered first. */
  async forget(ids: string[]): Promise<void> {
    if (ids.length) await this.executor.executeSql(`delete from job_workers where id = any($1::uuid[])`, [ids]);
  }

  /** A graceful stop: the row goes (with its job_runs), then the lock with the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.id) await this.forget([this.id]).catch((err) => this.log.error({ err }, 'removing the job worker row failed'));
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
