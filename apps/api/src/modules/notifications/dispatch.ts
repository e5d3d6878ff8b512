import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId, int32, text } from '@shared/schemas/primitives';
import { getBrand, type HolderConfig } from '@shared/brands';
import type { Db } from '../../db/client';
import { accounts, campaignNotifications, notifications, prospects, users, type ActivityRow, type CampaignNotificationRow } from '../../db/schema';
import { GuardedFetchError, guardedFetch } from '../../lib/guarded-fetch';
import { defineJob, type JobQueue } from '../../lib/jobs/queue';
import type { Mailer } from '../../lib/mailer';
import type { Deps } from '../../lib/route';
import { emitLiveEvent } from '../../lib/live-events';
import { messageFor, notificationMail, slackPayload, type NotificationMessage } from './messages';

/**
 * THE notification dispatcher: once an activity has committed (the durable reaction `notify`), every enabled rule of its account
 * that listens to its verb delivers it (email through the mailer, a row in `notifications` for in-app,
 * a Slack-compatible POST through the guarded fetcher for webhooks). A failure is logged and kept in
 * the rule's last_status; it never reaches the request that recorded the activity.
 */

export const WEBHOOK_TIMEOUT_MS = 5000;

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
  /** Delivers a committed activity through every enabled rule of its account that listens to its verb. */
  dispatch(activity: ActivityRow): Promise<void>;
  /** Resolves when every dispatch and delivery due so far (and any they started) has run. */
  settle(): Promise<void>;
  stop(): void;
};

const dispatchers = new WeakMap<Db, Dispatcher>();

/** The dispatcher registered for a database (tests await its settle()). */
export function dispatcherFor(db: Db): Dispatcher | undefined {
  return dispatchers.get(db);
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
  let stopped = false;

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

  // Runs in the durable reaction `notify` (src/reactions.ts): the activity has committed.
  async function dispatch(activity: ActivityRow): Promise<void> {
    if (stopped) return;
    // Only the automatic end of a pause is news: a user who resumed a mailbox knows it.
    if (activity.verb === 'mailbox_resumed' && activity.actorType !== 'system') return;
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
    dispatch,
    async settle() {
      // Dispatches and deliveries are durable jobs (reaction `notify`, notification-delivery): run what is due.
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

/**
 * The app's dispatcher for its database (app.ts): the reaction `notify` and the delivery job find it there;
 * returns its removal.
 */
export function startDispatcher(deps: DispatchDeps): { dispatcher: Dispatcher; stop(): Promise<void> } {
  const dispatcher = createDispatcher(deps);
  dispatchers.set(deps.db, dispatcher);
  return {
    dispatcher,
    async stop() {
      dispatcher.stop();
      await dispatcher.settle();
      if (dispatchers.get(deps.db) === dispatcher) dispatchers.delete(deps.db);
    },
  };
}

/** The reaction `notify` (src/reactions.ts): a committed activity goes through the account's notification rules. */
export async function notifyOfActivity(deps: Pick<Deps, 'db'>, activity: ActivityRow): Promise<void> {
  const dispatcher = dispatcherFor(deps.db);
  if (!dispatcher) throw new Error('No notification dispatcher for this database (app.ts starts it)');
  await dispatcher.dispatch(activity);
}
