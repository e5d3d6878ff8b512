import { createHmac } from 'node:crypto';
import http from 'node:http';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * Zapier and plain webhooks, as a user meets them on /cabinet/integrations: an API key made on the page (shown once)
 * connects "Zapier" (this test, speaking Zapier's REST hook calls), a zap's hook gets a new prospect made by a zap
 * action, a plain webhook added on the page gets a signed test event, and revoking the key shuts Zapier out. The
 * receiver runs on 127.0.0.1:3197 (let through by GUARDED_FETCH_ALLOW_HOSTS, support/global-setup.ts).
 */
test.describe.configure({ mode: 'serial' });

const PORT = 3197;
type Received = { path: string; headers: http.IncomingHttpHeaders; raw: string; body: Record<string, unknown> };
const received: Received[] = [];
let receiver: http.Server;
let user: Awaited<ReturnType<typeof createReadyUser>>;

test.beforeAll(async ({ request }) => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw || '{}') as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(PORT, '127.0.0.1', resolve);
  });
  user = await createReadyUser(request, 'zapier');
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const at = (path: string) => received.filter((r) => r.path === path);

test('an API key made on the page connects Zapier: subscribe, a zap action, the trigger delivered, revoke', async ({ page, request }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/integrations');
  const zapier = page.getByRole('region', { name: 'Zapier' });
  await expect(zapier.getByText(/No API keys yet/)).toBeVisible();
  await zapier.getByRole('button', { name: 'Create API key' }).click();
  const key = (await zapier.getByLabel('API key', { exact: true }).textContent())!.trim();
  expect(key).toMatch(/^ak_/);
  await zapier.getByRole('button', { name: 'I have saved it' }).click();
  await expect(zapier.getByLabel('API key', { exact: true })).toHaveCount(0);
  await expect(zapier.getByText(`${key.slice(0, 11)}…`)).toBeVisible();

  // Zapier's side: the connection test, a REST hook subscription, then a zap's action.
  const zap = { 'x-api-key': key };
  const me = await request.get('/api/v1/zapier/me', { headers: zap });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.user_email).toBe(user.email);
  const hookPath = `/zap/${Date.now().toString(36)}`;
  const sub = await request.post('/api/v1/zapier/hooks', { headers: zap, data: { target_url: `http://127.0.0.1:${PORT}${hookPath}`, event: 'prospect.created' } });
  expect(sub.status()).toBe(201);
  const persona = await request.post('/api/v1/persons', { headers: user.headers, data: { name: `Zapier leads ${Date.now()}` } });
  const personaId = (await persona.json()).data.id as number;
  const made = await request.post('/api/v1/zapier/actions/create_prospect', { headers: zap, data: { persona_id: personaId, email: `lead-${Date.now()}@example.org`, first_name: 'Lee', company: 'Initech' } });
  expect(made.status()).toBe(200);
  const prospectId = (await made.json()).data.id as number;
  await expect.poll(() => at(hookPath).length).toBe(1);
  expect(at(hookPath)[0]!.body).toMatchObject({ id: String(prospectId), event: 'prospect.created', data: { prospect: { first_name: 'Lee', company: 'Initech' } } });

  // The page shows the connected zap and its delivery.
  await page.reload();
  await expect(zapier.getByText(/^New prospect →/)).toBeVisible();
  await expect(zapier.getByText(/1 attempt, answered 200/)).toBeVisible();

  // Revoked on the page: Zapier is shut out at once.
  await zapier.getByRole('button', { name: /^Revoke Zapier/ }).click();
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(zapier.getByText(/No API keys yet/)).toBeVisible();
  expect((await request.get('/api/v1/zapier/me', { headers: zap })).status()).toBe(401);
});

test('a plain webhook added on the page gets a signed test event; the log shows it delivered', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/integrations');
  const hooks = page.getByRole('region', { name: 'Webhooks' });
  const path = `/plain/${Date.now().toString(36)}`;
  const url = `http://127.0.0.1:${PORT}${path}`;
  await hooks.getByRole('button', { name: 'Add webhook' }).click();
  const form = hooks.getByRole('form', { name: 'Add a webhook' });
  await form.getByLabel('URL').fill(url);
  await form.getByRole('checkbox', { name: 'Pipeline stage changed' }).check();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  const secret = (await hooks.getByLabel('Signing secret', { exact: true }).textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(hooks.getByText(url)).toBeVisible();

  await hooks.getByRole('button', { name: 'Send test' }).click();
  await expect.poll(() => at(path).length).toBe(1);
  const got = at(path)[0]!;
  const [t, v1] = String(got.headers['x-signature']).split(',').map((p) => p.split('=')[1]);
  expect(createHmac('sha256', secret).update(`${t}.${got.raw}`).digest('hex')).toBe(v1);
  expect(got.body).toMatchObject({ event: 'webhook.test' });
  await expect(hooks.getByText(/1 attempt, answered 200/)).toBeVisible();
});
