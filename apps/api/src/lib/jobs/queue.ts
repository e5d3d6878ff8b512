import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { ZodType } from 'zod';
import type { Db } from '../../db/client';
import { dbKindOf, executorFor, transactionExecutor, type SqlExecutor } from './sql';
import { asSystem, inAccount } from '../../db/tenancy';
import { ownerGoneSql, WorkerLiveness } from './liveness';

/** pg-boss's own tables live in this schema of the app's database. */
export const JOBS_SCHEMA = 'pgboss';

export type JobContext = {
  id: string;
  /** 0 on the first run, 1 on the first retry, … */
  attempt: number;
  /** Aborted when the app stops: a long job stops between steps and leaves a clean state. */
  signal: AbortSignal;
};

export type JobDefinition<P, D = unknown> = {
  name: string;
  payload: ZodType<P>;
  /**
   * Whose rows a run touches (db/tenancy.ts): the account it works for, read from its payload (null: that
   * account's row is gone, the run is skipped), or `{ system: why }` for work that is no one account's.
   * Handler and onGaveUp run in that scope, so a job cannot reach another account's rows.
   */
  scope: { system: string } | ((deps: D, payload: P) => number | null | Promise<number | null>);
  handler: (deps: D, payload: P, job: JobContext) => Promise<unknown>;
  /** Further attempts after a failure (0: none). */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) on each further one when retryBackoff. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * A run still active after this long is taken to have died with its process. On PostgreSQL a dead
   * process's runs are found at once (lib/jobs/liveness.ts): this is the fallback for a process the
   * database cannot reach (a network partition). On PGlite the data-folder lock proves a single process,
   * so every run still active at start-up was interrupted.
   */
  expireInSeconds: number;
  /** Runs of this job one process works on at a time. */
  concurrency: number;
  /**
   * An interrupted run that will not be retried (no retries left): clean up and record why, for the user.
   * Also called when a run fails for good (its last attempt threw).
   */
  onGaveUp?: (deps: D, payload: P, reason: string) => Promise<void>;
};

export function defineJob<P, D = unknown>(
  def: Pick<JobDefinition<P, D>, 'name' | 'payload' | 'handler' | 'scope'> & Partial<Omit<JobDefinition<P, D>, 'name' | 'payload' | 'handler' | 'scope'>>,
): JobDefinition<P, D> {
  return { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 15 * 60, concurrency: 2, ...def };
}

export type SendOptions = {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Db;
  /** Idempotency: a second send with the same key (for this job) is ignored and answers null. */
  key?: string;
  startAfter?: Date;
};

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export const INTERRUPTED_REASON = 'The server stopped while this job was running';

