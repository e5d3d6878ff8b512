import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiKey, CreatedApiKey, CreatedWebhook, Webhook } from '@shared/schemas/webhooks';
import { blacklistedEmails, pipelineOpportunities, webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { v1, type AuthHeaders, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf, personaWithProspect } from '../messaging/ownership.test-helpers';
import { cardOf } from '../pipeline/ownership.test-helpers';

/**
 * Ownership probes for the webhooks module (spread into routes.test.ts): user B, signed in or with B's own API key,
 * can neither see nor change A's keys, hooks, deliveries, prospects, persona, blacklist or pipeline. Public URLs on
 * example.com are fine as targets: nothing here delivers (the queue is not drained).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

export async function createApiKey(t: TestApp, headers: AuthHeaders, name = `Key ${++seq}`): Promise<CreatedApiKey> {
  const res = await t.app.inject({ method: 'POST', url: v1('/api_keys'), headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CreatedApiKey }>().data;
}

const keys = new WeakMap<object, string>();
/** The person's API key (one per person and app), as Zapier sends it. */
export async function keyHeadersOf(t: TestApp, p: Person): Promise<Record<string, string>> {
  let key = keys.get(p);
  if (!key) keys.set(p, (key = (await createApiKey(t, p.headers)).api_key));
  return { 'x-api-key': key, ...(p.headers.host ? { host: p.headers.host } : {}) };
}

export async function createWebhook(t: TestApp, headers: AuthHeaders, body: Record<string, unknown> = {}): Promise<CreatedWebhook> {
  const res = await t.app.inject({ method: 'POST', url: v1('/webhooks'), headers, payload: { url: `https://hooks.example.com/in/${++seq}`, events: ['reply.received'], ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CreatedWebhook }>().data;
}

const keysOf = async (t: TestApp, p: Person) => (await t.app.inject({ method: 'GET', url: v1('/api_keys'), headers: p.headers })).json<{ data: ApiKey[] }>().data;
const hooksOf = async (t: TestApp, p: Person) => (await t.app.inject({ method: 'GET', url: v1('/webhooks'), headers: p.headers })).json<{ data: Webhook[] }>().data;

async function zapierHookOf(t: TestApp, a: Person): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: v1('/zapier/hooks'), headers: await keyHeadersOf(t, a), payload: { target_url: `https://hooks.zapier.com/hooks/standard/${++seq}/`, event: 'prospect.created' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

export const webhookOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/api_keys': async (t, a, b) => {
    const key = await createApiKey(t, a.headers);
    const res = await t.app.inject({ method: 'GET', url: v1('/api_keys'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ApiKey[] }>().data.map((k) => k.id)).not.toContain(key.id);
    expect(res.body).not.toContain(key.prefix);
  },
  'POST /api/v1/api_keys': async (t, a, b) => {
    const key = await createApiKey(t, b.headers);
    expect((await keysOf(t, a)).map((k) => k.id)).not.toContain(key.id);
    // B's key opens B's account only.
    const me = await t.app.inject({ method: 'GET', url: v1('/zapier/me'), headers: { 'x-api-key': key.api_key } });
    expect(me.json().data.account_id).toBe(await accountIdOf(t, b));
  },
  'DELETE /api/v1/api_keys/:id': async (t, a, b) => {
    const key = await createApiKey(t, a.headers);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/api_keys/${key.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['API key not found'] });
    expect((await t.app.inject({ method: 'GET', url: v1('/zapier/me'), headers: { 'x-api-key': key.api_key } })).statusCode).toBe(200);
  },
  'GET /api/v1/webhooks': async (t, a, b) => {
    const { webhook } = await createWebhook(t, a.headers);
    await zapierHookOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/webhooks'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Webhook[] }>().data.map((h) => h.id)).not.toContain(webhook.id);
    expect(res.body).not.toContain(webhook.url);
    expect(res.body).not.toContain('hooks.zapier.com');
  },
  'POST /api/v1/webhooks': async (t, a, b) => {
    const { webhook } = await createWebhook(t, b.headers);
    expect((await hooksOf(t, a)).map((h) => h.id)).not.toContain(webhook.id);
  },
  'DELETE /api/v1/webhooks/:id': async (t, a, b) => {
    const { webhook } = await createWebhook(t, a.headers);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/webhooks/${webhook.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Webhook not found'] });
    expect((await hooksOf(t, a)).map((h) => h.id)).toContain(webhook.id);
  },
  'GET /api/v1/webhooks/:id/deliveries': async (t, a, b) => {
    const { webhook } = await createWebhook(t, a.headers);
    const res = await t.app.inject({ method: 'GET', url: v1(`/webhooks/${webhook.id}/deliveries`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Webhook not found'] });
  },
  'POST /api/v1/webhooks/:id/test': async (t, a, b) => {
    const { webhook } = await createWebhook(t, a.headers);
    const res = await t.app.inject({ method: 'POST', url: v1(`/webhooks/${webhook.id}/test`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(await t.db.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, webhook.id))).toEqual([]);
  },
  'GET /api/v1/zapier/me': async (t, a, b) => {
    const res = await t.app.inject({ method: 'GET', url: v1('/zapier/me'), headers: await keyHeadersOf(t, b) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ account_id: await accountIdOf(t, b), user_email: b.email });
    expect(res.body).not.toContain(a.email);
  },
  'POST /api/v1/zapier/hooks': async (t, a, b) => {
    const id = await zapierHookOf(t, b);
    expect((await hooksOf(t, a)).map((h) => h.id)).not.toContain(id);
    expect((await hooksOf(t, b)).find((h) => h.id === id)).toMatchObject({ source: 'zapier', events: ['prospect.created'] });
  },
  'DELETE /api/v1/zapier/hooks/:id': async (t, a, b) => {
    const id = await zapierHookOf(t, a);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/zapier/hooks/${id}`), headers: await keyHeadersOf(t, b) });
    expect(res.statusCode).toBe(404);
    expect(await t.db.db.select({ id: webhookSubscriptions.id }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id))).toHaveLength(1);
  },
  'GET /api/v1/zapier/triggers/:event': async (t, a, b) => {
    const { prospectId } = await personaWithProspect(t, a.headers);
    const mine = await t.app.inject({ method: 'GET', url: v1('/zapier/triggers/prospect.created'), headers: await keyHeadersOf(t, a) });
    expect(mine.json<{ data: Array<{ id: string }> }>().data.map((i) => i.id)).toContain(String(prospectId));
    for (const event of ['prospect.created', 'reply.received', 'pipeline.stage_changed']) {
      const res = await t.app.inject({ method: 'GET', url: v1(`/zapier/triggers/${event}`), headers: await keyHeadersOf(t, b) });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: Array<{ data: { prospect?: { id: number } } }> }>().data.map((i) => i.data.prospect?.id)).not.toContain(prospectId);
    }
  },
  'POST /api/v1/zapier/actions/create_prospect': async (t, a, b) => {
    const { persona } = await personaWithProspect(t, a.headers);
    const res = await t.app.inject({ method: 'POST', url: v1('/zapier/actions/create_prospect'), headers: await keyHeadersOf(t, b), payload: { persona_id: persona.id, email: `intruder-${++seq}@example.org` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Persona not found'] });
    const page = await t.app.inject({ method: 'GET', url: v1(`/persons/${persona.id}/loaded_prospects`), headers: a.headers });
    expect(page.json().meta.total).toBe(1);
  },
  'POST /api/v1/zapier/actions/blacklist_email': async (t, a, b) => {
    const email = `listed-by-b-${++seq}@example.org`;
    const res = await t.app.inject({ method: 'POST', url: v1('/zapier/actions/blacklist_email'), headers: await keyHeadersOf(t, b), payload: { email } });
    expect(res.json()).toEqual({ data: { email, added: true } });
    const rows = await t.db.db.select({ accountId: blacklistedEmails.accountId }).from(blacklistedEmails).where(eq(blacklistedEmails.email, email));
    expect(rows).toEqual([{ accountId: await accountIdOf(t, b) }]);
  },
  'POST /api/v1/zapier/actions/stop_sending': async (t, a, b) => {
    const { prospect, accountId } = await cardOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1('/zapier/actions/stop_sending'), headers: await keyHeadersOf(t, b), payload: { prospect_id: prospect.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Prospect not found'] });
    const listed = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, prospect.email!.toLowerCase())));
    expect(listed).toEqual([]);
  },
  'POST /api/v1/zapier/actions/move_pipeline_card': async (t, a, b) => {
    const { prospect, cardId } = await cardOf(t, a);
    for (const payload of [{ prospect_id: prospect.id, pipeline_status: 'lost' }, { email: prospect.email, pipeline_status: 'lost' }]) {
      const res = await t.app.inject({ method: 'POST', url: v1('/zapier/actions/move_pipeline_card'), headers: await keyHeadersOf(t, b), payload });
      expect(res.statusCode).toBe(404);
    }
    const [card] = await t.db.db.select({ status: pipelineOpportunities.status }).from(pipelineOpportunities).where(eq(pipelineOpportunities.id, cardId));
    expect(card!.status).toBe('interested');
  },
};
