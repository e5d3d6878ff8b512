import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Stripe's documented wire format for Checkout Sessions, for tests (nothing
 * leaves the machine): `Authorization: Bearer <secret key>`, form-encoded bodies in bracket notation,
 * JSON objects (`object: 'checkout.session'`, ids `cs_test_…`) and errors as
 * `{ error: { type, code, message, param } }`. Also a tiny hosted-Checkout page (a "Pay" button that
 * marks the session paid and redirects to its success_url), and signed webhook delivery
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`).
 *
 * Standalone on purpose (node:http and node:crypto only): the e2e global setup starts it too
 * (through e2e/support/stripe.ts).
 */

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  success_url: string;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  line_items_price: string;
  created: number;
  livemode: false;
};

export type StripeServerRequest = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; form: Record<string, unknown> };

export type StripeTestServer = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeCheckoutSession>;
  requests: StripeServerRequest[];
  /** Marks a session paid, as a completed Checkout does: status complete, a customer and a subscription. */
  markPaid(id: string): FakeCheckoutSession;
  expire(id: string): FakeCheckoutSession;
  /** A Stripe event wrapping an object, as webhooks deliver it. */
  event(type: string, object: unknown): StripeEvent;
  /** POSTs the event to url, signed with the webhook secret (or the given one / timestamp). */
  sendWebhook(url: string, event: StripeEvent, options?: { secret?: string; timestamp?: number }): Promise<{ status: number; body: string }>;
  /** Every request waits this long before being answered (timeout tests). */
  delayMs: number;
  /** After a paid Checkout, deliver checkout.session.completed here (as a Stripe webhook endpoint). */
  webhookUrl: string | null;
  close(): Promise<void>;
};

export type StripeEvent = { id: string; object: 'event'; type: string; created: number; livemode: false; api_version: string; data: { object: unknown } };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const stripeId = (prefix: string, length = 24) => prefix + [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

/** Stripe's bracket notation: a[b][0][c]=v → { a: { b: [ { c: 'v' } ] } }. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}) => ({ status, body: { error: { type, message, ...extra } } });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeServer(options: { secretKey?: string; webhookSecret?: string; prices?: string[] } = {}): Promise<StripeTestServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const prices = new Set(options.prices ?? ['price_starter_test', 'price_growth_test', 'price_scale_test']);
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: StripeServerRequest[] = [];

  const publicSession = (s: FakeCheckoutSession) => {
    const { line_items_price: _price, ...rest } = s;
    return rest;
  };

  function api(method: string, path: string, auth: string | undefined, form: Record<string, unknown>): { status: number; body: unknown } {
    if (auth !== `Bearer ${secretKey}`) {
      return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${(auth ?? '').replace(/^Bearer\s+/, '').slice(0, 8)}****`);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const mode = form.mode;
      if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup') {
        return stripeError(400, 'invalid_request_error', 'Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
      }
      if (typeof form.success_url !== 'string' || !/^https?:\/\//.test(form.success_url)) {
        return stripeError(400, 'invalid_request_error', 'Not a valid URL', { code: 'url_invalid', param: 'success_url' });
      }
      const items = form.line_items as Array<{ price?: string; quantity?: string }> | undefined;
      const price = items?.[0]?.price;
      if (!price) return stripeError(400, 'invalid_request_error', 'Missing required param: line_items[0][price].', { code: 'parameter_missing', param: 'line_items[0][price]' });
      if (!prices.has(price)) return stripeError(400, 'invalid_request_error', `No such price: '${price}'`, { code: 'resource_missing', param: 'line_items[0][price]' });
      if (!/^\d+$/.test(items[0]!.quantity ?? '')) {
        return stripeError(400, 'invalid_request_error', 'Invalid integer: line_items[0][quantity]', { code: 'parameter_invalid_integer', param: 'line_items[0][quantity]' });
      }
      const id = stripeId('cs_test_', 58);
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `${server.url}/c/pay/${id}`,
        success_url: form.success_url,
        cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
        client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
        customer: typeof form.customer === 'string' ? form.customer : null,
        customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
        subscription: null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        line_items_price: price,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      sessions.set(id, session);
      return { status: 200, body: publicSession(session) };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${decodeURIComponent(match[1]!)}'`, { code: 'resource_missing', param: 'id' });
      return { status: 200, body: publicSession(session) };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]!));
      if (!session) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${decodeURIComponent(expire[1]!)}'`, { code: 'resource_missing', param: 'session' });
      if (session.status !== 'open') {
        return stripeError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      }
      session.status = 'expired';
      return { status: 200, body: publicSession(session) };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = {
    url: '',
    secretKey,
    webhookSecret,
    sessions,
    requests,
    delayMs: 0,
    webhookUrl: null as string | null,
    markPaid(id: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`No session ${id}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      s.customer ??= stripeId('cus_test_', 14);
      if (s.mode === 'subscription') s.subscription ??= stripeId('sub_test_', 24);
      return s;
    },
    expire(id: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`No session ${id}`);
      s.status = 'expired';
      return s;
    },
    event(type: string, object: unknown): StripeEvent {
      const data = JSON.parse(JSON.stringify(object)) as Record<string, unknown>;
      delete data.line_items_price;
      return { id: stripeId('evt_test_', 24), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: '2024-06-20', data: { object: data } };
    },
    async sendWebhook(url: string, event: StripeEvent, opts: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(event, null, 2);
      const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', opts.secret ?? webhookSecret).update(`${t}.${payload}`, 'utf8').digest('hex');
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  } satisfies StripeTestServer;

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (server.delayMs > 0) await new Promise((r) => setTimeout(r, server.delayMs));
        if (res.destroyed) return;
        const url = new URL(req.url ?? '/', 'http://localhost');
        const raw = Buffer.concat(chunks).toString('utf8');
        const contentType = req.headers['content-type'];
        const form = contentType?.startsWith('application/x-www-form-urlencoded') ? parseForm(raw) : {};
        // The hosted Checkout page (what checkout.stripe.com shows): a Pay button.
        const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
        if (pay) {
          const session = sessions.get(pay[1]!);
          if (!session) {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
            return;
          }
          if (session.status !== 'open') {
            res.writeHead(410, { 'content-type': 'text/html; charset=utf-8' }).end(
              `<!doctype html><html><head><meta charset="utf-8"><title>Test Checkout</title></head><body><h1>This checkout session is ${escapeHtml(session.status)}</h1></body></html>`,
            );
            return;
          }
          if (req.method === 'POST') {
            server.markPaid(session.id);
            if (server.webhookUrl) await server.sendWebhook(server.webhookUrl, server.event('checkout.session.completed', session)).catch(() => undefined);
            res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
            return;
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
            `<!doctype html><html><head><meta charset="utf-8"><title>Test Checkout</title></head><body>` +
              `<h1>Test Checkout</h1><p>Plan: ${escapeHtml(session.metadata.plan ?? session.line_items_price)}</p>` +
              `<p>${escapeHtml(session.customer_email ?? '')}</p>` +
              `<form method="post"><button type="submit">Pay</button></form>` +
              (session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : '') +
              `</body></html>`,
          );
          return;
        }
        requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, contentType, form });
        const answer = api(req.method ?? 'GET', url.pathname, req.headers.authorization, form);
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': stripeId('req_', 14) }).end(JSON.stringify(answer.body));
      })();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return server;
}
