import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { getBrand } from '@shared/brands';
import {
  DEFAULT_NOTIFICATION_RULES,
  emailTargetSchema,
  webhookUrlSchema,
  type AppNotification,
  type CampaignNotification,
  type createCampaignNotificationBodySchema,
  type NotificationList,
  type notificationListQuerySchema,
  type updateByProviderBodySchema,
  type updateCampaignNotificationBodySchema,
} from '@shared/schemas/notifications';
import type { Db } from '../../db/client';
import { campaignNotifications, notifications, type CampaignNotificationRow, type NotificationRow } from '../../db/schema';
import { blockedLiteralHost } from '../../lib/guarded-fetch';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { dispatcherFor } from './dispatch';
import { testMessage } from './messages';

export const MESSAGES = {
  notFound: 'Notification rule not found',
  notificationNotFound: 'Notification not found',
  inAppExists: 'The account already has its in-app notifications; change them instead of adding another',
  inAppNotDeletable: 'In-app notifications cannot be deleted; turn them off instead',
  noRuleOfProvider: (provider: string) => `There is no ${provider} notification rule yet; add one first`,
  severalTargets: (provider: string) => `The account has several ${provider} rules; change their addresses one at a time`,
  sent: 'Test notification sent',
  dispatcherMissing: 'Notifications are not running',
  privateWebhook: (host: string) => `Webhook URL must be a public address: ${host} is on a private network`,
} as const;

/**
 * After the shared schema: a webhook URL whose host is a private, loopback, link-local, reserved or
 * metadata address is refused when saved (422). Names are checked when sending (DNS can change).
 */
function assertPublicWebhook(deps: Deps, url: string): void {
  const host = blockedLiteralHost(url, { allowHosts: deps.config.guardedFetch.allowHosts });
  if (host) throw unprocessable(MESSAGES.privateWebhook(host));
}

