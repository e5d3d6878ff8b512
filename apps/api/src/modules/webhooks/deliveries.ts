import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { WEBHOOK_DELIVERIES_KEPT, WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookEventItem } from '@shared/schemas/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookSubscriptions, type ActivityRow, type WebhookDeliveryRow, type WebhookSubscriptionRow } from '../../db/schema';
import { GuardedFetchError, guardedFetch } from '../../lib/guarded-fetch';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { openSecret } from './secrets';
import { retryDelayMs } from './retry';
import { signatureHeader } from './signing';
import { eventOfActivity, eventsOfNewProspects, type TriggerEvent } from './triggers';

/**
 * Deliveries: an event (a committed activity, or prospects an import created) becomes one `webhook_deliveries` row per
 * hook that listens to its trigger, unique per (hook, event key), so nothing is delivered twice to one hook; each row
 * is then tried by the durable job `webhook-delivery`: a signed POST through the guarded fetcher, retried on failure
 * on the injected clock (retry.ts); a 410 Gone removes the hook. The log keeps the newest WEBHOOK_DELIVERIES_KEPT
 * finished deliveries per hook.
 */

export const DELIVERY_TIMEOUT_MS = 10_000;
const now = (deps: Pick<Deps, 'clock'>) => (deps.clock ? deps.clock() : new Date());

export const toDeliveryJson = (d: WebhookDeliveryRow): WebhookDelivery => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  response_code: d.responseCode,
  last_error: d.lastError,
  next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
  delivered_at: d.deliveredAt?.toISOString() ?? null,
  created_at: d.createdAt.toISOString(),
});

/** What a hook is sent for an event: the envelope, with the hook's id. */
const bodyOf = (hook: Pick<WebhookSubscriptionRow, 'id'>, item: WebhookEventItem) => ({ ...item, hook_id: hook.id });

/** One delivery row per listening hook and event (a repeat is ignored), each with its first attempt queued. */
export async function fanOut(deps: Pick<Deps, 'db' | 'jobs'>, accountId: number, events: TriggerEvent[]): Promise<number> {
  if (!events.length) return 0;
  const hooks = await deps.db
    .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.accountId, accountId));
  const rows = events.flatMap((e) =>
    hooks.filter((h) => h.events.includes(e.item.event)).map((h) => ({ accountId, subscriptionId: h.id, event: e.item.event, eventKey: e.key, payload: bodyOf(h, e.item) })),
  );
  if (!rows.length) return 0;
  return deps.db.transaction(async (tx) => {
    let queued = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const written = await tx
        .insert(webhookDeliveries)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: [webhookDeliveries.subscriptionId, webhookDeliveries.eventKey] })
        .returning({ id: webhookDeliveries.id });
      if (written.length) await deps.jobs.sendMany(webhookDeliveryJob, written.map((w) => ({ payload: { account_id: accountId, delivery_id: w.id }, key: `${w.id}:1` })), { tx });
      queued += written.length;
    }
    return queued;
  });
}

/** The durable reaction `webhooks` (src/reactions.ts): a committed activity that is a trigger's event. */
export async function deliverActivity(deps: Deps, activity: ActivityRow): Promise<void> {
  const event = await eventOfActivity(deps.db, activity);
  if (event) await fanOut(deps, activity.accountId, [event]);
}

/** The durable reaction `webhooks-on-prospects-created`: prospects created in bulk (an import, a search page) are each a `prospect.created`. */
export async function deliverImportedProspects(deps: Deps, accountId: number, prospectIds: number[]): Promise<void> {
  for (let i = 0; i < prospectIds.length; i += 1000) {
    await fanOut(deps, accountId, await eventsOfNewProspects(deps.db, accountId, prospectIds.slice(i, i + 1000)));
  }
}

