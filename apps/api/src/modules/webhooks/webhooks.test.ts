import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERIES_KEPT, type CreatedWebhook, type Webhook, type WebhookDelivery } from '@shared/schemas/webhooks';
import { apiKeys, blacklistedEmails, campaignEnrolments, pipelineOpportunities, webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { publish } from '../../lib/events';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { recordActivity } from '../activities/service';
import { accountIdOf, personaWithProspect } from '../messaging/ownership.test-helpers';
import { savedSearchOf } from '../linkedin-searches/ownership.test-helpers';
import { cardOf } from '../pipeline/ownership.test-helpers';
import { createApiKey, createWebhook, keyHeadersOf } from './ownership.test-helpers';
import { WEBHOOK_MAX_ATTEMPTS } from './retry';

type Received = { path: string; headers: http.IncomingHttpHeaders; raw: string; body: Record<string, unknown> };

/** A real HTTP receiver on loopback: records every delivery; the path says how it answers (/fail: 500, /gone: 410, /flaky: 500 until told). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { flakyOk: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw) as Record<string, unknown> });
      if (req.url?.startsWith('/fail') || (req.url?.startsWith('/flaky') && !state.flakyOk)) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
      if (req.url?.startsWith('/gone')) return void res.writeHead(410).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    state,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's side of the signature, written from the documented format, not from the server's code. */
function verify(secret: string, header: string | undefined, raw: string): { ok: boolean; t: number } {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return { ok: given.length === expected.length && timingSafeEqual(given, expected), t };
}

const MINUTE = 60_000;

describe.each(DB_KINDS)('webhooks and Zapier on %s', (kind) => {
  let t: TestApp;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  let clock = new Date();
  beforeAll(async () => {
    rx = await startReceiver();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: rx.host }, clock: () => clock });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });
  beforeEach(() => {
    clock = new Date();
  });

  type Person = Awaited<ReturnType<typeof signedInUser>>;
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url: v1(url), headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** The queue's view of time catches up with the clock for this delivery's next attempt (only it: drain's skipDelays would run every later one too). */
  const dueNow = (deliveryId: number) =>
    t.db.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'webhook-delivery' and state in ('created', 'retry') and data->>'delivery_id' = ${String(deliveryId)}`);
  const deliveriesOf = async (p: Person, hookId: number) => (await inject('GET', `/webhooks/${hookId}/deliveries`, p.headers)).json<{ data: WebhookDelivery[] }>().data;
  const replyActivity = (accountId: number, prospectId: number | null, snippet = 'Sounds good, tell me more') =>
    t.db.db.transaction((tx) =>
      recordActivity(tx, { accountId, actorType: 'system', verb: 'reply_received', channel: 'email', prospectId, payload: { kind: 'email', thread_id: 7, campaign_id: 3, subject: 'Re: a question', snippet } }),
    );

  it('delivers a trigger event once, signed as documented, with its idempotency key; the same event again sends nothing', async () => {
    const a = await signedInUser(t, 'hooks-a');
    const accountId = await accountIdOf(t, a);
    const secret = 'a-secret-the-user-chose-0123456789';
    const { webhook, secret: shown } = await createWebhook(t, a.headers, { url: rx.url('/in/a'), events: ['reply.received', 'prospect.created'], secret });
    expect(shown).toBe(secret);
    const { prospectId } = await personaWithProspect(t, a.headers);
    const activity = await replyActivity(accountId, prospectId);
    await t.app.jobs.drain();

    const got = rx.at('/in/a');
    expect(got.map((r) => r.body.event).sort()).toEqual(['prospect.created', 'reply.received']);
    const reply = got.find((r) => r.body.event === 'reply.received')!;
    const { ok, t: ts } = verify(secret, reply.headers['x-signature'] as string, reply.raw);
    expect(ok).toBe(true);
    expect(ts).toBe(Math.floor(clock.getTime() / 1000));
    expect(verify('another-secret-0123456789abcdef', reply.headers['x-signature'] as string, reply.raw).ok).toBe(false);
    expect(reply.headers['x-webhook-event']).toBe('reply.received');
    expect(reply.headers['x-webhook-id']).toBe(String(webhook.id));
    expect(reply.headers['idempotency-key']).toBe(`activity:${activity.id}:${webhook.id}`);
    expect(reply.body).toMatchObject({
      id: String(activity.id),
      event: 'reply.received',
      hook_id: webhook.id,
      data: { activity: 'reply_received', channel: 'email', thread_id: 7, campaign_id: 3, subject: 'Re: a question', snippet: 'Sounds good, tell me more', prospect: { id: prospectId } },
    });
    const created = got.find((r) => r.body.event === 'prospect.created')!;
    expect(created.body).toMatchObject({ id: String(prospectId), data: { prospect: { id: prospectId, source: 'extension' } } });

    // The same event reaching the hooks again (a reaction retried after a crash) is the same delivery: nothing more is sent.
    const { fanOut } = await import('./deliveries');
    const { eventOfActivity } = await import('./triggers');
    const again = await fanOut({ db: t.db.db, jobs: t.app.jobs }, accountId, [(await eventOfActivity(t.db.db, activity))!]);
    expect(again).toBe(0);
    await t.app.jobs.drain({ skipDelays: true });
    expect(rx.at('/in/a')).toHaveLength(2);
    const log = await deliveriesOf(a, webhook.id);
    expect(log.map((d) => [d.event, d.status, d.attempts, d.response_code])).toEqual(
      expect.arrayContaining([
        ['reply.received', 'delivered', 1, 200],
        ['prospect.created', 'delivered', 1, 200],
      ]),
    );
    // The list shows the newest deliveries too; the secret is never shown again.
    const [listed] = (await inject('GET', '/webhooks', a.headers)).json<{ data: Webhook[] }>().data;
    expect(listed).toMatchObject({ id: webhook.id, source: 'manual', url: rx.url('/in/a') });
    expect(listed!.recent_deliveries).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('retries a failing hook with exponential backoff on the clock, never before its time, and gives up after the last attempt', async () => {
    const a = await signedInUser(t, 'hooks-retry');
    const accountId = await accountIdOf(t, a);
    const { webhook } = await createWebhook(t, a.headers, { url: rx.url('/fail/a'), events: ['reply.received'] });
    await replyActivity(accountId, null);
    await t.app.jobs.drain();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      expect(rx.at('/fail/a')).toHaveLength(attempt);
      const [d] = await deliveriesOf(a, webhook.id);
      expect(d).toMatchObject({ attempts: attempt, response_code: 500, last_error: 'The hook answered 500: receiver is down' });
      if (attempt === WEBHOOK_MAX_ATTEMPTS) {
        expect(d).toMatchObject({ status: 'failed', next_attempt_at: null });
        break;
      }
      expect(d!.status).toBe('pending');
      const next = new Date(d!.next_attempt_at!);
      delays.push((next.getTime() - clock.getTime()) / MINUTE);
      // Not before its time: the queue holds it.
      await t.app.jobs.drain();
      expect(rx.at('/fail/a')).toHaveLength(attempt);
      clock = next;
      await dueNow(d!.id);
      await t.app.jobs.drain();
    }
    expect(delays).toEqual([1, 4, 16, 64, 256, 1024]);
    await t.app.jobs.drain({ skipDelays: true });
    expect(rx.at('/fail/a')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it('a receiver back up gets the delivery on the next attempt', async () => {
    const a = await signedInUser(t, 'hooks-flaky');
    const { webhook } = await createWebhook(t, a.headers, { url: rx.url('/flaky'), events: ['reply.received'] });
    rx.state.flakyOk = false;
    await replyActivity(await accountIdOf(t, a), null);
    await t.app.jobs.drain();
    const [first] = await deliveriesOf(a, webhook.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    rx.state.flakyOk = true;
    clock = new Date(first!.next_attempt_at!);
    await t.app.jobs.drain({ skipDelays: true });
    const [done] = await deliveriesOf(a, webhook.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200, last_error: null, delivered_at: clock.toISOString() });
    const bodies = rx.at('/flaky').map((r) => r.body.id);
    expect(new Set(bodies).size).toBe(1);
    expect(rx.at('/flaky').map((r) => r.headers['idempotency-key'])).toEqual([rx.at('/flaky')[0]!.headers['idempotency-key'], rx.at('/flaky')[0]!.headers['idempotency-key']]);
  });

  it('Zapier: a key connects, REST hooks subscribe and unsubscribe, a 410 removes the subscription, samples match what hooks get', async () => {
    const a = await signedInUser(t, 'zap-a');
    const accountId = await accountIdOf(t, a);
    const key = await createApiKey(t, a.headers, 'My zaps');
    expect(key.api_key).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.api_key.slice(0, 11));
    const [stored] = await t.db.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored!.keyHash).toBe(createHash('sha256').update(key.api_key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.api_key);
    const listed = (await inject('GET', '/api_keys', a.headers)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: key.id, name: 'My zaps', prefix: key.prefix, subscriptions: 0 })]);
    expect(JSON.stringify(listed)).not.toContain(key.api_key);

    // Both documented headers work.
    for (const headers of [{ 'x-api-key': key.api_key }, { authorization: `Bearer ${key.api_key}` }] as Array<Record<string, string>>) {
      const me = await inject('GET', '/zapier/me', headers);
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toEqual({ account_id: accountId, account_name: expect.any(String), user_email: a.email, key_name: 'My zaps', key_prefix: key.prefix });
    }
    const zap = { 'x-api-key': key.api_key };
    const sub = await inject('POST', '/zapier/hooks', zap, { target_url: rx.url('/zap/prospects'), event: 'prospect.created' });
    expect(sub.statusCode).toBe(201);
    const subId = sub.json<{ id: number }>().id;
    const gone = await inject('POST', '/zapier/hooks', zap, { target_url: rx.url('/gone/zap'), event: 'prospect.created' });
    const goneId = gone.json<{ id: number }>().id;

    // The action makes a prospect; the trigger delivers it; the sample list shows the same item first.
    const { persona } = await personaWithProspect(t, a.headers);
    await t.app.jobs.drain();
    const goneCalls = rx.at('/gone/zap').length;
    rx.received.length = 0;
    const made = await inject('POST', '/zapier/actions/create_prospect', zap, { persona_id: persona.id, email: 'Dana.Lee@Initech.example', first_name: 'Dana', last_name: 'Lee', company: 'Initech', title: 'VP Sales' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ created: true, data: { email: 'dana.lee@initech.example', full_name: 'Dana Lee', company: 'Initech', source: 'api', persona_ids: [persona.id] } });
    const prospectId = made.json().data.id as number;
    await t.app.jobs.drain();
    const [delivered] = rx.at('/zap/prospects');
    expect(delivered!.body).toMatchObject({ id: String(prospectId), event: 'prospect.created', hook_id: subId, data: { prospect: { id: prospectId, email: 'dana.lee@initech.example', first_name: 'Dana' } } });
    const samples = (await inject('GET', '/zapier/triggers/prospect.created?limit=2', zap)).json<{ data: Array<Record<string, unknown>> }>().data;
    expect(samples).toHaveLength(2);
    const { hook_id: _hookId, ...item } = delivered!.body;
    expect(samples[0]).toEqual(item);
    // The same person again updates them (created: false) and is no new prospect for the hooks.
    const again = await inject('POST', '/zapier/actions/create_prospect', zap, { persona_id: persona.id, email: 'dana.lee@initech.example', title: 'CRO' });
    expect(again.json()).toMatchObject({ created: false, data: { id: prospectId, title: 'CRO', company: 'Initech' } });
    await t.app.jobs.drain();
    expect(rx.at('/zap/prospects')).toHaveLength(1);

    // 410 Gone ended the other subscription.
    expect(goneCalls).toBe(1);
    expect(await t.db.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, goneId))).toEqual([]);

    // Unsubscribe: no more deliveries.
    expect((await inject('DELETE', `/zapier/hooks/${subId}`, zap)).json()).toEqual({ id: subId });
    expect((await inject('DELETE', `/zapier/hooks/${subId}`, zap)).statusCode).toBe(404);
    await inject('POST', '/zapier/actions/create_prospect', zap, { persona_id: persona.id, email: 'someone.else@initech.example' });
    await t.app.jobs.drain();
    expect(rx.at('/zap/prospects')).toHaveLength(1);

    // A revoked key stops at once, and takes its zaps' hooks with it.
    const other = await inject('POST', '/zapier/hooks', zap, { target_url: rx.url('/zap/other'), event: 'reply.received' });
    const otherId = other.json<{ id: number }>().id;
    expect((await inject('DELETE', `/api_keys/${key.id}`, a.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/zapier/me', zap)).statusCode).toBe(401);
    expect(await t.db.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, otherId))).toEqual([]);
  });

  it('POST integrations {provider: zapier} answers {id, api_key}; the connection is listed; disconnecting revokes every key and its hooks', async () => {
    const a = await signedInUser(t, 'zap-connect');
    const first = await inject('POST', '/integrations', a.headers, { provider: 'zapier' });
    expect(first.statusCode, first.body).toBe(200);
    const { id, api_key: key } = first.json<{ data: { id: number; api_key: string } }>().data;
    expect(key).toMatch(/^ak_/);
    expect((await inject('GET', '/zapier/me', { 'x-api-key': key })).statusCode).toBe(200);
    const list = (await inject('GET', '/integrations', a.headers)).json<{ data: Array<{ id: number; provider: string; status: string }>; meta: { providers: Array<{ provider: string; configured: boolean; connect: string[] }> } }>();
    expect(list.data).toContainEqual(expect.objectContaining({ id, provider: 'zapier', status: 'connected' }));
    expect(list.meta.providers).toContainEqual({ provider: 'zapier', label: 'Zapier', configured: true, connect: ['api_key'] });
    // A second key belongs to the same connection.
    const second = (await inject('POST', '/integrations', a.headers, { provider: 'zapier', name: 'Second zap account' })).json().data;
    expect(second.id).toBe(id);
    expect(second.api_key).not.toBe(key);
    expect((await inject('GET', '/api_keys', a.headers)).json().data.map((k: { name: string }) => k.name)).toEqual(['Second zap account', 'Zapier']);
    const hook = await inject('POST', '/zapier/hooks', { 'x-api-key': key }, { target_url: rx.url('/zap/connect'), event: 'reply.received' });
    expect(hook.statusCode).toBe(201);
    expect((await inject('POST', '/integrations', a.headers, { provider: 'zapier', name: 'x'.repeat(81) })).statusCode).toBe(422);

    const off = await inject('DELETE', `/integrations/${id}`, a.headers);
    expect(off.statusCode, off.body).toBe(200);
    for (const k of [key, second.api_key]) expect((await inject('GET', '/zapier/me', { 'x-api-key': k })).statusCode).toBe(401);
    expect(await t.db.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, hook.json().id))).toEqual([]);
    expect((await inject('GET', '/api_keys', a.headers)).json().data).toEqual([]);
  });

  it('a brand without the zapier flag has no Zapier at all (404), keys and hooks included', async () => {
    const host = 'brand3.localhost:3000';
    const c = await signedInUser(t, 'zap-brand3', 'secret-pass-1', host);
    for (const [method, url] of [['POST', '/api_keys'], ['GET', '/api_keys'], ['GET', '/zapier/me']] as const) {
      const res = await inject(method, url, c.headers, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await inject('POST', '/integrations', c.headers, { provider: 'zapier' })).statusCode).toBe(404);
    // Plain webhooks are the integrations flag's (brand 3 has it).
    expect((await inject('GET', '/webhooks', c.headers)).statusCode).toBe(200);
  });

  it("another account's events never reach a hook, and its key never opens this account", async () => {
    const a = await signedInUser(t, 'iso-a');
    const b = await signedInUser(t, 'iso-b');
    await createWebhook(t, a.headers, { url: rx.url('/iso/a'), events: ['reply.received', 'prospect.created'] });
    await inject('POST', '/zapier/hooks', await keyHeadersOf(t, a), { target_url: rx.url('/iso/zap-a'), event: 'reply.received' });
    await replyActivity(await accountIdOf(t, b), null);
    await personaWithProspect(t, b.headers);
    await t.app.jobs.drain();
    expect(rx.at('/iso/a')).toEqual([]);
    expect(rx.at('/iso/zap-a')).toEqual([]);
    const me = await inject('GET', '/zapier/me', await keyHeadersOf(t, b));
    expect(me.json().data.account_id).toBe(await accountIdOf(t, b));
  });

  it('an import’s new prospects are each a prospect.created', async () => {
    const a = await signedInUser(t, 'hooks-import');
    const accountId = await accountIdOf(t, a);
    await createWebhook(t, a.headers, { url: rx.url('/import'), events: ['prospect.created'] });
    const one = await personaWithProspect(t, a.headers);
    const two = await personaWithProspect(t, a.headers);
    await t.app.jobs.drain();
    const before = rx.at('/import').length;
    // As the import's finishing transaction tells it; a prospect already announced is not announced again.
    await publish(t.db.db, accountId, 'prospects_created', { source: 'import', persona_id: one.persona.id, prospect_ids: [one.prospectId, two.prospectId] });
    await t.app.jobs.drain();
    expect(rx.at('/import')).toHaveLength(before);
    const [extra] = await t.db.db
      .insert((await import('../../db/schema')).prospects)
      .values({ accountId, email: 'imported@example.org', fullName: 'Imported Person', source: 'import' })
      .returning();
    await publish(t.db.db, accountId, 'prospects_created', { source: 'import', persona_id: null, prospect_ids: [extra!.id] });
    await t.app.jobs.drain();
    expect(rx.at('/import').slice(before).map((r) => r.body)).toEqual([expect.objectContaining({ id: String(extra!.id), event: 'prospect.created', data: { prospect: expect.objectContaining({ email: 'imported@example.org', source: 'import' }) } })]);
  });

  it('a LinkedIn search page that adds several new people: each is a prospect.created, once', async () => {
    const a = await signedInUser(t, 'hooks-search');
    const { search } = await savedSearchOf(t, a);
    await t.app.jobs.drain();
    await createWebhook(t, a.headers, { url: rx.url('/search'), events: ['prospect.created'] });
    const page = (n: number) => ({ page: 1, results: [1, 2, 3].map((i) => ({ profile_url: `https://www.linkedin.com/in/search-${n}-${i}-${search.id}/`, full_name: `Found Person ${i}`, headline: null, location: null })) });
    const res = await inject('POST', `/linkedin_searches/${search.id}/results`, a.headers, page(1));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    expect(rx.at('/search').map((r) => (r.body.data as { prospect: { full_name: string } }).prospect.full_name).sort()).toEqual(['Found Person 1', 'Found Person 2', 'Found Person 3']);
    // The same page again creates nobody.
    await inject('POST', `/linkedin_searches/${search.id}/results`, a.headers, page(1));
    await t.app.jobs.drain();
    expect(rx.at('/search')).toHaveLength(3);
  });

  it('keeps the delivery log bounded: the newest 50 per hook', async () => {
    const a = await signedInUser(t, 'hooks-bounded');
    const { webhook } = await createWebhook(t, a.headers, { url: rx.url('/bounded'), events: ['reply.received'] });
    const [hook] = await t.db.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhook.id));
    const { queueTest } = await import('./deliveries');
    const ids: number[] = [];
    for (let i = 0; i < WEBHOOK_DELIVERIES_KEPT + 5; i++) ids.push((await queueTest({ db: t.db.db, jobs: t.app.jobs, clock: () => clock }, hook!)).id);
    await t.app.jobs.drain();
    expect(rx.at('/bounded')).toHaveLength(WEBHOOK_DELIVERIES_KEPT + 5);
    const kept = await t.db.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, webhook.id));
    expect(kept.map((k) => k.id).sort((x, y) => x - y)).toEqual(ids.slice(-WEBHOOK_DELIVERIES_KEPT));
    expect(await deliveriesOf(a, webhook.id)).toHaveLength(20);
  });

  it('adds, tests and deletes a plain webhook; refuses bad input and private addresses with clear 4xx', async () => {
    const a = await signedInUser(t, 'hooks-crud');
    const res = await inject('POST', '/webhooks', a.headers, { url: rx.url('/crud'), events: ['meeting.booked', 'meeting.booked', 'pipeline.stage_changed'], description: 'Our Slack relay' });
    expect(res.statusCode).toBe(200);
    const created = res.json<{ data: CreatedWebhook }>().data;
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.webhook).toMatchObject({ events: ['meeting.booked', 'pipeline.stage_changed'], description: 'Our Slack relay', recent_deliveries: [] });
    const [row] = await t.db.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, created.webhook.id));
    expect(row!.secretSealed).not.toContain(created.secret);

    const test = await inject('POST', `/webhooks/${created.webhook.id}/test`, a.headers);
    expect(test.json().data).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    await t.app.jobs.drain();
    const [got] = rx.at('/crud');
    expect(got!.body).toMatchObject({ event: 'webhook.test', hook_id: created.webhook.id });
    expect(verify(created.secret, got!.headers['x-signature'] as string, got!.raw).ok).toBe(true);
    expect((await deliveriesOf(a, created.webhook.id))[0]).toMatchObject({ event: 'webhook.test', status: 'delivered', response_code: 200 });

    for (const [body, error] of [
      [{ url: 'ftp://x.example.com/', events: ['reply.received'] }, 'Webhook URL must be an http or https address (no user name or password in it)'],
      [{ url: 'http://10.1.2.3/hook', events: ['reply.received'] }, 'Webhook URL must be a public address (10.1.2.3 is private or reserved)'],
      [{ url: 'http://169.254.169.254/latest', events: ['reply.received'] }, 'Webhook URL must be a public address (169.254.169.254 is private or reserved)'],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'Events must name at least one trigger'],
      [{ url: 'https://hooks.example.com/x', events: ['reply.deleted'] }, expect.stringContaining('Event must be one of reply.received')],
      [{ url: 'https://hooks.example.com/x', events: ['reply.received'], secret: 'short' }, 'Secret must be at least 16 characters'],
    ] as const) {
      const bad = await inject('POST', '/webhooks', a.headers, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().errors).toContainEqual(error);
    }
    expect((await inject('DELETE', `/webhooks/${created.webhook.id}`, a.headers)).json()).toEqual({ data: { id: created.webhook.id } });
    expect(await t.db.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, created.webhook.id))).toEqual([]);
    expect((await inject('GET', `/webhooks/${created.webhook.id}/deliveries`, a.headers)).statusCode).toBe(404);
  });

  it('actions validate their input (422 naming the field, 404 for what is not there) and act through the product’s own services', async () => {
    const a = await signedInUser(t, 'zap-actions');
    const zap = await keyHeadersOf(t, a);
    const accountId = await accountIdOf(t, a);
    const { persona } = await personaWithProspect(t, a.headers);
    const cases: Array<[string, unknown, number, unknown]> = [
      ['/zapier/actions/create_prospect', { email: 'x@example.org' }, 422, 'Persona id must be a number'],
      ['/zapier/actions/create_prospect', { persona_id: persona.id, email: 'not-an-address' }, 422, 'Email must be a valid address'],
      ['/zapier/actions/create_prospect', { persona_id: persona.id, email: 'x@example.org', linkedin_url: 'https://example.com/in/x' }, 422, 'LinkedIn URL must be a linkedin.com/in/ profile address'],
      ['/zapier/actions/create_prospect', { persona_id: persona.id, email: 'x@example.org', nickname: 'X' }, 422, expect.stringMatching(/nickname/)],
      ['/zapier/actions/create_prospect', { persona_id: 999999, email: 'x@example.org' }, 404, 'Persona not found'],
      ['/zapier/actions/blacklist_email', {}, 422, 'Email is required'],
      ['/zapier/actions/stop_sending', {}, 422, 'Give either a prospect id or an email'],
      ['/zapier/actions/stop_sending', { prospect_id: 1, email: 'x@example.org' }, 422, 'Give either a prospect id or an email'],
      ['/zapier/actions/stop_sending', { prospect_id: 999999 }, 404, 'Prospect not found'],
      ['/zapier/actions/move_pipeline_card', { email: 'nobody@example.org', pipeline_status: 'won' }, 404, 'Prospect not found'],
      ['/zapier/actions/move_pipeline_card', { email: 'nobody@example.org', pipeline_status: 'bought' }, 422, expect.stringContaining('Pipeline status must be one of')],
    ];
    for (const [url, body, status, error] of cases) {
      const res = await inject('POST', url, zap, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().errors).toContainEqual(error);
    }
    const noCard = await inject('POST', '/zapier/actions/move_pipeline_card', zap, { email: (await inject('POST', '/zapier/actions/create_prospect', zap, { persona_id: persona.id, email: 'fresh@example.org' })).json().data.email, pipeline_status: 'won' });
    expect(noCard.json()).toEqual({ errors: ['This prospect has no pipeline card yet (a card opens when they reply)'] });

    // Blacklist an address.
    const listed = await inject('POST', '/zapier/actions/blacklist_email', zap, { email: ' Someone@Example.org ' });
    expect(listed.json()).toEqual({ data: { email: 'someone@example.org', added: true } });
    expect((await inject('POST', '/zapier/actions/blacklist_email', zap, { email: 'someone@example.org' })).json().data.added).toBe(false);
    const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, 'someone@example.org')));
    expect(entry).toMatchObject({ reason: 'manual', details: 'Added through the API' });

    // Stop sending: the prospect's enrolment stops; move the card: as a move by hand.
    const { prospect, cardId } = await cardOf(t, a);
    const stop = await inject('POST', '/zapier/actions/stop_sending', zap, { prospect_id: prospect.id });
    expect(stop.json().data).toMatchObject({ email: prospect.email!.toLowerCase(), stopped: true, newly_suppressed: true });
    const enrolments = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.prospectId, prospect.id)));
    expect(enrolments.map((e) => e.status)).toEqual(['stopped']);
    const moved = await inject('POST', '/zapier/actions/move_pipeline_card', zap, { email: prospect.email, pipeline_status: 'proposal', reason: 'Sent from HubSpot' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ id: cardId, pipeline_status: 'proposal' });
    const [card] = await t.db.db.select().from(pipelineOpportunities).where(eq(pipelineOpportunities.id, cardId));
    expect(card!.status).toBe('proposal');
    // The move is a trigger's event: its sample list shows it first.
    const samples = (await inject('GET', '/zapier/triggers/pipeline.stage_changed', zap)).json().data;
    expect(samples[0]).toMatchObject({ event: 'pipeline.stage_changed', data: { from: 'interested', to: 'proposal', reason: 'Sent from HubSpot', prospect: { id: prospect.id } } });
    const bad = await inject('GET', '/zapier/triggers/reply.deleted', zap);
    expect(bad.statusCode).toBe(422);
  });
});
