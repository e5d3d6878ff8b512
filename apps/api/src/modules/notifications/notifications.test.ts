import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification } from '@shared/schemas/notifications';
import { campaignNotifications, notifications } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { register, signedInUser, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { recordActivity } from '../activities/service';
import { accountIdOf, personaWithProspect } from '../messaging/ownership.test-helpers';
import { dispatcherFor } from './dispatch';
import { createRule, notificationOf, rulesOf } from './ownership.test-helpers';
import { ensureDefaultRules } from './service';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: unknown };

/** A real HTTP server on loopback that receives webhooks (status per path). */
async function startWebhookServer() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body: raw ? (JSON.parse(raw) as unknown) : null });
      if (req.url?.startsWith('/fail')) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('channel_not_found');
        return;
      }
      if (req.url?.startsWith('/slow')) {
        setTimeout(() => res.writeHead(200).end('ok'), 8000);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(DB_KINDS)('campaign notifications on %s', (kind) => {
  let t: TestApp;
  let hooks: Awaited<ReturnType<typeof startWebhookServer>>;
  beforeAll(async () => {
    hooks = await startWebhookServer();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: hooks.host } });
  });
  afterAll(async () => {
    await t.close();
    await hooks.close();
  });

  const settle = () => dispatcherFor(t.db.db)!.settle();
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url: v1(url), headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('a new user gets the default rules at sign-up: in-app for every event, email to the account for replies, meetings and a failing mailbox', async () => {
    const email = uniqueEmail('defaults');
    const user = await register(t, email);
    const rows = await t.db.db.select().from(campaignNotifications).where(eq(campaignNotifications.accountId, user.account_id));
    expect(rows.map((r) => ({ provider: r.provider, events: r.events, target: r.target, enabled: r.enabled }))).toEqual([
      { provider: 'in_app', events: ['reply_received', 'meeting_booked', 'deal_won', 'prospect_added', 'import_finished', 'plan_changed', 'mailbox_paused', 'mailbox_resumed', 'mailbox_failing', 'bounce_rate_high', 'campaign_finished', 'social_post_failed', 'social_profile_expired', 'integration_needs_reconnect', 'website_visited'], target: null, enabled: true },
      { provider: 'email', events: ['reply_received', 'meeting_booked', 'mailbox_failing', 'bounce_rate_high', 'social_profile_expired', 'integration_needs_reconnect'], target: null, enabled: true },
    ]);
  });

  it('an account without rules gets the defaults on first read, once, even when read twice at the same time', async () => {
    const a = await signedInUser(t, 'lazy');
    const accountId = await accountIdOf(t, a);
    await t.db.db.delete(campaignNotifications).where(eq(campaignNotifications.accountId, accountId));
    const [one, two] = await Promise.all([rulesOf(t, a.headers), rulesOf(t, a.headers)]);
    expect(one.map((r) => r.provider)).toEqual(['in_app', 'email']);
    expect(two.map((r) => r.id)).toEqual(one.map((r) => r.id));
    await ensureDefaultRules(t.db.db, accountId);
    expect(await rulesOf(t, a.headers)).toHaveLength(2);
  });

  it('creates email and webhook rules and validates them (422 with the reason)', async () => {
    const a = await signedInUser(t, 'create');
    const hook = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received', 'reply_received', 'meeting_booked'], target: ' https://hooks.slack.com/services/T1/B2/x ' });
    expect(hook).toMatchObject({ provider: 'webhook', events: ['reply_received', 'meeting_booked'], target: 'https://hooks.slack.com/services/T1/B2/x', enabled: true, last_status: null });
    const mail = await createRule(t, a.headers, { provider: 'email', events: ['import_finished'], target: 'Sales@Example.com', enabled: false });
    expect(mail).toMatchObject({ provider: 'email', target: 'sales@example.com', enabled: false });

    const bad: Array<[unknown, string]> = [
      [{ provider: 'webhook', events: ['reply_received'], target: 'ftp://files.example.com/x' }, 'Webhook URL must be an http or https address (no user name or password in it)'],
      [{ provider: 'webhook', events: ['reply_received'], target: 'javascript:alert(1)' }, 'Webhook URL must be an http or https address (no user name or password in it)'],
      [{ provider: 'webhook', events: ['reply_received'], target: 'https://user:pw@example.com/' }, 'Webhook URL must be an http or https address (no user name or password in it)'],
      [{ provider: 'webhook', events: ['reply_received'] }, 'Webhook URL is required'],
      [{ provider: 'email', events: ['reply_received'], target: 'not-an-email' }, 'Email must be a valid address'],
      [{ provider: 'email', events: [] }, 'Choose at least one event'],
      [{ provider: 'email', events: ['email_opened'] }, 'Events must be among: reply_received, reply_interested, meeting_requested, meeting_booked, deal_won, prospect_added, import_finished, plan_changed'],
      [{ provider: 'sms', events: ['reply_received'] }, 'Provider must be email, in_app or webhook'],
      [{ provider: 'in_app', events: ['reply_received'], target: 'https://x.example.com' }, 'In-app notifications have no target'],
    ];
    for (const [payload, message] of bad) {
      const res = await inject('POST', '/campaign_notifications', a.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.join(' '), JSON.stringify(payload)).toContain(message);
    }
    // The in-app rule is one per account.
    const dup = await inject('POST', '/campaign_notifications', a.headers, { provider: 'in_app', events: ['reply_received'] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: ['The account already has its in-app notifications; change them instead of adding another'] });
    expect((await rulesOf(t, a.headers)).map((r) => r.provider)).toEqual(['in_app', 'email', 'webhook', 'email']);
  });

  it('update_by_provider changes every rule of that provider; a target only when there is one; 422 when there is none', async () => {
    const a = await signedInUser(t, 'byprov');
    await rulesOf(t, a.headers);
    await createRule(t, a.headers, { provider: 'email', events: ['plan_changed'], target: 'boss@example.com' });
    const res = await inject('PUT', '/campaign_notifications/update_by_provider', a.headers, { provider: 'email', events: ['meeting_booked'], enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { events: string[]; enabled: boolean }) => [r.events, r.enabled])).toEqual([
      [['meeting_booked'], false],
      [['meeting_booked'], false],
    ]);
    const inApp = (await rulesOf(t, a.headers)).find((r) => r.provider === 'in_app')!;
    expect(inApp.enabled).toBe(true);

    const target = await inject('PUT', '/campaign_notifications/update_by_provider', a.headers, { provider: 'email', target: 'x@example.com' });
    expect(target.statusCode).toBe(422);
    expect(target.json()).toEqual({ errors: ['The account has several email rules; change their addresses one at a time'] });
    const none = await inject('PUT', '/campaign_notifications/update_by_provider', a.headers, { provider: 'webhook', enabled: true });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: ['There is no webhook notification rule yet; add one first'] });
    const badUrl = await inject('PUT', '/campaign_notifications/update_by_provider', a.headers, { provider: 'webhook', target: 'gopher://x' });
    expect(badUrl.statusCode).toBe(422);

    await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: 'https://hooks.example.com/1' });
    const moved = await inject('PUT', '/campaign_notifications/update_by_provider', a.headers, { provider: 'webhook', target: 'https://hooks.example.com/2' });
    expect(moved.json().data).toEqual([expect.objectContaining({ target: 'https://hooks.example.com/2' })]);
  });

  it('updates one rule, deletes email and webhook rules, refuses to delete the in-app rule', async () => {
    const a = await signedInUser(t, 'del');
    const rules = await rulesOf(t, a.headers);
    const hook = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: 'https://hooks.example.com/a' });
    const upd = await inject('PUT', `/campaign_notifications/${hook.id}`, a.headers, { events: ['meeting_booked', 'import_finished'], enabled: false });
    expect(upd.json().data).toMatchObject({ events: ['meeting_booked', 'import_finished'], enabled: false, target: 'https://hooks.example.com/a' });
    const badTarget = await inject('PUT', `/campaign_notifications/${hook.id}`, a.headers, { target: 'file:///etc/passwd' });
    expect(badTarget.statusCode).toBe(422);
    expect((await inject('PUT', `/campaign_notifications/${hook.id}`, a.headers, { color: 'red' })).statusCode).toBe(422);
    const mail = await createRule(t, a.headers, { provider: 'email', events: ['reply_received'], target: 'ops@example.com' });
    const tooLong = await inject('PUT', `/campaign_notifications/${mail.id}`, a.headers, { target: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ errors: ['Email must be at most 254 characters'] });
    expect((await inject('PUT', `/campaign_notifications/${mail.id}`, a.headers, { target: ' Ops2@Example.com ' })).json().data.target).toBe('ops2@example.com');
    await inject('DELETE', `/campaign_notifications/${mail.id}`, a.headers);

    expect((await inject('DELETE', `/campaign_notifications/${hook.id}`, a.headers)).json()).toEqual({ data: { id: hook.id } });
    expect((await inject('DELETE', `/campaign_notifications/${hook.id}`, a.headers)).statusCode).toBe(404);
    const inApp = rules.find((r) => r.provider === 'in_app')!;
    const refused = await inject('DELETE', `/campaign_notifications/${inApp.id}`, a.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: ['In-app notifications cannot be deleted; turn them off instead'] });
    expect((await inject('DELETE', '/campaign_notifications/abc', a.headers)).statusCode).toBe(422);
    // Deleting the email rule leaves the account with its in-app rule: defaults do not come back.
    await inject('DELETE', `/campaign_notifications/${rules.find((r) => r.provider === 'email')!.id}`, a.headers);
    expect((await rulesOf(t, a.headers)).map((r) => r.provider)).toEqual(['in_app']);
  });

  it('test send: a webhook gets a Slack-compatible payload; the rule records ok', async () => {
    const a = await signedInUser(t, 'testsend');
    const hook = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url('/hook/test-ok') });
    const res = await inject('POST', `/campaign_notifications/${hook.id}/test`, a.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, message: 'Test notification sent', rule: { id: hook.id, last_status: 'ok', last_sent_at: expect.any(String) } });
    const got = hooks.received.find((r) => r.path === '/hook/test-ok')!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.body).toMatchObject({
      text: expect.stringContaining('Test notification from'),
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: expect.stringContaining('*Test notification from') } }, { type: 'context', elements: [expect.objectContaining({ type: 'mrkdwn' })] }],
    });
  });

  it('a webhook URL on a private, loopback, link-local, reserved or metadata address is refused when saved (create and both updates)', async () => {
    const a = await signedInUser(t, 'private');
    const cases: Array<[string, string]> = [
      ['http://10.0.0.1/x', '10.0.0.1'],
      ['http://127.0.0.1:9/hook', '127.0.0.1'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://[::1]/x', '::1'],
      ['http://[::ffff:192.168.1.1]/x', '::ffff:c0a8:101'],
      ['http://2130706433/x', '127.0.0.1'],
      ['http://192.168.0.10:8080/x', '192.168.0.10'],
      ['http://metadata.google.internal/computeMetadata/v1', 'metadata.google.internal'],
    ];
    for (const [target, host] of cases) {
      const res = await inject('POST', '/campaign_notifications', a.headers, { provider: 'webhook', events: ['reply_received'], target });
      expect(res.statusCode, target).toBe(422);
      expect(res.json(), target).toEqual({ errors: [`Webhook URL must be a public address: ${host} is on a private network`] });
    }
    // The shared schema still answers first for what is not a URL at all.
    const notUrl = await inject('POST', '/campaign_notifications', a.headers, { provider: 'webhook', events: ['reply_received'], target: 'ftp://10.0.0.1/x' });
    expect(notUrl.json().errors.join(' ')).toContain('Webhook URL must be an http or https address (no user name or password in it)');

    const hook = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: 'https://hooks.example.com/public' });
    const one = await inject('PUT', `/campaign_notifications/${hook.id}`, a.headers, { target: 'http://10.0.0.1/x' });
    expect(one.statusCode).toBe(422);
    expect(one.json()).toEqual({ errors: ['Webhook URL must be a public address: 10.0.0.1 is on a private network'] });
    const byProvider = await inject('PUT', '/campaign_notifications/update_by_provider', a.headers, { provider: 'webhook', target: 'http://172.16.5.4/x' });
    expect(byProvider.statusCode).toBe(422);
    expect(byProvider.json()).toEqual({ errors: ['Webhook URL must be a public address: 172.16.5.4 is on a private network'] });
    expect((await rulesOf(t, a.headers)).find((r) => r.id === hook.id)?.target).toBe('https://hooks.example.com/public');

    // Public literals, names (checked when sending) and the test allowance pass.
    for (const target of ['http://8.8.8.8/x', 'https://[2606:4700::1111]/x', 'http://localhost:9/x', hooks.url('/allowed')]) {
      const ok = await inject('PUT', `/campaign_notifications/${hook.id}`, a.headers, { target });
      expect(ok.statusCode, target).toBe(200);
    }
  });

  it('test send to a loopback or private address that is not allowed is refused with a clear message, and recorded', async () => {
    const a = await signedInUser(t, 'blocked');
    const accountId = await accountIdOf(t, a);
    // Names are resolved when sending; the IP literals stand for rules saved before saving refused them.
    for (const target of ['http://localhost:9/hook', 'http://127.0.0.1:9/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.0.0.7/x']) {
      const rule = (await t.db.db.insert(campaignNotifications).values({ accountId, provider: 'webhook', events: ['reply_received'], target }).returning())[0]!;
      const res = await inject('POST', `/campaign_notifications/${rule.id}/test`, a.headers);
      expect(res.statusCode, target).toBe(422);
      expect(res.json().errors[0], target).toMatch(/^Blocked: /);
      const stored = (await rulesOf(t, a.headers)).find((r) => r.id === rule.id)!;
      expect(stored.last_status).toBe(res.json().errors[0]);
    }
  });

  it('test send reports the receiver’s error status and a timeout', async () => {
    const a = await signedInUser(t, 'fail');
    const failing = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url('/fail') });
    const res = await inject('POST', `/campaign_notifications/${failing.id}/test`, a.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['The webhook answered 500: channel_not_found'] });
    const slow = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url('/slow') });
    const timedOut = await inject('POST', `/campaign_notifications/${slow.id}/test`, a.headers);
    expect(timedOut.statusCode).toBe(422);
    expect(timedOut.json()).toEqual({ errors: ['No answer within 5 s'] });
  }, 20_000);

  it('test send by email reaches the account’s users through SMTP, plain and HTML, with the brand name', async () => {
    const a = await signedInUser(t, 'mailtest');
    const rule = (await rulesOf(t, a.headers)).find((r) => r.provider === 'email')!;
    const res = await inject('POST', `/campaign_notifications/${rule.id}/test`, a.headers);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.smtp.waitForMail(a.email, (m) => m.text.includes('Test notification from'));
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.text).toMatch(/Subject: \[[^\]]+\] Test notification from/);
  });

  it('dispatches a committed activity to every matching enabled rule: webhook, email and in-app', async () => {
    const a = await signedInUser(t, 'dispatch');
    const accountId = await accountIdOf(t, a);
    const { prospectId } = await personaWithProspect(t, a.headers, { full_name: 'Dana Replier' });
    await settle();
    await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url(`/hook/dispatch-${accountId}`) });
    await createRule(t, a.headers, { provider: 'webhook', events: ['meeting_booked'], target: hooks.url(`/hook/not-this-${accountId}`) });
    await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url(`/hook/disabled-${accountId}`), enabled: false });

    await recordActivity(t.db.db, { accountId, actorType: 'system', verb: 'reply_received', channel: 'email', prospectId, payload: { subject: 'Pricing question' } });
    await settle();

    const got = hooks.received.filter((r) => r.path.endsWith(`-${accountId}`));
    expect(got.map((r) => r.path)).toEqual([`/hook/dispatch-${accountId}`]);
    expect(got[0]!.body).toMatchObject({ text: expect.stringMatching(/^\[.+\] Dana Replier replied: Re: Pricing question$/) });
    const mail = await t.smtp.waitForMail(a.email, (m) => m.text.includes('Dana Replier replied'));
    expect(mail.text).toContain('Re: Pricing question');
    const list = await inject('GET', '/notifications?unread=1', a.headers);
    expect(list.json().data[0]).toMatchObject({ event: 'reply_received', title: 'Dana Replier replied', body: 'Re: Pricing question', url: '/cabinet/inbox', read_at: null });
    const stored = await rulesOf(t, a.headers);
    expect(stored.find((r) => r.target === hooks.url(`/hook/dispatch-${accountId}`))?.last_status).toBe('ok');
    expect(stored.find((r) => r.target === hooks.url(`/hook/disabled-${accountId}`))?.last_status).toBeNull();
  });

  it('waits for the writer’s transaction: nothing before the commit, nothing after a rollback', async () => {
    const a = await signedInUser(t, 'tx');
    const accountId = await accountIdOf(t, a);
    await createRule(t, a.headers, { provider: 'webhook', events: ['import_finished'], target: hooks.url(`/hook/tx-${accountId}`) });
    const mine = () => hooks.received.filter((r) => r.path === `/hook/tx-${accountId}`);

    await expect(
      t.db.db.transaction(async (tx) => {
        await recordActivity(tx, { accountId, actorType: 'user', verb: 'import_finished', payload: { created: 1, merged: 0, errors: 0 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.db.transaction(async (tx) => {
      await recordActivity(tx, { accountId, actorType: 'user', verb: 'import_finished', payload: { created: 950, merged: 30, errors: 20 } });
      // The dispatch is a durable job enqueued in the writer's transaction (reaction notify): while it is open, no
      // other connection sees it, so the queue runs nothing. (PGlite runs one statement at a time: a drain from
      // outside would wait for this transaction, so only PostgreSQL can look now.)
      if (kind === 'postgres') await t.app.jobs.drain();
      expect(mine()).toEqual([]);
    });
    await settle();
    expect(mine().map((r) => (r.body as { text: string }).text)).toEqual([expect.stringContaining('Import finished: 950 created, 30 merged, 20 errors.')]);
  });

  it('a failing webhook is recorded on the rule and never reaches the writer', async () => {
    const a = await signedInUser(t, 'failsafe');
    const accountId = await accountIdOf(t, a);
    const [blocked] = await t.db.db.insert(campaignNotifications).values({ accountId, provider: 'webhook', events: ['meeting_booked'], target: 'http://10.1.2.3/hook' }).returning();
    const failing = await createRule(t, a.headers, { provider: 'webhook', events: ['meeting_booked'], target: hooks.url('/fail') });
    const row = await recordActivity(t.db.db, { accountId, actorType: 'system', verb: 'meeting_booked' });
    expect(row.verb).toBe('meeting_booked');
    await settle();
    const stored = await rulesOf(t, a.headers);
    expect(stored.find((r) => r.id === blocked!.id)?.last_status).toMatch(/^Blocked: 10\.1\.2\.3/);
    expect(stored.find((r) => r.id === failing.id)?.last_status).toBe('The webhook answered 500: channel_not_found');
    // The delivery is a durable job: a 5xx is retried with backoff (4 more tries), a blocked address is not.
    const hits = () => hooks.received.filter((r) => r.path === '/fail').length;
    const before = hits();
    await t.app.jobs.drain({ skipDelays: true });
    expect(hits()).toBe(before + 4);
  });

  it('in-app notifications: newest first, unread filter, after_id, pagination, mark one and all read; bad input 422', async () => {
    const a = await signedInUser(t, 'inapp');
    const n1 = await notificationOf(t, a, 'First');
    const n2 = await notificationOf(t, a, 'Second');
    const n3 = await notificationOf(t, a, 'Third');
    const page = await inject('GET', '/notifications?per_page=2', a.headers);
    expect(page.json()).toMatchObject({ data: [{ id: n3.id }, { id: n2.id }], meta: { page: 1, per_page: 2, total: 3, unread: 3 } });
    expect((await inject('GET', '/notifications?per_page=2&page=2', a.headers)).json().data.map((x: AppNotification) => x.title)).toEqual(['First']);
    expect((await inject('GET', `/notifications?after_id=${n1.id}`, a.headers)).json().data.map((x: AppNotification) => x.title)).toEqual(['Third', 'Second']);

    const read = await inject('PUT', `/notifications/${n2.id}/read`, a.headers);
    expect(read.json().data).toMatchObject({ id: n2.id, read_at: expect.any(String) });
    const again = await inject('PUT', `/notifications/${n2.id}/read`, a.headers);
    expect(again.json().data.read_at).toBe(read.json().data.read_at);
    expect((await inject('GET', '/notifications?unread=1', a.headers)).json()).toMatchObject({ data: [{ id: n3.id }, { id: n1.id }], meta: { total: 2, unread: 2 } });
    expect((await inject('PUT', '/notifications/read_all', a.headers)).json()).toEqual({ data: { updated: 2 } });
    expect((await inject('GET', '/notifications?unread=1', a.headers)).json().meta).toMatchObject({ total: 0, unread: 0 });
    expect((await inject('PUT', '/notifications/999999999/read', a.headers)).statusCode).toBe(404);

    for (const q of ['unread=yes', 'per_page=0', 'per_page=500', 'page=-1', 'after_id=x', 'sort=asc']) {
      expect((await inject('GET', `/notifications?${q}`, a.headers)).statusCode, q).toBe(422);
    }
  });

  it('test send of the in-app rule writes a notification the poller will show', async () => {
    const a = await signedInUser(t, 'inapptest');
    const accountId = await accountIdOf(t, a);
    const inApp = (await rulesOf(t, a.headers)).find((r) => r.provider === 'in_app')!;
    expect((await inject('POST', `/campaign_notifications/${inApp.id}/test`, a.headers)).statusCode).toBe(200);
    const rows = await t.db.db.select().from(notifications).where(eq(notifications.accountId, accountId));
    expect(rows.map((r) => r.event)).toEqual(['test']);
  });
});

describe.each(DB_KINDS)('notification test sends are limited per account on %s', (kind) => {
  let t: TestApp;
  let hooks: Awaited<ReturnType<typeof startWebhookServer>>;
  beforeAll(async () => {
    hooks = await startWebhookServer();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: hooks.host, RATE_LIMIT_OUTBOUND_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
    await hooks.close();
  });

  it('answers 429 once an account has used its test sends for the window; another account is unaffected', async () => {
    const send = async (headers: Record<string, string>, id: number) => t.app.inject({ method: 'POST', url: v1(`/campaign_notifications/${id}/test`), headers });
    const a = await signedInUser(t, 'limit-a');
    const b = await signedInUser(t, 'limit-b');
    const ruleA = await createRule(t, a.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url('/hook/limit-a') });
    const ruleB = await createRule(t, b.headers, { provider: 'webhook', events: ['reply_received'], target: hooks.url('/hook/limit-b') });
    expect((await send(a.headers, ruleA.id)).statusCode).toBe(200);
    expect((await send(a.headers, ruleA.id)).statusCode).toBe(200);
    const limited = await send(a.headers, ruleA.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(/^Too many attempts\. Please wait/);
    expect(hooks.received.filter((r) => r.path === '/hook/limit-a')).toHaveLength(2);
    expect((await send(b.headers, ruleB.id)).statusCode).toBe(200);
  });
});
