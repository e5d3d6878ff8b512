import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { INTEGRATION_PROVIDER_LABELS, type IntegrationProviderId, type IntegrationWrite } from '@shared/schemas/integrations';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { integrations, integrationWrites, type IntegrationWriteRow } from '../../db/schema';
import { scopeAccountId } from '../../db/tenancy';
import { withinTransaction } from '../../db/transaction';
import { notFound, HttpError } from '../../lib/http-error';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { operationOf, providerOf } from './registry';
import { NeedsReconnectError } from './tokens';
import { vendorClient, VendorError, VendorRateLimited } from './vendor-fetch';

/**
 * THE write ledger: every write to a vendor goes through `ledgerWrite`. It records the write under its idempotency key
 * (unique per account: a key asked for before is never written again, whatever became of it) and enqueues the durable
 * job `integration-write` in the same transaction, so the vendor is called after the commit, never inside the request.
 * The job runs the operation the provider registered under that name (providers.ts WriteOperation), records the
 * vendor's record id, status, attempts and error; a 429 or our pacing reschedules it for the vendor's Retry-After; an
 * outage is retried with backoff; a refusal (4xx) or a withdrawn access fails it, and the page can replay it.
 */

export type LedgerWriteSpec = {
  accountId: number;
  integrationId: number;
  provider: IntegrationProviderId;
  /** The same key twice is one write: build it from what makes the write the same (prospect and data sent). */
  key: string;
  /** A registered operation name ("hubspot.upsert_contact"). */
  operation: string;
  /** For people: what will be sent. */
  summary: string;
  input: Record<string, unknown>;
  prospectId?: number | null;
  /** The vendor record it writes to, when known already (an update). */
  recordId?: string | null;
};

export function toWriteJson(row: IntegrationWriteRow): IntegrationWrite {
  return {
    id: row.id,
    integration_id: row.integrationId,
    provider: row.provider,
    operation: row.operation,
    idempotency_key: row.idempotencyKey,
    prospect_id: row.prospectId,
    record_id: row.recordId,
    summary: row.summary,
    status: row.status,
    response_status: row.responseStatus,
    attempts: row.attempts,
    error: row.error,
    replayable: row.status === 'failed' && row.integrationId !== null,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Records the write and enqueues its job, in `db`'s transaction; a key already recorded answers that row (created: false). */
export async function ledgerWrite(db: Db, deps: Deps, spec: LedgerWriteSpec): Promise<{ write: IntegrationWriteRow; created: boolean }> {
  if (!operationOf(spec.operation)) throw new Error(`no integration write operation ${spec.operation} is registered`);
  return withinTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(integrationWrites)
      .values({
        accountId: spec.accountId,
        integrationId: spec.integrationId,
        provider: spec.provider,
        operation: spec.operation,
        idempotencyKey: spec.key,
        prospectId: spec.prospectId ?? null,
        recordId: spec.recordId ?? null,
        summary: spec.summary.slice(0, 500),
        input: spec.input,
      })
      .onConflictDoNothing({ target: [integrationWrites.accountId, integrationWrites.idempotencyKey] })
      .returning();
    if (inserted) {
      await deps.jobs.send(integrationWriteJob, { account_id: spec.accountId, write_id: inserted.id }, { tx, key: `${inserted.id}:0` });
      return { write: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(integrationWrites)
      .where(and(eq(integrationWrites.accountId, spec.accountId), eq(integrationWrites.idempotencyKey, spec.key)));
    return { write: existing!, created: false };
  });
}

const payloadSchema = z.object({ account_id: dbId(), write_id: dbId() });
type Payload = z.infer<typeof payloadSchema>;

async function update(db: Db, row: Pick<IntegrationWriteRow, 'accountId' | 'id'>, set: Partial<typeof integrationWrites.$inferInsert>) {
  await db
    .update(integrationWrites)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(integrationWrites.accountId, row.accountId), eq(integrationWrites.id, row.id)));
}

