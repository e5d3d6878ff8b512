import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId, int32, text } from '@shared/schemas/primitives';
import { getBrand, type HolderConfig } from '@shared/brands';
import type { Db } from '../../db/client';
import { accounts, activities, campaignNotifications, notifications, prospects, users, type ActivityRow, type CampaignNotificationRow } from '../../db/schema';
import { GuardedFetchError, guardedFetch } from '../../lib/guarded-fetch';
import { defineJob, type JobQueue } from '../../lib/jobs/queue';
import type { Mailer } from '../../lib/mailer';
import type { Deps } from '../../lib/route';
import { emitLiveEvent } from '../live/emit';
import { onActivity } from '../activities/service';
import { messageFor, notificationMail, slackPayload, type NotificationMessage } from './messages';

/**
 * THE notification dispatcher: after an activity is committed, every enabled rule of its account
 * that listens to its verb delivers it (email through the mailer, a row in `notifications` for in-app,
 * a Slack-compatible POST through the guarded fetcher for webhooks). A failure is logged and kept in
 * the rule's last_status; it never reaches the request that recorded the activity.
 */

export const WEBHOOK_TIMEOUT_MS = 5000;
/** How long a transaction's activity is waited for before it counts as rolled back. */
const COMMIT_WAIT_MS = 60_000;

export type DispatchDeps = {
  db: Db;
  mailer: Mailer;
  allowHosts: readonly string[];
  /** Email and webhook deliveries go through it (retried with backoff); without it they run inline. */
  jobs?: JobQueue<Deps>;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
};

export type DeliveryResult = { ok: true } | { ok: false; error: string };

export type Dispatcher = {
  /** Delivers one message through one rule now, recording the outcome on the rule. */
  deliver(rule: CampaignNotificationRow, message: NotificationMessage, brand: HolderConfig): Promise<DeliveryResult>;
  /** Fire-and-forget handling of a recorded activity (tracked: see settle). */
  handle(activity: ActivityRow, written: { writer: Db; xid: string }): void;
  /** Resolves when every dispatch started so far (and any they started) has finished. */
  settle(): Promise<void>;
  stop(): void;
};

const dispatchers = new WeakMap<Db, Dispatcher>();

/** The dispatcher registered for a database (tests await its settle()). */
export function dispatcherFor(db: Db): Dispatcher | undefined {
  return dispatchers.get(db);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for the writing transaction's end (pg_xact_status): true once it committed and the row is
 * this database's, false when it rolled back, belongs to another database, or takes too long.
 */
async function committed(db: Db, row: ActivityRow, xid: string, stopped: () => boolean): Promise<boolean> {
  const deadline = Date.now() + COMMIT_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 1000)) {
    let status: string | null;
    try {
      const result = await db.execute<{ status: string | null }>(sql`select pg_xact_status(${xid}::xid8) as status`);
      status = (result as unknown as { rows: Array<{ status: string | null }> }).rows[0]?.status ?? null;
    } catch {
      return false; // a transaction id this database never had: another app's activity
    }
    if (status === 'aborted') return false;
    if (status === 'committed') {
      const [found] = await db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.id, row.id), eq(activities.accountId, row.accountId), eq(activities.verb, row.verb)));
      return Boolean(found);
    }
    if (stopped() || Date.now() + delay > deadline) return false;
    await sleep(delay);
  }
}

async function webhook(url: string, brand: HolderConfig, message: NotificationMessage, allowHosts: readonly string[]): Promise<DeliveryResult> {
  try {
    const res = await guardedFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(slackPayload(brand, message)),
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        maxRedirects: 3,
      },
      { allowHosts },
    );
    if (res.status >= 200 && res.status < 300) return { ok: true };
    const detail = res.text().trim().slice(0, 120);
    return { ok: false, error: `The webhook answered ${res.status}${detail ? `: ${detail}` : ''}` };
  } catch (err) {
    if (err instanceof GuardedFetchError) return { ok: false, error: err.message };
    throw err;
  }
}

/** The addresses an email rule reaches: its own, or every confirmed user of the account. */
async function recipients(db: Db, rule: CampaignNotificationRow): Promise<string[]> {
  if (rule.target) return [rule.target];
  const rows = await db.select({ email: users.email }).from(users).where(and(eq(users.accountId, rule.accountId), isNotNull(users.confirmedAt)));
  return rows.map((r) => r.email);
}

