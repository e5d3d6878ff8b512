import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, Webhook, WebhookDelivery } from '@shared/schemas/webhooks';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { IntegrationsRoute } from '../routes/integrations';

const now = '2026-03-01T10:00:00.000Z';

const delivery = (id: number, body: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  event: 'reply.received',
  status: 'delivered',
  attempts: 1,
  response_code: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: now,
  created_at: now,
  ...body,
});

/** The keys and webhooks API in memory, behind the fake axios adapter. */
function fakeServer() {
  const db = { keys: [] as ApiKey[], hooks: [] as Webhook[], failHooks: null as FakeReply | null };
  let nextId = 1;
  const body = (c: InternalAxiosRequestConfig) => (c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {});
  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    if (url === '/integrations' && method === 'GET') return { status: 200, data: { data: [], meta: { providers: [{ provider: 'zapier', label: 'Zapier', configured: true, connect: ['api_key'] }] } } };
    if (url === '/api_keys' && method === 'GET') return { status: 200, data: { data: structuredClone(db.keys) } };
    if (url === '/integrations' && method === 'POST') {
      const id = nextId++;
      const key = `ak_${'k'.repeat(40)}${id}`;
      db.keys.unshift({ id, name: 'Zapier', prefix: key.slice(0, 11), created_at: now, last_used_at: null, created_by: 'ada@example.com', subscriptions: 0 });
      return { status: 200, data: { data: { id: 99, api_key: key } } };
    }
    const key = /^\/api_keys\/(\d+)$/.exec(url);
    if (key && method === 'DELETE') {
      db.keys = db.keys.filter((k) => k.id !== Number(key[1]));
      return { status: 200, data: { data: { id: Number(key[1]) } } };
    }
    if (url === '/webhooks' && method === 'GET') return db.failHooks ?? { status: 200, data: { data: structuredClone(db.hooks) } };
    if (url === '/webhooks' && method === 'POST') {
      const b = body(c);
      const hook: Webhook = { id: nextId++, source: 'manual', url: b.url as string, events: b.events as string[], description: (b.description as string) ?? null, created_at: now, recent_deliveries: [] };
      db.hooks.unshift(hook);
      return { status: 200, data: { data: { webhook: hook, secret: (b.secret as string) ?? 'whsec_generated_secret_value' } } };
    }
    const hook = /^\/webhooks\/(\d+)(\/test|\/deliveries)?$/.exec(url);
    if (hook) {
      const h = db.hooks.find((x) => x.id === Number(hook[1]));
      if (!h) return { status: 404, data: { errors: ['Webhook not found'] } };
      if (hook[2] === '/test') {
        const d = delivery(50 + h.recent_deliveries.length, { event: 'webhook.test', status: 'delivered' });
        h.recent_deliveries.unshift(d);
        return { status: 200, data: { data: d } };
      }
      if (hook[2] === '/deliveries') return { status: 200, data: { data: h.recent_deliveries } };
      if (method === 'DELETE') {
        db.hooks = db.hooks.filter((x) => x !== h);
        return { status: 200, data: { data: { id: h.id } } };
      }
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  });
  const calls = (method: string, path: string) => adapter.calls.filter((c) => (c.method ?? 'get').toUpperCase() === method && c.url === path);
  return { db, adapter, calls, sent: body };
}

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const render = () => renderRoute(IntegrationsRoute, { path: '/cabinet/integrations' });
const card = (name: string) => screen.getByRole('region', { name });

describe('Integrations page: Zapier and webhooks cards', () => {
  it('creates a Zapier API key shown once with a copy button, lists it by prefix, and revokes it after confirming', async () => {
    render();
    const zapier = await screen.findByRole('region', { name: 'Zapier' });
    expect(await within(zapier).findByText(/No API keys yet/)).toBeInTheDocument();
    expect(within(zapier).getByText(/No zap is listening yet/)).toBeInTheDocument();
    await userEvent.click(within(zapier).getByRole('button', { name: 'Create API key' }));
    const shown = await within(zapier).findByLabelText('API key');
    expect(shown.textContent).toMatch(/^ak_k+1$/);
    expect(within(zapier).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(server.sent(server.calls('POST', '/integrations')[0]!)).toEqual({ provider: 'zapier' });
    expect(await within(zapier).findByText('ak_kkkkkkkk…')).toBeInTheDocument();
    await userEvent.click(within(zapier).getByRole('button', { name: 'I have saved it' }));
    expect(within(zapier).queryByLabelText('API key')).not.toBeInTheDocument();

    await userEvent.click(within(zapier).getByRole('button', { name: /Revoke Zapier/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(server.calls('DELETE', '/api_keys/1')).toHaveLength(1));
    expect(await within(zapier).findByText(/No API keys yet/)).toBeInTheDocument();
  });

  it('adds a webhook (a bad URL is refused before sending), shows its secret once, sends a test and deletes it', async () => {
    render();
    const hooks = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(hooks).findByText(/No webhooks yet/)).toBeInTheDocument();
    await userEvent.click(within(hooks).getByRole('button', { name: 'Add webhook' }));
    const form = within(hooks).getByRole('form', { name: 'Add a webhook' });
    await userEvent.type(within(form).getByLabelText('URL'), 'ftp://files.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Webhook URL must be an http or https address (no user name or password in it)')).toBeInTheDocument();
    expect(server.calls('POST', '/webhooks')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('URL'));
    await userEvent.type(within(form).getByLabelText('URL'), 'https://example.com/hooks/in');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Pipeline stage changed' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(server.calls('POST', '/webhooks')).toHaveLength(1));
    expect(server.sent(server.calls('POST', '/webhooks')[0]!)).toEqual({ url: 'https://example.com/hooks/in', events: ['reply.received', 'meeting.booked', 'pipeline.stage_changed'] });
    expect((await within(hooks).findByLabelText('Signing secret')).textContent).toBe('whsec_generated_secret_value');
    expect(await within(hooks).findByText('https://example.com/hooks/in')).toBeInTheDocument();
    expect(within(hooks).getByText(/Nothing sent yet/)).toBeInTheDocument();

    await userEvent.click(within(hooks).getByRole('button', { name: 'Send test' }));
    expect(await within(hooks).findByText('webhook.test')).toBeInTheDocument();
    expect(within(hooks).getByText(/1 attempt, answered 200/)).toBeInTheDocument();

    await userEvent.click(within(hooks).getByRole('button', { name: 'Delete webhook https://example.com/hooks/in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    expect(await within(hooks).findByText(/No webhooks yet/)).toBeInTheDocument();
  });

  it('shows a failing delivery with its reason and next try, and a load error with retry', async () => {
    server.db.hooks.push({
      id: 7,
      source: 'manual',
      url: 'https://example.com/down',
      events: ['reply.received'],
      description: null,
      created_at: now,
      recent_deliveries: [delivery(3, { status: 'pending', attempts: 2, response_code: 500, last_error: 'The hook answered 500: down', delivered_at: null, next_attempt_at: '2099-01-01T00:00:00.000Z' })],
    });
    server.db.failHooks = { status: 500, data: { errors: ['Something went wrong'] } };
    render();
    const hooks = await screen.findByRole('region', { name: 'Webhooks' });
    const retry = await within(hooks).findByRole('button', { name: /Try again|Retry/ });
    server.db.failHooks = null;
    await userEvent.click(retry);
    expect(await within(hooks).findByText('The hook answered 500: down')).toBeInTheDocument();
    expect(within(hooks).getByText(/next try in/)).toBeInTheDocument();
    expect(card('Webhooks')).toBeInTheDocument();
  });
});