/** A test event for one hook (the integrations page's "Send test"): a delivery like any other, of event webhook.test. */
export async function queueTest(deps: Pick<Deps, 'db' | 'jobs' | 'clock'>, hook: WebhookSubscriptionRow): Promise<WebhookDeliveryRow> {
  const at = now(deps);
  const item: WebhookEventItem = { id: `test-${randomUUID()}`, event: WEBHOOK_TEST_EVENT, occurred_at: at.toISOString(), data: { message: 'A test event from the integrations page', events: hook.events } };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ accountId: hook.accountId, subscriptionId: hook.id, event: WEBHOOK_TEST_EVENT, eventKey: `test:${item.id}`, payload: bodyOf(hook, item) })
      .returning();
    await deps.jobs.send(webhookDeliveryJob, { account_id: hook.accountId, delivery_id: row!.id }, { tx, key: `${row!.id}:1` });
    return row!;
  });
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function post(deps: Pick<Deps, 'config'>, hook: WebhookSubscriptionRow, delivery: WebhookDeliveryRow, secret: string, at: Date): Promise<Outcome> {
  const body = JSON.stringify(delivery.payload);
  try {
    const res = await guardedFetch(
      hook.targetUrl,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_HEADERS.signature]: signatureHeader(secret, at, body),
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.hookId]: String(hook.id),
          // The same for every attempt of this event to this hook: a receiver that saw it already can tell.
          [WEBHOOK_HEADERS.idempotencyKey]: `${delivery.eventKey}:${hook.id}`,
        },
        body,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        // A hook answers where it is; a redirect is a misconfigured URL, not something to follow with a signed body.
        maxRedirects: 0,
      },
      { allowHosts: deps.config.guardedFetch.allowHosts },
    );
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    const detail = res.text().replace(/\s+/g, ' ').trim().slice(0, 200);
    return { ok: false, status: res.status, error: `The hook answered ${res.status}${detail ? `: ${detail}` : ''}` };
  } catch (err) {
    if (err instanceof GuardedFetchError) return { ok: false, status: null, error: err.message };
    throw err;
  }
}

/** Deletes the hook's oldest finished deliveries beyond the newest WEBHOOK_DELIVERIES_KEPT. */
async function prune(db: Db, accountId: number, hookId: number): Promise<void> {
  const keep = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.subscriptionId, hookId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_KEPT);
  if (keep.length < WEBHOOK_DELIVERIES_KEPT) return;
  await db.delete(webhookDeliveries).where(
    and(
      eq(webhookDeliveries.accountId, accountId),
      eq(webhookDeliveries.subscriptionId, hookId),
      notInArray(
        webhookDeliveries.id,
        keep.map((k) => k.id),
      ),
      inArray(webhookDeliveries.status, ['delivered', 'failed']),
    ),
  );
}

export type AttemptResult = 'delivered' | 'retry' | 'failed' | 'gone' | 'skipped';

/**
 * One attempt of one delivery at the clock's time. Not pending (delivered, failed, its hook gone): nothing. Else the
 * signed POST; the outcome is recorded, and a failure with attempts left gets its next time on the clock (retry.ts)
 * and a job that starts then (the queue runs it no sooner; a test's drain with skipDelays is a clock jump).
 */
export async function attemptDelivery(deps: Deps, accountId: number, deliveryId: number): Promise<AttemptResult> {
  const [found] = await deps.db
    .select({ delivery: webhookDeliveries, hook: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, deliveryId)));
  if (!found || found.delivery.status !== 'pending') return 'skipped';
  const { delivery, hook } = found;
  const at = now(deps);
  const outcome = await post(deps, hook, delivery, openSecret(deps.config, hook), at);
  const attempts = delivery.attempts + 1;
  const own = and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'));
  if (outcome.ok) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'delivered', attempts, responseCode: outcome.status, lastError: null, nextAttemptAt: null, deliveredAt: at, updatedAt: new Date() })
      .where(own);
    await prune(deps.db, accountId, hook.id);
    return 'delivered';
  }
  if (outcome.status === 410) {
    // The receiver says the subscription is over (Zapier's REST hooks: the zap was turned off or deleted).
    await deps.db.delete(webhookSubscriptions).where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, hook.id)));
    return 'gone';
  }
  const delay = retryDelayMs(attempts);
  const next = delay === null ? null : new Date(at.getTime() + delay);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: next ? 'pending' : 'failed', attempts, responseCode: outcome.status, lastError: outcome.error, nextAttemptAt: next, updatedAt: new Date() })
      .where(own);
    if (next) await deps.jobs.send(webhookDeliveryJob, { account_id: accountId, delivery_id: deliveryId }, { tx, startAfter: next, key: `${deliveryId}:${attempts + 1}` });
  });
  if (!next) await prune(deps.db, accountId, hook.id);
  return next ? 'retry' : 'failed';
}

/** One delivery's attempt (see attemptDelivery); the job's own retries only cover a crash, the schedule is retry.ts's. */
export const webhookDeliveryJob = defineJob<{ account_id: number; delivery_id: number }, Deps>({
  name: 'webhook-delivery',
  payload: z.object({ account_id: dbId(), delivery_id: dbId() }),
  scope: (_deps, p) => p.account_id,
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 4,
  handler: async (deps, p) => ({ result: await attemptDelivery(deps, p.account_id, p.delivery_id) }),
});
