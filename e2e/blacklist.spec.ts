import fs from 'node:fs';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';
import { E2E_UNSUBSCRIBE_SECRET, unsubscribeUrlFor } from './support/unsubscribe';

/**
 * The blacklist as a user meets it: addresses pasted in at once, searched, one removed, the list
 * exported; then a prospect presses the button behind an email's unsubscribe link (no sign-in) and the
 * address appears on the blacklist as unsubscribed. And the page at 390 px.
 */
test.describe.configure({ mode: 'serial' });

let user: Awaited<ReturnType<typeof createReadyUser>>;
const tag = `b${Date.now().toString(36)}`;
const SHOTS = process.env.E2E_SHOTS_DIR;

test.beforeAll(async ({ request }) => {
  user = await createReadyUser(request, 'blacklist');
});

test('add by paste, search, remove one, export; an unsubscribe link lands on the list', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/blacklist');
  await expect(page.getByRole('heading', { name: 'Blacklist', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No blacklisted emails yet' })).toBeVisible();

  // Paste several at once, one of them not an address.
  await page.getByRole('button', { name: 'Add emails' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add emails to the blacklist' });
  await dialog.getByRole('textbox', { name: 'Emails' }).fill(`ann.${tag}@acme.test\nbob.${tag}@acme.test, Carl <carl.${tag}@rival.test>\nnot-an-address`);
  await dialog.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(dialog.getByRole('status')).toContainText('3 emails added. 1 email was not added:');
  await expect(dialog.getByRole('status')).toContainText('not-an-address: Not a valid email address');
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Blacklisted emails' });
  await expect(table.getByRole('row')).toHaveCount(4);

  // Search.
  await page.getByRole('searchbox', { name: 'Search blacklisted emails' }).fill('rival');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: new RegExp(`carl\\.${tag}@rival\\.test`) })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search blacklisted emails' }).fill('');
  await expect(table.getByRole('row')).toHaveCount(4);

  // Remove one, with confirmation.
  await page.getByRole('button', { name: `Remove bob.${tag}@acme.test` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove bob.${tag}@acme.test from the blacklist?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(`bob\\.${tag}`) })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);

  // Export.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file!, 'utf8');
  expect(csv).toContain(`ann.${tag}@acme.test`);
  expect(csv).not.toContain(`bob.${tag}@acme.test`);

  // A prospect opens the unsubscribe link of an email (signed out, another browser context) and presses the button.
  const info = await (await request.get('/api/v1/user_info', { headers: user.headers })).json();
  const link = unsubscribeUrlFor(baseURL!, E2E_UNSUBSCRIBE_SECRET, { accountId: info.data.account_id, email: `Dana.${tag}@prospect.test` });
  const prospect = await page.context().browser()!.newPage();
  await prospect.goto(link);
  await expect(prospect.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
  if (SHOTS) await prospect.screenshot({ path: `${SHOTS}/unsubscribe-page.png` });
  await expect(prospect.getByText(`dana.${tag}@prospect.test`)).toBeVisible();
  await prospect.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(prospect.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await prospect.close();

  // A forged link changes nothing and says so.
  const forged = await request.post(`${link.slice(0, -4)}AAAA`, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(forged.status()).toBe(400);

  await page.reload();
  const row = table.getByRole('row', { name: new RegExp(`dana\\.${tag}@prospect\\.test`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Unsubscribed');
  await expect(row).toContainText('Unsubscribe link');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/blacklist-1280.png`, fullPage: true });
});

test('at 390 px the blacklist fits the screen and its tabs work by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/blacklist');
  const table = page.getByRole('table', { name: 'Blacklisted emails' });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The table itself fits too: each row's remove button is on screen without scrolling it sideways.
  expect(await table.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
  await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeInViewport();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/blacklist-390.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Emails' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { name: 'No blacklisted domains yet' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
