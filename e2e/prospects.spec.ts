import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * Every prospect is reachable: the account-wide prospects page, walked as a user would — search, add to a
 * persona, export, delete — and the business-information pages at 390 px (a menu, no sideways scroll).
 */
test.describe.configure({ mode: 'serial' });

let user: Awaited<ReturnType<typeof createReadyUser>>;
const tag = `p${Date.now().toString(36)}`;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Prospects in no persona, as an import without a persona leaves them. */
async function importWithoutPersona(request: APIRequestContext, headers: Record<string, string>) {
  const rows = ['Name,Email,Title,Company,LinkedIn URL'];
  rows.push(`Ada Lovelace ${tag},ada.${tag}@engines.test,Head of Analytics,Analytical Engines,https://www.linkedin.com/in/ada-${tag}`);
  rows.push(`Grace Hopper ${tag},grace.${tag}@navy.test,Rear Admiral,US Navy,`);
  rows.push(`=HYPERLINK("http://evil.test") ${tag},evil.${tag}@evil.test,Chief Trickster,Evil Corp,`);
  for (let i = 0; i < 60; i++) rows.push(`Prospect ${i} ${tag},p${i}.${tag}@bulk.test,Account Executive,Bulk ${i % 7},`);
  const res = await request.post('/api/v1/upload', {
    headers,
    data: { file_name: 'no-persona.csv', content: `${rows.join('\n')}\n`, mapping: { Name: 'full_name', Email: 'email', Title: 'title', Company: 'company', 'LinkedIn URL': 'linkedin_url' } },
  });
  expect(res.status(), await res.text()).toBe(202);
  const jobId = (await res.json()).data.job_id as number;
  await expect
    .poll(async () => (await (await request.get(`/api/v1/import_jobs/${jobId}`, { headers })).json()).data.status, { timeout: 30_000 })
    .toBe('done');
}

test.beforeAll(async ({ request }) => {
  user = await createReadyUser(request, 'prospects');
  await importWithoutPersona(request, user.headers);
  const persona = await request.post('/api/v1/persons', { headers: user.headers, data: { name: `Analytics leaders ${tag}` } });
  expect(persona.ok()).toBe(true);
});

test('prospects in no persona are reachable: search, add to a persona, export, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/business-information/prospects');
  await expect(page.getByRole('heading', { name: 'Prospects', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Prospects' });
  await expect(table).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prospects-1280.png`, fullPage: true });

  // Search by company.
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill('analytical engines');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('link', { name: `Ada Lovelace ${tag}` })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('None');

  // Add to a persona.
  await page.getByRole('checkbox', { name: `Select Ada Lovelace ${tag}` }).check();
  const add = page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Add to persona' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add to a persona' });
  const personaName = `Analytics leaders ${tag}`;
  await dialog.getByRole('combobox', { name: 'Persona' }).selectOption({ label: `${personaName} (0)` });
  await dialog.getByRole('button', { name: 'Add 1 prospect' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  // The toast sits below the header, never over its avatar button.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '1 prospect added' });
  await expect(toast).toBeVisible();
  const header = (await page.locator('header').first().boundingBox())!;
  // Polled: the toast slides in from above, so its first frames sit higher than where it rests.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(table.getByRole('link', { name: personaName })).toBeVisible();

  // Export the search's matches: a CSV with the formula cell escaped.
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill(tag);
  await expect(page.getByText('63 prospects')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export matching' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(64);
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"") ${tag}"`);
  expect(csv).toContain(`Ada Lovelace ${tag}`);

  // Delete two after confirming: they are gone from the list.
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill(`hopper ${tag}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: `Select Grace Hopper ${tag}` }).check();
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 prospect?' });
  await confirm.getByRole('button', { name: 'Delete 1 prospect' }).click();
  await expect(page.getByText('No prospects match this search and these filters.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill(tag);
  await expect(page.getByText('62 prospects')).toBeVisible();
});

test('at 390 px the business-information menu works and the persona page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/business-information/personas');
  // The links are in one menu, not a clipped strip.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: /^Menu/ }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/menu-390.png` });
  await page.getByRole('menuitem', { name: 'Prospects' }).click();
  await expect(page).toHaveURL(/\/business-information\/prospects$/);
  await expect(page.getByRole('heading', { name: 'Prospects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu, Prospects' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prospects-390.png` });
  const noSideways = () => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
  expect(await noSideways()).toBe(true);

  await page.goto('/business-information/personas');
  const first = page.getByRole('table', { name: 'Personas' }).getByRole('link').first();
  await first.click();
  await expect(page.getByRole('button', { name: 'Export prospects' })).toBeVisible();
  expect(await noSideways()).toBe(true);
  // Every action stays reachable.
  for (const name of ['Import CSV', 'Export prospects', 'Edit details', 'Delete']) await expect(page.getByRole('button', { name, exact: true }).first()).toBeInViewport({ ratio: 1 });
  await page.getByRole('tab', { name: /Prospects/ }).click();
  expect(await noSideways()).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/persona-390.png`, fullPage: true });
});