/** Runs one ledger entry (see above). Answers what happened, for the job's record. */
export async function runWrite(deps: Deps, writeId: number): Promise<Record<string, unknown>> {
  const accountId = scopeAccountId();
  const now = deps.clock ? deps.clock() : new Date();
  const [row] = await deps.db
    .select()
    .from(integrationWrites)
    .where(and(eq(integrationWrites.accountId, accountId), eq(integrationWrites.id, writeId)));
  if (!row) return { skipped: 'the write is gone' };
  if (row.status === 'succeeded' || row.status === 'failed') return { skipped: `already ${row.status}` };
  const label = INTEGRATION_PROVIDER_LABELS[row.provider];
  const fail = async (error: string, responseStatus: number | null = null) => {
    await update(deps.db, row, { status: 'failed', error: error.slice(0, 1000), responseStatus, nextAttemptAt: null, completedAt: now });
    return { failed: error };
  };
  const [integration] = row.integrationId
    ? await deps.db
        .select()
        .from(integrations)
        .where(and(eq(integrations.accountId, accountId), eq(integrations.id, row.integrationId)))
    : [];
  if (!integration) return fail(`${label} was disconnected before this write ran`);
  const provider = providerOf(integration.provider);
  const operation = operationOf(row.operation);
  if (!provider || !operation) return fail(`This server cannot perform ${row.operation}`);
  if (integration.status === 'needs_reconnect') return fail(`${label} needs to be reconnected: ${integration.statusMessage ?? 'access was withdrawn'}. Replay this write once it is.`);

  await update(deps.db, row, { status: 'running', attempts: row.attempts + 1, nextAttemptAt: null });
  try {
    const client = vendorClient(deps, provider, integration);
    const out = await operation.run({ deps, integration, client, now }, row.input, { recordId: row.recordId });
    await deps.db.transaction(async (tx) => {
      await update(tx, row, { status: 'succeeded', recordId: out.recordId, responseStatus: out.responseStatus, result: out.result ?? null, error: null, completedAt: now });
      for (const next of out.followUps ?? []) await ledgerWrite(tx, deps, { ...next, accountId, integrationId: integration.id, provider: integration.provider });
    });
    await deps.db
      .update(integrations)
      .set({ lastSyncAt: now, ...(integration.status === 'error' ? { status: 'connected' as const, statusMessage: null } : {}) })
      .where(and(eq(integrations.accountId, accountId), eq(integrations.id, integration.id)));
    return { succeeded: out.recordId };
  } catch (err) {
    if (err instanceof VendorRateLimited) {
      // Not a failure: the write waits for the vendor's (or our pacing's) next window, as a job due then.
      await update(deps.db, row, { status: 'pending', error: err.message, nextAttemptAt: err.retryAt });
      await deps.jobs.send(integrationWriteJob, { account_id: accountId, write_id: row.id }, { key: `${row.id}:${row.attempts + 1}`, startAfter: err.retryAt });
      return { deferred: err.retryAt.toISOString() };
    }
    if (err instanceof NeedsReconnectError) return fail(`${err.message}. Replay this write once ${label} is reconnected.`);
    if (err instanceof VendorError && !err.transient) return fail(err.message, err.status);
    // An outage or a network failure: the job's own retries (with backoff) try again; onGaveUp fails it for good.
    await update(deps.db, row, { status: 'pending', error: (err as Error).message.slice(0, 1000), responseStatus: err instanceof VendorError ? err.status || null : null });
    throw err;
  }
}

export const integrationWriteJob = defineJob<Payload, Deps>({
  name: 'integration-write',
  payload: payloadSchema,
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  handler: (deps, payload) => runWrite(deps, payload.write_id),
  onGaveUp: async (deps, payload, reason) => {
    const [row] = await deps.db
      .select()
      .from(integrationWrites)
      .where(and(eq(integrationWrites.accountId, payload.account_id), eq(integrationWrites.id, payload.write_id)));
    if (row && row.status !== 'succeeded') {
      await update(deps.db, row, { status: 'failed', error: (row.error ? `${row.error} (gave up: ${reason})` : reason).slice(0, 1000), completedAt: new Date() });
    }
  },
});

/** The integration's ledger, newest first. */
export async function listWrites(db: Db, accountId: number, integrationId: number, limit = 50): Promise<IntegrationWrite[]> {
  const rows = await db
    .select()
    .from(integrationWrites)
    .where(and(eq(integrationWrites.accountId, accountId), eq(integrationWrites.integrationId, integrationId)))
    .orderBy(desc(integrationWrites.createdAt), desc(integrationWrites.id))
    .limit(limit);
  return rows.map(toWriteJson);
}

/**
 * POST integrations/{id}/writes/{writeId}/replay: a failed write runs again (same key, same input; the operation is
 * idempotent at the vendor). Anything else answers 409: a pending one is on its way, a succeeded one is never repeated.
 */
export async function replayWrite(deps: Deps, accountId: number, integrationId: number, writeId: number): Promise<IntegrationWrite> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(integrationWrites)
      .where(and(eq(integrationWrites.accountId, accountId), eq(integrationWrites.integrationId, integrationId), eq(integrationWrites.id, writeId)))
      .for('update');
    if (!row) throw notFound('Write not found');
    if (row.status === 'succeeded') throw new HttpError(409, ['This write succeeded: it is never written twice']);
    if (row.status !== 'failed') throw new HttpError(409, ['This write has not failed: it is still on its way']);
    await tx
      .update(integrationWrites)
      .set({ status: 'pending', error: null, nextAttemptAt: null, completedAt: null, updatedAt: new Date() })
      .where(and(eq(integrationWrites.accountId, accountId), eq(integrationWrites.id, row.id)));
    await deps.jobs.send(integrationWriteJob, { account_id: accountId, write_id: row.id }, { tx, key: `${row.id}:replay:${row.attempts}` });
    return toWriteJson({ ...row, status: 'pending', error: null, nextAttemptAt: null, updatedAt: new Date() });
  });
}