type Logger = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
type AnyDefinition = JobDefinition<never, never>;
/** Any job of these deps, whatever its payload (a list of jobs mixes payload types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob<D> = JobDefinition<any, D>;
type FetchedJob = { id: string; name: string; data: unknown; retryCount?: number; retry_count?: number };

/** A deterministic UUID for an idempotency key, so pg-boss's own primary key refuses the repeat. */
const keyId = (name: string, key: string) => {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Appended to a statement whose `started` CTE starts runs: records this process ($3) as their owner. */
const OWNED_CTE = `, owned as (
         insert into job_runs (job_id, worker_id) select id, $3::uuid from started
         on conflict (job_id) do update set worker_id = excluded.worker_id
       )`;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * The durable job queue: pg-boss 10 keeps the jobs (state, retries with backoff, SKIP LOCKED so several
 * processes on one database never run a job twice); this class runs them. It polls (no LISTEN on PGlite)
 * every `pollIntervalMs`, and at once after a local send; tests call `drain()` instead of waiting.
 */
export class JobQueue<D = unknown> {
  readonly kind: 'pglite' | 'postgres';
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly running = new Map<string, { name: string; done: Promise<void>; abort: AbortController }>();
  private readonly settled = new EventEmitter();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private deps: D | null = null;
  /** PostgreSQL only: this process's liveness lock and row (null on PGlite, one process by its data-folder lock). */
  private readonly liveness: WorkerLiveness | null;
  /** Dead workers' rows are swept once at start-up, then as their runs are found. */
  private swept = false;

  constructor(
    private readonly db: Db,
    definitions: ReadonlyArray<AnyJob<D>>,
    private readonly options: { pollIntervalMs: number; log: Logger; worker?: boolean },
  ) {
    this.kind = dbKindOf(db);
    for (const def of definitions) this.definitions.set(def.name, def as unknown as AnyDefinition);
    this.boss = new PgBoss({
      db: executorFor(db),
      schema: JOBS_SCHEMA,
      // Expiry is ours (recoverInterrupted), so an expired run cleans up through its job's onGaveUp.
      supervise: true,
      maintenanceIntervalSeconds: 300,
      schedule: false,
      migrate: true,
    });
    this.boss.on('error', (err) => options.log.error({ err }, 'job queue maintenance failed'));
    this.liveness = this.kind === 'postgres' ? new WorkerLiveness(db, executorFor(db), options.log) : null;
    this.settled.setMaxListeners(0);
  }

  /** Installs (or checks) the queue's tables, creates the queues, recovers interrupted runs, starts polling. */
  async start(deps: D): Promise<void> {
    this.deps = deps;
    await this.boss.start();
    const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
    for (const def of this.definitions.values()) {
      if (!existing.has(def.name)) await this.boss.createQueue(def.name, { name: def.name, policy: 'standard' });
    }
    // Registered (and its lock held) before any run starts, so every run it starts names a live owner.
    await this.liveness?.ensure();
    this.started = true;
    await this.recoverInterrupted();
    if (this.options.worker !== false) this.schedule(0);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const run of this.running.values()) run.abort.abort();
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
    await this.ticking?.catch(() => 0);
    if (this.started) await this.boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
    await this.liveness?.close();
  }

  async send<P>(def: JobDefinition<P, D>, payload: P, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(def.name)) throw new Error(`job ${def.name} is not registered`);
    const data = def.payload.parse(payload);
    const id = await this.boss.send(def.name, data as object, {
      id: options.key ? keyId(def.name, options.key) : undefined,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: def.retryBackoff,
      // pg-boss's own expiry is only a backstop behind recoverInterrupted().
      expireInSeconds: def.expireInSeconds + 3600,
      startAfter: options.startAfter,
      db: options.tx ? (transactionExecutor(options.tx) as never) : undefined,
    } as PgBoss.SendOptions);
    // Outside a transaction it is visible now: run it without waiting for the next poll.
    if (!options.tx) this.pollNow();
    return id;
  }

  /**
   * send() for a job named by its registered name: for a module that may not import the job's own (a job
   * whose handler reaches back into the sender's module would make an import cycle).
   */
  async sendNamed(name: string, payload: unknown, options: SendOptions = {}): Promise<string | null> {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`job ${name} is not registered`);
    return this.send(def as unknown as JobDefinition<unknown, D>, payload, options);
  }

  /**
   * Many runs of one job in one statement (a batch written in `tx`, e.g. an enrolment batch's compose
   * jobs): each with its payload and, as in send(), an optional idempotency key (a repeat is ignored).
   */
  async sendMany<P>(def: JobDefinition<P, D>, items: ReadonlyArray<{ payload: P; key?: string }>, options: Pick<SendOptions, 'tx'> = {}): Promise<void> {
    if (!this.definitions.has(def.name)) throw new Error(`job ${def.name} is not registered`);
    if (items.length === 0) return;
    const jobs = items.map((item) => ({
      id: item.key ? keyId(def.name, item.key) : undefined,
      name: def.name,
      data: def.payload.parse(item.payload) as object,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: def.retryBackoff,
      expireInSeconds: def.expireInSeconds + 3600,
    }));
    await this.boss.insert(jobs, { db: options.tx ? (transactionExecutor(options.tx) as never) : undefined } as PgBoss.InsertOptions);
    if (!options.tx) this.pollNow();
  }

  /** The job's state and output (for a status answer), or null if unknown (or long archived). */
  async state(def: JobDefinition<never, D> | { name: string }, id: string): Promise<{ state: JobState; output: unknown } | null> {
    const job = await this.boss.getJobById(def.name, id, { includeArchive: true });
    return job ? { state: job.state as JobState, output: job.output } : null;
  }

  /**
   * Resolves when a run of this id in this process settles ('completed' or 'failed' — 'failed' with retries
   * left means a retry is due), or with null after `timeoutMs`.
   */
  waitForLocal(id: string, timeoutMs: number): Promise<{ state: 'completed' | 'failed'; output: unknown } | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.settled.off(id, onSettled);
        resolve(null);
      }, timeoutMs);
      const onSettled = (value: { state: 'completed' | 'failed'; output: unknown }) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.settled.once(id, onSettled);
    });
  }

  /**
   * Runs this queued job here and now if this process has room for it (a request that waits for its own
   * job, e.g. a generation answered within its sync wait); otherwise the next poll (here or elsewhere) takes it.
   */
  async runNow(def: JobDefinition<never, D> | AnyJob<D>, id: string): Promise<boolean> {
    if (this.stopped || !this.started) return false;
    const known = this.definitions.get(def.name);
    if (!known || [...this.running.values()].filter((r) => r.name === def.name).length >= known.concurrency) return false;
    const owner = this.liveness ? await this.liveness.ensure() : null;
    const { rows } = await this.executor().executeSql(
      `with started as (
         update ${JOBS_SCHEMA}.job set state = 'active', started_on = now()
         where name = $1 and id = $2::uuid and state = 'created' and start_after < now() + interval '1 second'
         returning id, name, data, retry_count as "retryCount"
       )${owner ? OWNED_CTE : ''}
       select * from started`,
      owner ? [def.name, id, owner] : [def.name, id],
    ).catch(this.ownerRowGone);
    if (!rows[0]) return false;
    this.runJob(known, rows[0] as FetchedJob);
    return true;
  }

  /** Poll now (after a send, or when a test wants the work done). */
  pollNow(): void {
    if (this.stopped || !this.started || this.options.worker === false) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Tests and graceful hand-offs: runs every job that is due until none is left. `skipDelays` treats retry
   * back-offs and start-after times as elapsed (a test's clock jump).
   */
  async drain(options: { skipDelays?: boolean } = {}): Promise<void> {
    const names = [...this.definitions.keys()];
    for (let round = 0; round < 10_000; round++) {
      // A stopped queue runs nothing more (the app is closing): what is left stays in the table for the next start.
      if (this.stopped) return;
      if (options.skipDelays) {
        await this.executor().executeSql(
          `update ${JOBS_SCHEMA}.job set start_after = now() - interval '1 second' where name = any($1::text[]) and state in ('created', 'retry')`,
          [names],
        );
      }
      const fetched = await this.tick();
      await Promise.allSettled([...this.running.values()].map((r) => r.done));
      if (fetched > 0) continue;
      const { rows } = await this.executor().executeSql(
        // With skipDelays a job waiting for its back-off is due at the next round (a run that another poll
        // took and failed meanwhile counts too).
        `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = any($1::text[]) and state < 'active'${options.skipDelays ? '' : ' and start_after < now()'}`,
        [names],
      );
      if (Number(rows[0]?.n ?? 0) === 0 && this.running.size === 0) return;
    }
    throw new Error('the job queue did not drain');
  }

  /**
   * Runs that died with their process. On PGlite at start-up: every run still active (the data-folder lock
   * proves one process). On PostgreSQL, at start-up and on each poll: runs whose process is gone (its
   * liveness lock is free, lib/jobs/liveness.ts), found at once, and runs active past their job's
   * expireInSeconds (the fallback for a process the database cannot reach). Never a run of this process.
   * Each is retried if it has retries left (its handler resumes or cleans up) or failed with
   * INTERRUPTED_REASON and its onGaveUp told, in the job's scope. Dead processes' rows are then removed.
   */
  async recoverInterrupted(): Promise<number> {
    const defs = [...this.definitions.values()];
    if (defs.length === 0) return 0;
    const names = defs.map((d) => d.name);
    const mine = [...this.running.keys()];
    const executor = this.executor();
    let found: Array<Record<string, unknown>>;
    let dead: string[] = [];
    if (this.liveness) {
      const me = await this.liveness.ensure();
      // Taken before the runs are read: a worker dead now is dead below too, so its runs are all recovered.
      if (!this.swept) dead = await this.liveness.deadWorkers();
      // One cheap statement per poll: the lock is tried only for runs active elsewhere (released at once).
      const { rows } = await executor.executeSql(
        `select j.id, j.name, j.started_on::text as started_on, r.worker_id,
           j.started_on < now() - make_interval(secs => d.expire) as overdue,
           (case when w.id is null then false else ${ownerGoneSql('w.lock_key')} end) as owner_gone
         from ${JOBS_SCHEMA}.job j
         join unnest($1::text[], $2::int[]) as d(name, expire) on d.name = j.name
         left join job_runs r on r.job_id = j.id
         left join job_workers w on w.id = r.worker_id
         where j.name = any($1::text[]) and j.state = 'active' and not (j.id = any($3::uuid[])) and r.worker_id is distinct from $4::uuid`,
        [names, defs.map((d) => d.expireInSeconds), mine, me],
      );
      found = rows.filter((r) => r.owner_gone === true || r.overdue === true);
      for (const r of found) if (r.owner_gone === true && r.worker_id) dead.push(String(r.worker_id));
    } else {
      const { rows } = await executor.executeSql(
        `select id, name, started_on::text as started_on from ${JOBS_SCHEMA}.job
         where name = any($1::text[]) and state = 'active' and not (id = any($2::uuid[]))`,
        [names, mine],
      );
      found = rows;
    }
    let recovered = 0;
    if (found.length) {
      // Only the run that was found: a run since retried and started again (its started_on moved on) is left alone.
      const { rows } = await executor.executeSql(
        `update ${JOBS_SCHEMA}.job j set
           state = (case when j.retry_count < j.retry_limit then 'retry' else 'failed' end)::${JOBS_SCHEMA}.job_state,
           completed_on = case when j.retry_count < j.retry_limit then null else now() end,
           start_after = now(),
           output = jsonb_build_object('message', $1::text)
         from unnest($2::uuid[], $3::text[]) as c(id, started_on)
         where j.name = any($4::text[]) and j.id = c.id and j.state = 'active' and j.started_on = c.started_on::timestamptz
         returning j.id, j.name, j.state::text as state, j.data`,
        [INTERRUPTED_REASON, found.map((r) => r.id), found.map((r) => r.started_on), names],
      );
      for (const row of rows) {
        recovered++;
        const def = this.definitions.get(String(row.name))!;
        this.options.log.warn({ job: def.name, id: row.id, state: row.state }, 'job interrupted by a stopped server');
        if (row.state === 'failed' && def.onGaveUp && this.deps) {
          const parsed = def.payload.safeParse(row.data);
          if (parsed.success) {
            const payload = parsed.data;
            await this.inScope(def, payload, () => def.onGaveUp!(this.deps as never, payload, INTERRUPTED_REASON)).catch((err) =>
              this.options.log.error({ err }, 'cleaning up an interrupted job failed'),
            );
          }
        }
      }
    }
    if (this.liveness) {
      await this.liveness.forget([...new Set(dead)]);
      this.swept = true;
    }
    return recovered;
  }

  /** Runs `fn` in the tenancy scope the job declares; a run whose account is gone does nothing. */
  private async inScope<T>(def: AnyDefinition, payload: never, fn: () => Promise<T>): Promise<T | undefined> {
    const { scope } = def;
    if (typeof scope !== 'function') return asSystem(`job ${def.name}: ${scope.system}`, fn);
    const accountId = await asSystem(`job ${def.name} finds its account`, () => scope(this.deps as never, payload));
    if (accountId === null) {
      this.options.log.warn({ job: def.name }, 'job skipped: the account it worked for is gone');
      return undefined;
    }
    return inAccount(accountId, null, fn);
  }

  /** A run could not name this process as its owner: its row is gone (judged dead after a lost lock connection). */
  private readonly ownerRowGone = (err: unknown): never => {
    if ((err as { code?: string }).code === '23503') this.liveness?.suspect();
    throw err;
  };

  private executor(): SqlExecutor {
    return executorFor(this.db);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick()
        .catch((err) => this.options.log.error({ err }, 'job queue poll failed'))
        .finally(() => {
          if (this.again) {
            this.again = false;
            this.schedule(0);
          } else this.schedule(this.options.pollIntervalMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One poll: fetch what each job has room for and start it. Answers how many runs started. */
  private tick(): Promise<number> {
    if (this.ticking) {
      this.again = true;
      return this.ticking.then(() => this.tick());
    }
    const run = async () => {
      let started = 0;
      if (this.stopped) return 0;
      if (this.kind === 'postgres') await this.recoverInterrupted();
      // One cheap look first (the idle case: nothing due): the fetch statements only for jobs with work due.
      const { rows: due } = await this.executor().executeSql(
        `select distinct name from ${JOBS_SCHEMA}.job where name = any($1::text[]) and state < 'active' and start_after < now()`,
        [[...this.definitions.keys()]],
      );
      const dueNames = new Set(due.map((r) => String(r.name)));
      for (const def of this.definitions.values()) {
        if (!dueNames.has(def.name)) continue;
        const busy = [...this.running.values()].filter((r) => r.name === def.name).length;
        const room = def.concurrency - busy;
        if (room <= 0 || this.stopped) continue;
        const jobs = await this.fetch(def, room);
        for (const job of jobs) {
          this.runJob(def, job);
          started++;
        }
      }
      return started;
    };
    this.ticking = run().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /**
   * Starts up to `batchSize` due runs of this job (pg-boss's own fetch statement, SKIP LOCKED, for a
   * 'standard' queue, the only policy JobQueue creates). On PostgreSQL the same statement records this
   * process as their owner in job_runs and drops its rows of runs that are no longer active.
   */
  private async fetch(def: AnyDefinition, batchSize: number): Promise<FetchedJob[]> {
    const owner = this.liveness?.id ?? null;
    const { rows } = await this.executor().executeSql(
      `with next as (
         select id from ${JOBS_SCHEMA}.job
         where name = $1 and state < 'active' and start_after < now()
         order by priority desc, created_on, id
         limit $2
         for update skip locked
       ), started as (
         update ${JOBS_SCHEMA}.job j set
           state = 'active',
           started_on = now(),
           retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
         from next where j.name = $1 and j.id = next.id
         returning j.id, j.name, j.data, j.retry_count as "retryCount"
       )${
         owner
           ? `${OWNED_CTE}, finished as (
         delete from job_runs r where r.worker_id = $3::uuid and r.job_id not in (select id from started)
           and not exists (select 1 from ${JOBS_SCHEMA}.job j where j.id = r.job_id and j.state = 'active')
       )`
           : ''
       }
       select * from started`,
      owner ? [def.name, batchSize, owner] : [def.name, batchSize],
    ).catch(this.ownerRowGone);
    return rows as FetchedJob[];
  }

  private runJob(def: AnyDefinition, job: FetchedJob): void {
    const abort = new AbortController();
    const attempt = Number(job.retryCount ?? job.retry_count ?? 0);
    const done = (async () => {
      let outcome: { state: 'completed' | 'failed'; output: unknown };
      const parsed = def.payload.safeParse(job.data);
      try {
        if (!parsed.success) throw new Error(`bad payload for ${def.name}: ${parsed.error.message}`);
        const payload = parsed.data;
        const output = await this.inScope(def, payload, () => def.handler(this.deps as never, payload, { id: job.id, attempt, signal: abort.signal }));
        await this.boss.complete(def.name, job.id, (output && typeof output === 'object' ? output : { value: output ?? null }) as object);
        outcome = { state: 'completed', output };
      } catch (err) {
        const output = { message: messageOf(err) };
        if (!this.stopped || !abort.signal.aborted) this.options.log.error({ err, job: def.name, id: job.id }, 'job failed');
        try {
          await this.boss.fail(def.name, job.id, output);
          if (attempt >= def.retryLimit && def.onGaveUp && parsed.success) {
            const payload = parsed.data;
            await this.inScope(def, payload, () => def.onGaveUp!(this.deps as never, payload, output.message));
          }
        } catch (e) {
          this.options.log.error({ err: e, job: def.name, id: job.id }, 'recording a failed job failed');
        }
        outcome = { state: 'failed', output };
      }
      this.settled.emit(job.id, outcome);
    })().finally(() => {
      this.running.delete(job.id);
      // Room again: look for more work now rather than at the next interval.
      this.pollNow();
    });
    this.running.set(job.id, { name: def.name, done, abort });
  }
}

/** Installs pg-boss's tables (part of `migrate()`, so test templates and `npm start`'s template carry them). */
export async function installJobSchema(db: Db): Promise<void> {
  const boss = new PgBoss({ db: executorFor(db), schema: JOBS_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}
