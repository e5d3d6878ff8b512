import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * The tracking code as a user meets it: the snippet copied from /tracking is put on a (loopback) website, a visitor's
 * browser opens two of its pages, and the visits show on /tracking. The visitor comes from loopback, a network that
 * names no company: the list says so, and the unidentified networks show the page trail. A browser that sends Global
 * Privacy Control is not recorded.
 */
test.describe.configure({ mode: 'serial' });

let user: Awaited<ReturnType<typeof createReadyUser>>;
let site: http.Server;
let siteUrl = '';
let snippet = '';
const SHOTS = process.env.E2E_SHOTS_DIR;
const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

test.beforeAll(async ({ request }) => {
  user = await createReadyUser(request, 'tracking');
  const res = await request.get('/api/v1/tracking_codes', { headers: user.headers });
  expect(res.ok()).toBe(true);
  snippet = (await res.json()).data.snippet;
  site = http.createServer((req, res) => {
    const page = req.url?.startsWith('/pricing') ? 'Pricing' : 'Home';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>${page} | Loopback Co</title>${snippet}</head><body><h1>${page}</h1><a href="/pricing">Pricing</a></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('the snippet on a website records its visits, which show on /tracking with their pages', async ({ page, browser }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/tracking');
  await expect(page.getByRole('heading', { name: 'Website tracking', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No visitors tracked yet' })).toBeVisible();
  await expect(page.getByLabel('Snippet')).toContainText('data-code=');
  expect(snippet).toContain('/api/v1/tracking/script.js');

  // A visitor (another browser context: no cookies shared) opens the home page, then follows the link. Headless
  // Chromium says "HeadlessChrome" in its user agent, which the endpoint drops as a bot: the visitor is a person's Chrome.
  const visitor = await browser.newContext({ userAgent: PERSON_UA });
  const tab = await visitor.newPage();
  const sent = tab.waitForRequest((r) => r.url().endsWith('/api/v1/tracking/events') && r.method() === 'POST');
  await tab.goto(siteUrl);
  await sent;
  const second = tab.waitForRequest((r) => r.url().endsWith('/api/v1/tracking/events') && r.postData()?.includes('/pricing') === true);
  await tab.getByRole('link', { name: 'Pricing' }).click();
  await second;
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  // Loopback names no company: the list counts the visit, and the unidentified networks show it with its trail.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/visits? so far came from home, mobile or cloud networks/)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel('Filter').selectOption('unidentified');
  const table = page.getByRole('table', { name: 'Website visitors' });
  const row = table.getByRole('row', { name: /Unknown network/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Unknown network');
  await row.getByRole('button', { name: 'Unknown network' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Pricing | Loopback Co')).toBeVisible();
  await expect(dialog.getByText('Home | Loopback Co')).toBeVisible();
  await expect(dialog.getByText(/such networks do not name the visitor's company/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tracking-trail.png` });
  await page.keyboard.press('Escape');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tracking.png`, fullPage: true });
});

test('a browser that sends Global Privacy Control is not recorded', async ({ browser, request }) => {
  const before = (await (await request.get('/api/v1/website_visitors?filter=unidentified', { headers: user.headers })).json()).data[0]?.pages ?? 0;
  const visitor = await browser.newContext({ userAgent: PERSON_UA, extraHTTPHeaders: { 'sec-gpc': '1' } });
  await visitor.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { get: () => true }));
  const tab = await visitor.newPage();
  const beacons: string[] = [];
  tab.on('request', (r) => void (r.url().endsWith('/api/v1/tracking/events') && beacons.push(r.url())));
  const script = tab.waitForResponse((r) => r.url().endsWith('/api/v1/tracking/script.js'));
  await tab.goto(`${siteUrl}/pricing`);
  await script;
  // An async script has run by the load event: it would have sent its page view by then.
  await tab.waitForLoadState('load');
  expect(await tab.evaluate(() => typeof (window as unknown as { visitorTracking?: unknown }).visitorTracking)).toBe('undefined');
  expect(beacons).toEqual([]);
  await visitor.close();
  const after = (await (await request.get('/api/v1/website_visitors?filter=unidentified', { headers: user.headers })).json()).data[0]?.pages ?? 0;
  expect(after).toBe(before);
});
