import type { InternalAxiosRequestConfig } from 'axios';
import type { AppNotification, CampaignNotification } from '@shared/schemas/notifications';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';

const now = '2026-03-01T10:00:00.000Z';

export const ruleFixture = (id: number, body: Partial<CampaignNotification>): CampaignNotification => ({
  id,
  provider: 'email',
  events: ['reply_received'],
  target: null,
  enabled: true,
  last_status: null,
  last_sent_at: null,
  created_at: now,
  updated_at: now,
  ...body,
});

export const notificationFixture = (id: number, title: string, read = false): AppNotification => ({
  id,
  event: 'reply_received',
  title,
  body: `Body of ${title}`,
  url: null,
  read_at: read ? now : null,
  created_at: now,
});

/** An in-memory notifications API behind the fake axios adapter. */
export function fakeNotificationsServer() {
  const db = {
    rules: [
      ruleFixture(1, { provider: 'in_app', events: ['reply_received', 'meeting_booked', 'prospect_added', 'import_finished', 'plan_changed'] }),
      ruleFixture(2, { provider: 'email', events: ['reply_received', 'meeting_booked'] }),
    ],
    notifications: [] as AppNotification[],
    /** Answers for test sends by rule id (default: 200). */
    testReplies: new Map<number, FakeReply>(),
    failRules: null as FakeReply | null,
    /** An answer for the next rule update (PUT by id or update_by_provider), then normal again. */
    failNextUpdate: null as FakeReply | null,
  };
  let nextId = 10;
  const body = (c: InternalAxiosRequestConfig) => (c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {});

  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    if (url === '/campaign_notifications' && method === 'GET') return db.failRules ?? { status: 200, data: { data: structuredClone(db.rules) } };
    if (url === '/campaign_notifications' && method === 'POST') {
      const b = body(c);
      const rule = ruleFixture(nextId++, { provider: b.provider as CampaignNotification['provider'], events: b.events as string[], target: (b.target as string | null) ?? null });
      db.rules.push(rule);
      return { status: 200, data: { data: rule } };
    }
    if (method === 'PUT' && url.startsWith('/campaign_notifications/') && db.failNextUpdate) {
      const reply = db.failNextUpdate;
      db.failNextUpdate = null;
      return reply;
    }
    if (url === '/campaign_notifications/update_by_provider' && method === 'PUT') {
      const b = body(c);
      const changed = db.rules.filter((r) => r.provider === b.provider);
      for (const r of changed) Object.assign(r, b.events ? { events: b.events } : {}, b.enabled !== undefined ? { enabled: b.enabled } : {});
      return { status: 200, data: { data: changed } };
    }
    const one = /^\/campaign_notifications\/(\d+)(\/test)?$/.exec(url);
    if (one) {
      const rule = db.rules.find((r) => r.id === Number(one[1]));
      if (!rule) return { status: 404, data: { errors: ['Notification rule not found'] } };
      if (one[2] && method === 'POST') {
        const reply = db.testReplies.get(rule.id) ?? { status: 200, data: { data: { ok: true, message: 'Test notification sent', rule } } };
        if (reply.status === 200) rule.last_status = 'ok';
        else rule.last_status = ((reply.data as { errors: string[] }).errors ?? []).join(' ');
        rule.last_sent_at = new Date().toISOString();
        return reply;
      }
      if (method === 'PUT') {
        Object.assign(rule, body(c));
        return { status: 200, data: { data: rule } };
      }
      if (method === 'DELETE') {
        db.rules = db.rules.filter((r) => r !== rule);
        return { status: 200, data: { data: { id: rule.id } } };
      }
    }
    if (url === '/notifications' && method === 'GET') {
      const p = (c.params ?? {}) as { unread?: string; page?: number; per_page?: number; after_id?: number };
      let list = [...db.notifications].sort((a, b) => b.id - a.id);
      if (p.unread === '1') list = list.filter((n) => !n.read_at);
      if (p.after_id !== undefined) list = list.filter((n) => n.id > p.after_id!);
      const perPage = p.per_page ?? 20;
      const page = p.page ?? 1;
      return {
        status: 200,
        data: { data: structuredClone(list.slice((page - 1) * perPage, page * perPage)), meta: { page, per_page: perPage, total: list.length, unread: db.notifications.filter((n) => !n.read_at).length } },
      };
    }
    if (url === '/notifications/read_all' && method === 'PUT') {
      const unread = db.notifications.filter((n) => !n.read_at);
      for (const n of unread) n.read_at = now;
      return { status: 200, data: { data: { updated: unread.length } } };
    }
    const read = /^\/notifications\/(\d+)\/read$/.exec(url);
    if (read && method === 'PUT') {
      const n = db.notifications.find((x) => x.id === Number(read[1]));
      if (!n) return { status: 404, data: { errors: ['Notification not found'] } };
      n.read_at ??= now;
      return { status: 200, data: { data: n } };
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  });

  const calls = (method: string, path: string | RegExp) =>
    adapter.calls.filter((c) => (c.method ?? 'get').toUpperCase() === method && (typeof path === 'string' ? c.url === path : path.test(c.url ?? '')));
  return { db, adapter, calls, sent: (c: InternalAxiosRequestConfig) => body(c) };
}
