import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import { dbId, text } from '@shared/schemas/primitives';
import type { GeneratedText, GenerationJob } from '@shared/schemas/messaging';
import type { Db } from '../../db/client';
import { scopeAccountId } from '../../db/tenancy';
import { accounts, generationJobs, users, type GenerationJobRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { defineJob } from '../../lib/jobs/queue';
import type { AuthContext, Deps } from '../../lib/route';
import { TextProviderError } from './provider';

export const JOB_NOT_FOUND = 'Generation job not found';

export type GenerationAnswer = { status: 200; body: { data: GeneratedText } } | { status: 202; body: { job_id: string; status: 'pending' } };

const toError = (err: unknown) =>
  err instanceof TextProviderError ? { message: err.message, status: err.status } : err instanceof HttpError ? { message: err.messages.join('; '), status: err.statusCode } : { message: 'Text generation failed', status: 502 };

/** Who asked: the generation runs as them (their account's rows, their name in the activity log). */
export type Requester = Pick<AuthContext, 'user' | 'account'>;

/** A kind of text generation: its input (saved in the job, so any instance can run it) and its work. */
export type Generation<I> = { kind: string; input: ZodType<I>; run: (deps: Deps, who: Requester, input: I) => Promise<GeneratedText> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const generations = new Map<string, Generation<any>>();

/** Declares a generation kind (at module load, beside the route that uses it). */
export function defineGeneration<I>(kind: string, input: ZodType<I>, run: Generation<I>['run']): Generation<I> {
  const generation = { kind, input, run };
  generations.set(kind, generation);
  return generation;
}

/** A generation of the account this code runs for (db/tenancy.ts: the job's or the request's scope). */
const ownGeneration = (id: string) => and(eq(generationJobs.id, id), eq(generationJobs.accountId, scopeAccountId()));

const failedForGood = (db: Db, id: string, error: { message: string; status: number }) =>
  db
    .update(generationJobs)
    .set({ status: 'failed', error: error.message, errorStatus: error.status, finishedAt: new Date() })
    .where(and(ownGeneration(id), eq(generationJobs.status, 'pending')));

/**
 * The generation as a durable job: the provider's answer (text or error) is the job's result, kept on the
 * generation_jobs row. Only the unexpected (the database gone, the server stopped mid-way) retries.
 */
export const generationJob = defineJob<{ generation_id: string; kind: string; user_id: number; input: unknown }, Deps>({
  name: 'ai-generation',
  payload: z.object({ generation_id: text().uuid(), kind: text(), user_id: dbId(), input: z.unknown() }),
  scope: async (deps, { generation_id }) =>
    (await deps.db.select({ accountId: generationJobs.accountId }).from(generationJobs).where(eq(generationJobs.id, generation_id)))[0]?.accountId ?? null,
  retryLimit: 2,
  retryDelaySeconds: 2,
  expireInSeconds: 10 * 60,
  concurrency: 4,
  handler: async (deps, payload) => {
    const [row] = await deps.db.select().from(generationJobs).where(ownGeneration(payload.generation_id));
    if (!row || row.status !== 'pending') return; // settled already
    const generation = generations.get(payload.kind);
    const [user] = await deps.db.select().from(users).where(and(eq(users.id, payload.user_id), eq(users.accountId, row.accountId)));
    const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, row.accountId));
    if (!generation || !user || !account) {
      await failedForGood(deps.db, row.id, { message: 'Text generation failed', status: 502 });
      return;
    }
    let outcome: { ok: true; value: GeneratedText } | { ok: false; error: { message: string; status: number } };
    try {
      outcome = { ok: true, value: await generation.run(deps, { user, account }, generation.input.parse(payload.input)) };
    } catch (err) {
      outcome = { ok: false, error: toError(err) };
    }
    if (outcome.ok) {
      await deps.db
        .update(generationJobs)
        .set({ status: 'succeeded', result: outcome.value as unknown as Record<string, unknown>, finishedAt: new Date() })
        .where(ownGeneration(row.id));
    } else await failedForGood(deps.db, row.id, outcome.error);
  },
  onGaveUp: async (deps, payload) => void (await failedForGood(deps.db, payload.generation_id, { message: 'Text generation failed', status: 502 })),
});

/**
 * The one generation contract: the text in the answer (200) when the job finishes within
 * config.ai.syncWaitMs, else 202 with a job id; the job row (any instance can answer the poll) gets the
 * result or the error when the job settles. Provider failures within the wait answer 502/504 at once,
 * a client's mistake its own 4xx.
 */
export async function runGeneration<I>(deps: Deps, auth: AuthContext, generation: Generation<I>, input: I): Promise<GenerationAnswer> {
  const id = randomUUID();
  const jobId = await deps.db.transaction(async (tx) => {
    await tx.insert(generationJobs).values({ id, accountId: auth.account.id, kind: generation.kind, status: 'pending' });
    return deps.jobs.send(generationJob, { generation_id: id, kind: generation.kind, user_id: auth.user.id, input: generation.input.parse(input) }, { tx, key: id });
  });
  let settled = null;
  if (jobId) {
    const waiting = deps.jobs.waitForLocal(jobId, deps.config.ai.syncWaitMs);
    // Run here at once when there is room (the answer is awaited); else any instance's next poll.
    if (!(await deps.jobs.runNow(generationJob, jobId))) deps.jobs.pollNow();
    settled = await waiting;
  }
  if (settled?.state === 'completed') {
    const [row] = await deps.db.select().from(generationJobs).where(ownGeneration(id));
    if (row?.status === 'succeeded') return { status: 200, body: { data: row.result as unknown as GeneratedText } };
    if (row?.status === 'failed') throw new HttpError(row.errorStatus ?? 502, [row.error ?? 'Text generation failed']);
  }
  return { status: 202, body: { job_id: id, status: 'pending' } };
}

function toJobJson(row: GenerationJobRow): GenerationJob {
  return {
    id: row.id,
    status: row.status,
    result: (row.result as GeneratedText | null) ?? null,
    error: row.error,
    error_status: row.errorStatus,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** A job of the account's; one left pending past the provider timeout (its instance stopped) is failed with 504. */
export async function getJob(db: Db, deps: Deps, auth: AuthContext, id: string): Promise<GenerationJob> {
  const [row] = await db.select().from(generationJobs).where(and(eq(generationJobs.id, id), eq(generationJobs.accountId, auth.account.id)));
  if (!row) throw notFound(JOB_NOT_FOUND);
  const staleBefore = new Date(Date.now() - deps.config.ai.timeoutMs - 30_000);
  if (row.status === 'pending' && row.createdAt < staleBefore) {
    const [failed] = await db
      .update(generationJobs)
      .set({ status: 'failed', error: 'The AI text provider did not finish in time', errorStatus: 504, finishedAt: new Date() })
      .where(and(ownGeneration(id), eq(generationJobs.status, 'pending'), lt(generationJobs.createdAt, staleBefore)))
      .returning();
    if (failed) return toJobJson(failed);
  }
  return toJobJson(row);
}
