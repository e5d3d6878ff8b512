import http from 'node:http';
import { PROFILE_FIELDS } from '../packages/shared/src/schemas/linkedin';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * Notifications, as a user meets them: a webhook rule created on /cabinet/notifications whose test
 * send reaches a webhook receiver this test runs on 127.0.0.1:3199 (the product lets that one
 * loopback host through GUARDED_FETCH_ALLOW_HOSTS, see support/global-setup.ts), and an in-app
 * notification, raised by a real activity, appearing as a toast.
 */
test.describe.configure({ mode: 'serial' });

const WEBHOOK_PORT = 3199;
type Received = { path: string; contentType: string | undefined; body: { text?: string; blocks?: unknown[] } };
const received: Received[] = [];
let receiver: http.Server;
let user: Awaited<ReturnType<typeof createReadyUser>>;

test.beforeAll(async ({ request }) => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Received['body'] });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(WEBHOOK_PORT, '127.0.0.1', resolve);
  });
  user = await createReadyUser(request, 'notify');
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test('a webhook rule is created in the page and its test send reaches the local webhook server', async ({ page }) => {
  const hookPath = `/hooks/${Date.now().toString(36)}`;
  const hookUrl = `http://127.0.0.1:${WEBHOOK_PORT}${hookPath}`;
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/notifications');
  // The default rules of a new account.
  await expect(page.getByRole('group', { name: 'In the app' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Everyone on your account' })).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill(hookUrl);
  const form = page.getByRole('form', { name: 'Add a webhook' });
  await form.getByRole('checkbox', { name: 'An import finished' }).check();
  await form.getByRole('button', { name: 'Add webhook' }).click();

  const card = page.getByRole('group', { name: hookUrl });
  await expect(card).toBeVisible();
  await expect(card.getByRole('checkbox', { name: 'An import finished' })).toBeChecked();
  await card.getByRole('button', { name: `Send test to ${hookUrl}` }).click();
  await expect(card.getByRole('status')).toHaveText('Sent: the test reached its target.');
  await expect(card.getByText(/^Delivered /)).toBeVisible();

  const got = received.filter((r) => r.path === hookPath);
  expect(got).toHaveLength(1);
  expect(got[0]!.contentType).toBe('application/json');
  expect(got[0]!.body.text).toMatch(/Test notification from /);
  expect(got[0]!.body.blocks).toEqual([
    expect.objectContaining({ type: 'section', text: expect.objectContaining({ type: 'mrkdwn' }) }),
    expect.objectContaining({ type: 'context' }),
  ]);
});

test('a private address is refused when the rule is saved; a name resolving to loopback is refused at test send', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/notifications');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const form = page.getByRole('form', { name: 'Add a webhook' });
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill('http://10.0.0.1/x');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(form.getByRole('alert')).toHaveText('Webhook URL must be a public address: 10.0.0.1 is on a private network');
  await expect(page.getByRole('group', { name: 'http://10.0.0.1/x' })).toHaveCount(0);

  // A name is resolved when sending (DNS can change), so it saves and the test send says why it fails.
  const hookUrl = 'http://localhost:3198/not-allowed';
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill(hookUrl);
  await form.getByRole('button', { name: 'Add webhook' }).click();
  const card = page.getByRole('group', { name: hookUrl });
  await card.getByRole('button', { name: `Send test to ${hookUrl}` }).click();
  await expect(card.getByRole('alert')).toHaveText(/^Test failed: Blocked: localhost:3198 is not an allowed address/);
});

test('an in-app notification from a real activity appears as a toast and in the history', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/notifications');
  await expect(page.getByRole('group', { name: 'In the app' })).toBeVisible();

  // An activity the default in-app rule listens to: a prospect added to a persona.
  const persona = await page.request.post('/api/v1/persons', { headers: user.headers, data: { name: `Notify persona ${Date.now()}` } });
  expect(persona.ok()).toBe(true);
  const personaId = ((await persona.json()) as { data: { id: number } }).data.id;
  const sources = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'selector']));
  const added = await page.request.post(`/api/v1/persons/${personaId}/prospects`, {
    headers: user.headers,
    data: {
      profile: {
        profile_url: `https://www.linkedin.com/in/toast-prospect-${Date.now()}/`,
        public_identifier: 'toast-prospect',
        full_name: 'Toni Toast',
        first_name: 'Toni',
        last_name: 'Toast',
        headline: 'Head of Sales at Crumb',
        location: 'Berlin',
        photo_url: null,
        about: null,
        current_company: 'Crumb',
        current_title: 'Head of Sales',
        experience: [],
        education: [],
        skills: [],
        connection_degree: '2nd',
        contact_info: null,
        open_to_work: false,
        is_own_profile: false,
        limited: false,
        sources,
      },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);

  // The poller asks every 15 s while the page is visible.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Toni Toast was added as a prospect' });
  await expect(toast).toBeVisible({ timeout: 25_000 });
  const history = page.getByRole('list', { name: 'Notifications' });
  await expect(history.getByText('Toni Toast was added as a prospect')).toBeVisible();

  // Toasts are for what arrives while the user is here: a reload (a new session) does not toast it
  // again, although it is still unread in the history. Every toast the reloaded page raises is recorded.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('[data-sonner-toast]')) if (!seen.includes(t.textContent ?? '')) seen.push(t.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // The page's first ask for notifications answers before anything new exists (it sets what is old).
  const firstAsk = page.waitForResponse((r) => r.url().includes('/api/v1/notifications?') && r.url().includes('after_id='));
  await page.reload();
  await firstAsk;
  const inApp = page.getByRole('group', { name: 'In the app' });
  await expect(inApp).toBeVisible();
  // Something new after the reload is toasted: once it shows, every earlier answer has been handled.
  await inApp.getByRole('button', { name: 'Send test to In the app' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Test notification from' })).toBeVisible({ timeout: 25_000 });
  const toasted = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  expect(toasted).toContainEqual(expect.stringContaining('Test notification from'));
  expect(toasted.filter((t) => t.includes('Toni Toast'))).toEqual([]);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Toni Toast' })).toHaveCount(0);
  await history.getByRole('button', { name: 'Mark “Toni Toast was added as a prospect” read' }).click();
  await expect(history.getByRole('button', { name: /Mark “Toni Toast/ })).toHaveCount(0);
});
