import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { GeneratedText, GenerationJob } from '@shared/schemas/messaging';
import type { Db } from '../../db/client';
import { generationJobs, type GenerationJobRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { TextProviderError } from './provider';

export const JOB_NOT_FOUND = 'Generation job not found';

export type GenerationAnswer = { status: 200; body: { data: GeneratedText } } | { status: 202; body: { job_id: string; status: 'pending' } };

const toError = (err: unknown) =>
  err instanceof TextProviderError ? { message: err.message, status: err.status } : err instanceof HttpError ? { message: err.messages.join('; '), status: err.statusCode } : { message: 'Text generation failed', status: 502 };

/**
 * The one generation contract: the text in the answer (200) when ready within config.ai.syncWaitMs,
 * else 202 with a job id; the job row (any instance can answer the poll) gets the result or the
 * error when the work settles. Provider failures within the wait answer 502/504 at once.
 */
export async function runGeneration(deps: Deps, auth: AuthContext, kind: string, work: () => Promise<GeneratedText>): Promise<GenerationAnswer> {
  type Settled = { ok: true; value: GeneratedText } | { ok: false; error: unknown };
  const settled: Promise<Settled> = work().then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([settled, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.config.ai.syncWaitMs)))]);
  clearTimeout(timer);
  if (waited) {
    if (waited.ok) return { status: 200, body: { data: waited.value } };
    const e = toError(waited.error);
    if (e.status < 500) throw waited.error;
    throw new HttpError(e.status, [e.message]);
  }
  const id = randomUUID();
  await deps.db.insert(generationJobs).values({ id, accountId: auth.account.id, kind, status: 'pending' });
  void settled.then(async (s) => {
    try {
      if (s.ok) {
        await deps.db
          .update(generationJobs)
          .set({ status: 'succeeded', result: s.value as unknown as Record<string, unknown>, finishedAt: new Date() })
          .where(eq(generationJobs.id, id));
      } else {
        const e = toError(s.error);
        await deps.db.update(generationJobs).set({ status: 'failed', error: e.message, errorStatus: e.status, finishedAt: new Date() }).where(eq(generationJobs.id, id));
      }
    } catch {
      // The database went away (shutdown): the poll reports the job as timed out once it is stale.
    }
  });
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
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'pending'), lt(generationJobs.createdAt, staleBefore)))
      .returning();
    if (failed) return toJobJson(failed);
  }
  return toJobJson(row);
}