export function toRuleJson(row: CampaignNotificationRow): CampaignNotification {
  return {
    id: row.id,
    provider: row.provider,
    events: row.events,
    target: row.target,
    enabled: row.enabled,
    last_status: row.lastStatus,
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toNotificationJson(row: NotificationRow): AppNotification {
  return { id: row.id, event: row.event, title: row.title, body: row.body, url: row.url, read_at: row.readAt?.toISOString() ?? null, created_at: row.createdAt.toISOString() };
}

const rulesOf = (db: Db, accountId: number) =>
  db.select().from(campaignNotifications).where(eq(campaignNotifications.accountId, accountId)).orderBy(asc(campaignNotifications.id));

/**
 * Default notification settings (spec §1, details not shown): an account without any rule gets
 * in-app for every event and email (to its users) for replies and meetings. Created at sign-up and
 * on first read; the in-app rule cannot be deleted, so "no rules" always means "never set up".
 * An advisory lock per account keeps two first reads from both creating them.
 */
export async function ensureDefaultRules(db: Db, accountId: number): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(campaignNotifications).where(eq(campaignNotifications.accountId, accountId));
  if (existing!.n > 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(8501, ${accountId})`);
    const [again] = await tx.select({ n: count() }).from(campaignNotifications).where(eq(campaignNotifications.accountId, accountId));
    if (again!.n > 0) return;
    await tx.insert(campaignNotifications).values(DEFAULT_NOTIFICATION_RULES.map((r) => ({ accountId, provider: r.provider, events: [...r.events], target: r.target })));
  });
}

export async function list(deps: Deps, auth: AuthContext): Promise<CampaignNotification[]> {
  await ensureDefaultRules(deps.db, auth.account.id);
  return (await rulesOf(deps.db, auth.account.id)).map(toRuleJson);
}

async function ruleOf(db: Db, accountId: number, id: number): Promise<CampaignNotificationRow> {
  const [row] = await db.select().from(campaignNotifications).where(and(eq(campaignNotifications.accountId, accountId), eq(campaignNotifications.id, id)));
  // Another account's rule answers exactly like a missing one.
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function create(deps: Deps, auth: AuthContext, body: z.output<typeof createCampaignNotificationBodySchema>): Promise<CampaignNotification> {
  await ensureDefaultRules(deps.db, auth.account.id);
  if (body.provider === 'in_app') {
    const [existing] = await deps.db
      .select({ id: campaignNotifications.id })
      .from(campaignNotifications)
      .where(and(eq(campaignNotifications.accountId, auth.account.id), eq(campaignNotifications.provider, 'in_app')));
    if (existing) throw unprocessable(MESSAGES.inAppExists);
  }
  if (body.provider === 'webhook' && body.target) assertPublicWebhook(deps, body.target);
  const [row] = await deps.db
    .insert(campaignNotifications)
    .values({ accountId: auth.account.id, provider: body.provider, events: body.events, target: body.target, enabled: body.enabled })
    .returning();
  return toRuleJson(row!);
}

/** A target for one rule of a provider, checked like at creation. */
function checkedTarget(deps: Deps, provider: CampaignNotificationRow['provider'], target: string | null): string | null {
  if (provider === 'in_app') {
    if (target !== null) throw unprocessable('In-app notifications have no target');
    return null;
  }
  if (provider === 'webhook') {
    const r = webhookUrlSchema.safeParse(target ?? undefined);
    if (!r.success) throw unprocessable(r.error.issues[0]?.message ?? 'Webhook URL is invalid');
    assertPublicWebhook(deps, r.data);
    return r.data;
  }
  if (target === null || target.trim() === '') return null;
  const r = emailTargetSchema.safeParse(target.trim());
  if (!r.success) throw unprocessable(r.error.issues[0]?.message ?? 'Email must be a valid address');
  return r.data;
}

export async function update(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updateCampaignNotificationBodySchema>): Promise<CampaignNotification> {
  const rule = await ruleOf(deps.db, auth.account.id, id);
  const set: Partial<typeof campaignNotifications.$inferInsert> = { updatedAt: new Date() };
  if (body.events !== undefined) set.events = body.events;
  if (body.enabled !== undefined) set.enabled = body.enabled;
  if (body.target !== undefined) set.target = checkedTarget(deps, rule.provider, body.target);
  const [row] = await deps.db.update(campaignNotifications).set(set).where(and(eq(campaignNotifications.id, id), eq(campaignNotifications.accountId, auth.account.id))).returning();
  return toRuleJson(row!);
}

/**
 * PUT update_by_provider: the fields sent apply to every rule of the account with that provider
 * (the in-app rule is one per account; email and webhook may have several). A target may be set only
 * when there is exactly one rule of the provider. With no rule of that provider, 422.
 */
export async function updateByProvider(deps: Deps, auth: AuthContext, body: z.output<typeof updateByProviderBodySchema>): Promise<CampaignNotification[]> {
  if (body.provider === 'webhook' && body.target) assertPublicWebhook(deps, body.target);
  await ensureDefaultRules(deps.db, auth.account.id);
  const where = and(eq(campaignNotifications.accountId, auth.account.id), eq(campaignNotifications.provider, body.provider));
  return deps.db.transaction(async (tx) => {
    const rows = await tx.select({ id: campaignNotifications.id }).from(campaignNotifications).where(where);
    if (!rows.length) throw unprocessable(MESSAGES.noRuleOfProvider(body.provider));
    if (body.target !== undefined && rows.length > 1) throw unprocessable(MESSAGES.severalTargets(body.provider));
    const set: Partial<typeof campaignNotifications.$inferInsert> = { updatedAt: new Date() };
    if (body.events !== undefined) set.events = body.events;
    if (body.enabled !== undefined) set.enabled = body.enabled;
    if (body.target !== undefined) set.target = body.target;
    const updated = await tx.update(campaignNotifications).set(set).where(where).returning();
    return updated.sort((a, b) => a.id - b.id).map(toRuleJson);
  });
}

export async function remove(deps: Deps, auth: AuthContext, id: number): Promise<{ id: number }> {
  const rule = await ruleOf(deps.db, auth.account.id, id);
  if (rule.provider === 'in_app') throw unprocessable(MESSAGES.inAppNotDeletable);
  await deps.db.delete(campaignNotifications).where(and(eq(campaignNotifications.id, id), eq(campaignNotifications.accountId, auth.account.id)));
  return { id };
}

/** POST campaign_notifications/{id}/test: a test message through this rule now; a failure is a 422 with its reason. */
export async function testSend(deps: Deps, auth: AuthContext, id: number): Promise<{ ok: true; message: string; rule: CampaignNotification }> {
  const rule = await ruleOf(deps.db, auth.account.id, id);
  const dispatcher = dispatcherFor(deps.db);
  if (!dispatcher) throw new Error(MESSAGES.dispatcherMissing);
  const result = await dispatcher.deliver(rule, testMessage(getBrand(auth.account.holderId)), getBrand(auth.account.holderId));
  if (!result.ok) throw unprocessable(result.error);
  return { ok: true, message: MESSAGES.sent, rule: toRuleJson(await ruleOf(deps.db, auth.account.id, id)) };
}

// ---------------------------------------------------------------- in-app notifications

/** The user's in-app notifications: the account's (user_id null) and their own. */
const visibleTo = (auth: AuthContext): SQL =>
  and(eq(notifications.accountId, auth.account.id), or(isNull(notifications.userId), eq(notifications.userId, auth.user.id)))!;

export async function listNotifications(deps: Deps, auth: AuthContext, query: z.output<typeof notificationListQuerySchema>): Promise<NotificationList> {
  const conditions: SQL[] = [visibleTo(auth)];
  if (query.unread) conditions.push(isNull(notifications.readAt));
  if (query.after_id !== undefined) conditions.push(gt(notifications.id, query.after_id));
  const where = and(...conditions);
  const [rows, [total], [unread]] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    deps.db.select({ n: count() }).from(notifications).where(where),
    deps.db.select({ n: count() }).from(notifications).where(and(visibleTo(auth), isNull(notifications.readAt))),
  ]);
  return { data: rows.map(toNotificationJson), meta: { page: query.page, per_page: query.per_page, total: total!.n, unread: unread!.n } };
}

export async function markRead(deps: Deps, auth: AuthContext, id: number): Promise<AppNotification> {
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(visibleTo(auth), eq(notifications.id, id)))
    .returning();
  if (!row) throw notFound(MESSAGES.notificationNotFound);
  return toNotificationJson(row);
}

export async function markAllRead(deps: Deps, auth: AuthContext): Promise<{ updated: number }> {
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(visibleTo(auth), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