export function createDispatcher(deps: DispatchDeps): Dispatcher {
  const { db, log } = deps;
  const pending = new Set<Promise<void>>();
  let stopped = false;

  function track(work: Promise<void>) {
    const p = work.catch((err: unknown) => log.error({ err }, 'notification dispatch failed')).finally(() => pending.delete(p));
    pending.add(p);
  }

  async function deliver(rule: CampaignNotificationRow, message: NotificationMessage, brand: HolderConfig): Promise<DeliveryResult> {
    let result: DeliveryResult;
    try {
      if (rule.provider === 'in_app') {
        // The account's open cabinets hear of it at once (the live connection), in the row's transaction.
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(notifications)
            .values({ accountId: rule.accountId, userId: null, event: message.event, title: message.title, body: message.body, url: message.path })
            .returning({ id: notifications.id });
          await emitLiveEvent(tx, rule.accountId, 'notification_created', { notification_id: row!.id, event: message.event });
        });
        result = { ok: true };
      } else if (rule.provider === 'email') {
        const to = await recipients(db, rule);
        if (!to.length) result = { ok: false, error: 'No confirmed user to send to' };
        else {
          for (const address of to) await deps.mailer.send(notificationMail(brand, address, message));
          result = { ok: true };
        }
      } else if (!rule.target) {
        result = { ok: false, error: 'The webhook has no URL' };
      } else {
        result = await webhook(rule.target, brand, message, deps.allowHosts);
      }
    } catch (err) {
      log.warn({ err, rule: rule.id }, 'notification delivery failed');
      result = { ok: false, error: rule.provider === 'email' ? 'The email could not be sent' : 'The notification could not be delivered' };
    }
    if (!result.ok) log.warn({ rule: rule.id, provider: rule.provider, error: result.error }, 'notification not delivered');
    await db
      .update(campaignNotifications)
      .set({ lastStatus: result.ok ? 'ok' : result.error, lastSentAt: new Date() })
      .where(and(eq(campaignNotifications.id, rule.id), eq(campaignNotifications.accountId, rule.accountId)));
    return result;
  }

  async function dispatch(activity: ActivityRow, written: { writer: Db; xid: string }): Promise<void> {
    // Written outside a transaction: already committed. Inside one: wait for its commit (or give up).
    if (written.writer !== db && !(await committed(db, activity, written.xid, () => stopped))) return;
    const rules = await db
      .select()
      .from(campaignNotifications)
      .where(and(eq(campaignNotifications.accountId, activity.accountId), eq(campaignNotifications.enabled, true), sql`${activity.verb} = any(${campaignNotifications.events})`));
    if (!rules.length) return;
    const [account] = await db.select({ holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, activity.accountId));
    const brand = getBrand(account?.holderId ?? 0);
    let prospectName: string | null = null;
    if (activity.prospectId) {
      const [p] = await db
        .select({ fullName: prospects.fullName })
        .from(prospects)
        .where(and(eq(prospects.id, activity.prospectId), eq(prospects.accountId, activity.accountId)));
      prospectName = p?.fullName ?? null;
    }
    const message = messageFor(activity.verb, activity.payload as Record<string, unknown>, prospectName);
    // Each rule on its own: in-app rows now; emails and webhooks as durable jobs (a slow or failing
    // receiver is retried with backoff and holds nothing back).
    await Promise.all(
      rules.map((rule) =>
        rule.provider === 'in_app' || !deps.jobs
          ? deliver(rule, message, brand)
          : deps.jobs.send(notificationDeliveryJob, { rule_id: rule.id, account_id: rule.accountId, holder_id: brand.holder_id, message }),
      ),
    );
  }

  const dispatcher: Dispatcher = {
    deliver,
    handle(activity, written) {
      if (stopped) return;
      track(dispatch(activity, written));
    },
    async settle() {
      while (pending.size) await Promise.all([...pending]);
      await deps.jobs?.drain();
    },
    stop() {
      stopped = true;
    },
  };
  return dispatcher;
}

/** Failures worth another try: the receiver or the mail server may be back later (a blocked address will not). */
const transient = (error: string) => /^The webhook answered 5\d\d|^The email could not be sent|^The notification could not be delivered/.test(error);

/** One email or webhook delivery of one rule, retried with backoff; the rule's last_status shows each outcome. */
export const notificationDeliveryJob = defineJob<{ rule_id: number; account_id: number; holder_id: number; message: NotificationMessage }, Deps>({
  name: 'notification-delivery',
  scope: (_deps, { account_id }) => account_id,
  payload: z.object({
    rule_id: dbId(),
    account_id: dbId(),
    holder_id: int32(),
    message: z.object({ event: text(), title: text(), body: text(), path: text().nullable() }),
  }),
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 4,
  handler: async (deps, { rule_id, account_id, holder_id, message }) => {
    const [rule] = await deps.db
      .select()
      .from(campaignNotifications)
      .where(and(eq(campaignNotifications.id, rule_id), eq(campaignNotifications.accountId, account_id), eq(campaignNotifications.enabled, true)));
    const dispatcher = dispatcherFor(deps.db);
    if (!rule || !dispatcher) return; // deleted or switched off since
    const result = await dispatcher.deliver(rule, message, getBrand(holder_id));
    if (!result.ok && transient(result.error)) throw new Error(result.error);
  },
});

/** Registers the dispatcher as the activity log's listener for this app's database; returns its removal. */
export function startDispatcher(deps: DispatchDeps): { dispatcher: Dispatcher; stop(): Promise<void> } {
  const dispatcher = createDispatcher(deps);
  dispatchers.set(deps.db, dispatcher);
  const off = onActivity((activity, written) => dispatcher.handle(activity, written));
  return {
    dispatcher,
    async stop() {
      off();
      dispatcher.stop();
      await dispatcher.settle();
      if (dispatchers.get(deps.db) === dispatcher) dispatchers.delete(deps.db);
    },
  };
}
