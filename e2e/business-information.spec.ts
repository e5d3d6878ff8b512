import { XSS_VECTORS } from '../packages/shared/src/rich-text/xss-vectors';
import { existingProspectsCsv, thousandRowsCsv } from './fixtures/csv';
import type { Page } from '@playwright/test';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * Business information, as a user walks it: a persona filled by CSV import, its search filters with
 * a live count, the messaging settings in the rich-text editor, an example message that uses them,
 * the editor's paste rules, and the XSS corpus through the editor and the API into Chromium.
 */
test.describe.configure({ mode: 'serial' });

let user: Awaited<ReturnType<typeof createReadyUser>>;
const tag = `e2e${Date.now().toString(36)}`;

test.beforeAll(async ({ request }) => {
  user = await createReadyUser(request, 'bizinfo');
});

test('a persona is filled by CSV import: 950 created, 30 merged, 20 errors, then filtered with a live count', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/business-information/personas');
  await page.getByRole('button', { name: 'Create your first persona' }).click();
  await page.getByLabel('Name').fill('Revenue leaders');
  await page.getByRole('button', { name: 'Create persona' }).click();
  await expect(page.getByRole('heading', { name: 'Revenue leaders' })).toBeVisible();

  // First the 30 prospects the account already has…
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'existing.csv', mimeType: 'text/csv', buffer: Buffer.from(existingProspectsCsv(tag)) });
  await page.getByRole('button', { name: 'Start import' }).click();
  const result = page.getByRole('list', { name: 'Import result' });
  await expect(result.getByText('30 prospects created')).toBeVisible({ timeout: 30_000 });

  // …then the 1,000-row file that repeats them and carries 20 bad rows.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'thousand.csv', mimeType: 'text/csv', buffer: Buffer.from(thousandRowsCsv(tag)) });
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' }).or(result)).toBeVisible();
  await expect(result.getByText('950 prospects created')).toBeVisible({ timeout: 60_000 });
  await expect(result.getByText('30 rows merged')).toBeVisible();
  await expect(result.getByText('20 errors')).toBeVisible();
  // Each bad row is reported with its number and reason (row 32 is the first bad one: header + 30 repeats).
  await expect(page.getByRole('cell', { name: '32', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // The search filters: a job title narrows the live count.
  const count = page.getByRole('status').filter({ hasText: /matching prospect/ });
  await expect(count).toBeVisible({ timeout: 15_000 });
  const before = await count.innerText();
  const titles = page.getByRole('combobox', { name: 'Job titles', exact: true });
  await titles.fill('VP Sal');
  await page.getByRole('listbox', { name: 'Job titles suggestions' }).getByRole('option', { name: /VP Sales/ }).first().click();
  await expect(count).not.toHaveText(before, { timeout: 15_000 });
  await expect(count).toHaveText(/\b\d+ matching prospects?/);
  const narrowed = Number((await count.innerText()).replace(/[^\d]/g, ''));
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(Number(before.replace(/[^\d]/g, '')));
});

test('tone and signature written in the editor shape the example message', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/business-information/messaging/tone-voice');
  await page.getByRole('textbox', { name: 'Tone of voice' }).fill('Formal and respectful');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Saved at/)).toBeVisible();

  await page.goto('/business-information/messaging/signature');
  const signature = page.getByRole('textbox', { name: 'Signature' });
  await expect(signature).toBeEditable();
  await signature.click();
  await page.keyboard.type('Ada from Babbage Analytics');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Saved at/)).toBeVisible();

  await page.goto('/business-information/messaging/example');
  await page.getByRole('button', { name: 'Generate example' }).click();
  const example = page.getByRole('region', { name: 'Example message' });
  await expect(example).toBeVisible({ timeout: 30_000 });
  await expect(example).toContainText('Dear ');
  await expect(example).toContainText('Kind regards,');
  await expect(example).toContainText('Ada from Babbage Analytics');
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(example).toContainText('Ada from Babbage Analytics');
});

/** Pastes HTML into the focused editor the way a browser does: a ClipboardEvent with text/html. */
async function paste(page: Page, name: string, html: string) {
  const editor = page.getByRole('textbox', { name });
  await editor.click();
  await editor.evaluate((el, h) => {
    const data = new DataTransfer();
    data.setData('text/html', h);
    data.setData('text/plain', h.replace(/<[^>]*>/g, ''));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/**
 * Until what the page shows has had its chance to run: every image loaded or failed (so its load or
 * error handlers have run) and two frames drawn (autofocus, toggle and animation events fire by then).
 */
async function settled(page: Page) {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

test('pasting a heading, a list and a javascript: link into the narrow signature editor follows the paste rules', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/business-information/messaging/signature');
  const editor = page.getByRole('textbox', { name: 'Signature' });
  await expect(editor).toBeEditable();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await paste(page, 'Signature', '<h1>Offer</h1><ul><li>Fast</li><li>Cheap</li></ul><p><a href="javascript:alert(1)">Click</a></p>');
  await expect(editor).toContainText('Offer');
  const html = await editor.innerHTML();
  // The signature allows no headings and no lists: the heading becomes a bold block, items become lines.
  expect(html).not.toMatch(/<h\d|<ul|<ol|<li/i);
  expect(html).toMatch(/<strong>Offer<\/strong>/);
  expect(html).toContain('Fast');
  expect(html).toContain('Cheap');
  // Only http, https, mailto and tel links survive: the javascript: address is gone.
  expect(html).not.toMatch(/javascript:/i);
});

test(`the XSS corpus (${XSS_VECTORS.length} vectors) executes nowhere: pasted into the editor, stored by the API, rendered in Chromium`, async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  let fired = 0;
  page.on('dialog', (d) => {
    fired++;
    void d.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss?: number }).__xss = undefined;
  });
  await signInThroughUi(page, user.email, user.password);

  // Through the editor: every vector pasted into the message guidelines editor.
  await page.goto('/business-information/messaging/message-guidelines');
  const editor = page.getByRole('textbox', { name: 'Message guidelines' });
  await expect(editor).toBeEditable();
  for (const vector of XSS_VECTORS) await paste(page, 'Message guidelines', vector);
  await settled(page);

  // Through the API: each vector stored as rich text, then what the server kept rendered on the app's origin.
  const settings = await (await request.get('/api/v1/messaging_settings', { headers: user.headers })).json();
  let id: number = settings.data[0]?.id;
  if (!id) id = (await (await request.post('/api/v1/messaging_settings', { headers: user.headers, data: {} })).json()).data.id;
  const stored: string[] = [];
  for (const vector of XSS_VECTORS) {
    const res = await request.put(`/api/v1/messaging_settings/${id}`, { headers: user.headers, data: { message_guidelines: `<p>x</p>${vector}` } });
    expect(res.status(), vector).toBeLessThan(500);
    if (res.ok()) stored.push((await res.json()).data.message_guidelines);
  }
  expect(stored.length).toBeGreaterThan(XSS_VECTORS.length / 2);
  await page.evaluate((htmls) => {
    const host = document.createElement('div');
    document.body.append(host);
    for (const h of htmls) {
      const box = document.createElement('div');
      box.innerHTML = h;
      host.append(box);
    }
    // Give handlers (onerror, onload, autofocus, animations) the chance to fire.
    host.querySelectorAll('*').forEach((el) => el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
  }, stored);
  await settled(page);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // The last stored value also goes back through the editor on reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message guidelines' })).toBeEditable();
  await expect(page.getByRole('textbox', { name: 'Message guidelines' })).toContainText('x');
  await settled(page);

  expect(fired, 'a dialog opened: a vector executed').toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
