import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { IntegrationSync } from '@shared/schemas/integrations';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { integrations, integrationSyncs, type IntegrationRow, type IntegrationSyncRow } from '../../db/schema';
import { scopeAccountId } from '../../db/tenancy';
import { HttpError, notFound } from '../../lib/http-error';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import type { SyncKind } from './providers';
import { syncKindOf, providerOf } from './registry';
import { NeedsReconnectError } from './tokens';
import { vendorClient, VendorError, VendorRateLimited } from './vendor-fetch';

/**
 * Bulk reads from a vendor that change something here (a CRM list's members to the blacklist), previewed first: the
 * durable job `integration-sync` reads the vendor (paged, paced; a 429 saves where it was and continues at the
 * vendor's Retry-After) and stores what applying would do (created, skipped and why); nothing is written until the
 * user confirms that preview, and then exactly its items are applied (by the same job, phase apply).
 */

export function toSyncJson(row: IntegrationSyncRow): IntegrationSync {
  return {
    id: row.id,
    integration_id: row.integrationId,
    kind: row.kind,
    status: row.status,
    params: row.params,
    preview: (row.preview as IntegrationSync['preview']) ?? null,
    result: row.result ?? null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const payloadSchema = z.object({ account_id: dbId(), sync_id: dbId(), phase: z.enum(['preview', 'apply']) });
type Payload = z.infer<typeof payloadSchema>;

async function setSync(db: Db, row: Pick<IntegrationSyncRow, 'accountId' | 'id'>, set: Partial<typeof integrationSyncs.$inferInsert>) {
  await db
    .update(integrationSyncs)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(integrationSyncs.accountId, row.accountId), eq(integrationSyncs.id, row.id)));
}

/** Starts a preview (the job reads the vendor). */
export async function startSync(deps: Deps, integration: IntegrationRow, kind: string, params: Record<string, unknown>, userId: number): Promise<IntegrationSync> {
  if (!syncKindOf(kind)) throw new Error(`no integration sync ${kind} is registered`);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(integrationSyncs).values({ accountId: integration.accountId, integrationId: integration.id, kind, params, createdBy: userId }).returning();
    await deps.jobs.send(integrationSyncJob, { account_id: integration.accountId, sync_id: row!.id, phase: 'preview' as const }, { tx, key: `${row!.id}:preview` });
    return toSyncJson(row!);
  });
}

/** The user confirmed the preview: apply exactly it (409 unless it is previewed). */
export async function confirmSync(deps: Deps, accountId: number, syncId: number, kind: string): Promise<IntegrationSync> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(integrationSyncs)
      .where(and(eq(integrationSyncs.accountId, accountId), eq(integrationSyncs.id, syncId), eq(integrationSyncs.kind, kind)))
      .for('update');
    if (!row) throw notFound('Import not found');
    if (row.status === 'applying' || row.status === 'applied') return toSyncJson(row);
    if (row.status !== 'previewed') throw new HttpError(409, [row.status === 'failed' ? 'This preview failed: start a new one' : 'The preview is not ready yet']);
    await tx
      .update(integrationSyncs)
      .set({ status: 'applying', updatedAt: new Date() })
      .where(and(eq(integrationSyncs.accountId, accountId), eq(integrationSyncs.id, row.id)));
    await deps.jobs.send(integrationSyncJob, { account_id: accountId, sync_id: row.id, phase: 'apply' as const }, { tx, key: `${row.id}:apply` });
    return toSyncJson({ ...row, status: 'applying' });
  });
}

export async function syncRow(db: Db, accountId: number, integrationId: number, syncId: number): Promise<IntegrationSyncRow> {
  const [row] = await db
    .select()
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.accountId, accountId), eq(integrationSyncs.integrationId, integrationId), eq(integrationSyncs.id, syncId)));
  if (!row) throw notFound('Import not found');
  return row;
}

export async function listSyncs(db: Db, accountId: number, integrationId: number, limit = 10): Promise<IntegrationSync[]> {
  const rows = await db
    .select()
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.accountId, accountId), eq(integrationSyncs.integrationId, integrationId)))
    .orderBy(desc(integrationSyncs.createdAt), desc(integrationSyncs.id))
    .limit(limit);
  return rows.map(toSyncJson);
}

async function runSync(deps: Deps, payload: Payload): Promise<Record<string, unknown>> {
  const accountId = scopeAccountId();
  const now = deps.clock ? deps.clock() : new Date();
  const [row] = await deps.db
    .select()
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.accountId, accountId), eq(integrationSyncs.id, payload.sync_id)));
  if (!row) return { skipped: 'the import is gone' };
  const wanted = payload.phase === 'preview' ? 'previewing' : 'applying';
  if (row.status !== wanted) return { skipped: `already ${row.status}` };
  const [integration] = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.id, row.integrationId)));
  const kind: SyncKind | null = syncKindOf(row.kind);
  const provider = integration ? providerOf(integration.provider) : null;
  if (!integration || !provider || !kind) {
    await setSync(deps.db, row, { status: 'failed', error: 'The integration was disconnected' });
    return { failed: 'disconnected' };
  }
  const client = vendorClient(deps, provider, integration);
  try {
    if (payload.phase === 'preview') {
      const out = await kind.preview({ deps, integration, client, now }, row.params, (row.preview as Record<string, unknown> | null) ?? null, (row.items as unknown[] | null) ?? []);
      if (!out.done) {
        // A page at a time, saved: a crash or a 429 continues from here.
        await setSync(deps.db, row, { preview: out.preview, items: out.items });
        await deps.jobs.send(integrationSyncJob, payload, { key: `${row.id}:preview:${String(out.preview.cursor ?? out.items.length)}` });
        return { page: out.items.length };
      }
      await setSync(deps.db, row, { status: 'previewed', preview: out.preview, items: out.items });
      await deps.db
        .update(integrations)
        .set({ lastSyncAt: now })
        .where(and(eq(integrations.accountId, accountId), eq(integrations.id, integration.id)));
      return { previewed: out.items.length };
    }
    const result = await kind.apply({ deps, integration, client, now }, row);
    await setSync(deps.db, row, { status: 'applied', result });
    return { applied: result };
  } catch (err) {
    if (err instanceof VendorRateLimited) {
      await setSync(deps.db, row, { error: err.message });
      await deps.jobs.send(integrationSyncJob, payload, { key: `${row.id}:${payload.phase}:wait:${err.retryAt.getTime()}`, startAfter: err.retryAt });
      return { deferred: err.retryAt.toISOString() };
    }
    if (err instanceof NeedsReconnectError || (err instanceof VendorError && !err.transient)) {
      await setSync(deps.db, row, { status: 'failed', error: err.message.slice(0, 1000) });
      return { failed: err.message };
    }
    throw err;
  }
}

export const integrationSyncJob = defineJob<Payload, Deps>({
  name: 'integration-sync',
  payload: payloadSchema,
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  concurrency: 1,
  handler: (deps, payload) => runSync(deps, payload),
  onGaveUp: async (deps, payload, reason) => {
    const [row] = await deps.db
      .select()
      .from(integrationSyncs)
      .where(and(eq(integrationSyncs.accountId, payload.account_id), eq(integrationSyncs.id, payload.sync_id)));
    if (row && row.status !== 'applied') await setSync(deps.db, row, { status: 'failed', error: reason.slice(0, 1000) });
  },
});
