import { expect } from 'vitest';
import type { AppNotification, CampaignNotification } from '@shared/schemas/notifications';
import { notifications } from '../../db/schema';
import { v1, type AuthHeaders, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';

/**
 * Ownership probes for the campaign-notification and in-app notification routes (spread into
 * routes.test.ts): user B can neither read nor change user A's rules or notifications. Also the
 * fixtures the module's own tests use.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

export async function rulesOf(t: TestApp, headers: AuthHeaders): Promise<CampaignNotification[]> {
  const res = await t.app.inject({ method: 'GET', url: v1('/campaign_notifications'), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampaignNotification[] }>().data;
}

export async function createRule(t: TestApp, headers: AuthHeaders, body: Record<string, unknown>): Promise<CampaignNotification> {
  const res = await t.app.inject({ method: 'POST', url: v1('/campaign_notifications'), headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampaignNotification }>().data;
}

/** A webhook rule of this user's account with a URL only it knows. */
export const webhookRuleOf = (t: TestApp, p: Person) =>
  createRule(t, p.headers, { provider: 'webhook', events: ['reply_received'], target: `https://hooks.example.com/a-secret-${++seq}-${Date.now()}` });

/** An in-app notification for this user's account, written as the dispatcher writes it. */
export async function notificationOf(t: TestApp, p: Person, title = `A's secret notification ${++seq}`): Promise<AppNotification> {
  const [row] = await t.db.db
    .insert(notifications)
    .values({ accountId: await accountIdOf(t, p), event: 'reply_received', title, body: 'details' })
    .returning();
  return { id: row!.id, event: row!.event, title: row!.title, body: row!.body, url: row!.url, read_at: null, created_at: row!.createdAt.toISOString() };
}

async function notificationsOf(t: TestApp, p: Person): Promise<AppNotification[]> {
  const res = await t.app.inject({ method: 'GET', url: v1('/notifications?per_page=100'), headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AppNotification[] }>().data;
}

export const notificationOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/campaign_notifications': async (t, a, b) => {
    const rule = await webhookRuleOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/campaign_notifications'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).not.toContain(rule.id);
    expect(res.body).not.toContain(rule.target);
  },
  'POST /api/v1/campaign_notifications': async (t, a, b) => {
    const before = await rulesOf(t, a.headers);
    const mine = await createRule(t, b.headers, { provider: 'email', events: ['meeting_booked'], target: 'b-only@example.com' });
    expect((await rulesOf(t, a.headers)).map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect((await rulesOf(t, b.headers)).map((r) => r.id)).toContain(mine.id);
  },
  'PUT /api/v1/campaign_notifications/update_by_provider': async (t, a, b) => {
    await rulesOf(t, a.headers);
    const aInApp = () => rulesOf(t, a.headers).then((list) => list.find((r) => r.provider === 'in_app')!);
    const before = await aInApp();
    const res = await t.app.inject({ method: 'PUT', url: v1('/campaign_notifications/update_by_provider'), headers: b.headers, payload: { provider: 'in_app', enabled: !before.enabled, events: ['plan_changed'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).not.toContain(before.id);
    expect(await aInApp()).toMatchObject({ enabled: before.enabled, events: before.events });
  },
  'PUT /api/v1/campaign_notifications/:id': async (t, a, b) => {
    const rule = await webhookRuleOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/campaign_notifications/${rule.id}`), headers: b.headers, payload: { target: 'https://attacker.example.com/' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Notification rule not found'] });
    expect((await rulesOf(t, a.headers)).find((r) => r.id === rule.id)?.target).toBe(rule.target);
  },
  'DELETE /api/v1/campaign_notifications/:id': async (t, a, b) => {
    const rule = await webhookRuleOf(t, a);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/campaign_notifications/${rule.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect((await rulesOf(t, a.headers)).map((r) => r.id)).toContain(rule.id);
  },
  'POST /api/v1/campaign_notifications/:id/test': async (t, a, b) => {
    const rule = await webhookRuleOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1(`/campaign_notifications/${rule.id}/test`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    // Nothing was attempted on A's rule.
    expect((await rulesOf(t, a.headers)).find((r) => r.id === rule.id)).toMatchObject({ last_status: null, last_sent_at: null });
  },
  'GET /api/v1/notifications': async (t, a, b) => {
    const n = await notificationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/notifications?per_page=100'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { id: number }) => x.id)).not.toContain(n.id);
    expect(res.body).not.toContain(n.title);
  },
  'PUT /api/v1/notifications/:id/read': async (t, a, b) => {
    const n = await notificationOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/notifications/${n.id}/read`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Notification not found'] });
    expect((await notificationsOf(t, a)).find((x) => x.id === n.id)?.read_at).toBeNull();
  },
  'PUT /api/v1/notifications/read_all': async (t, a, b) => {
    const n = await notificationOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1('/notifications/read_all'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect((await notificationsOf(t, a)).find((x) => x.id === n.id)?.read_at).toBeNull();
  },
};
