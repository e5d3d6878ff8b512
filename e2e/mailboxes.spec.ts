import { startAuthSmtpServer, startHoodiecrow } from '../apps/api/src/testing/mail-servers';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';
import { MAIL_TEST_PORTS } from './support/paths';

const PORTS = MAIL_TEST_PORTS.mailboxes;

/**
 * Connecting a mailbox, as a user does it on /cabinet/mailboxes: a real SMTP server (STARTTLS with a
 * self-signed certificate the product is told to trust, AUTH) and a real IMAP server (hoodiecrow) run
 * by this test on the loopback ports the product's address guard lets through (support/paths.ts).
 */
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startAuthSmtpServer>>;
let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
let user: Awaited<ReturnType<typeof createReadyUser>>;

test.beforeAll(async ({ request }) => {
  smtp = await startAuthSmtpServer({ security: 'starttls', port: PORTS.smtp, users: { 'ada@mailbox.example': 'app-password-1' } });
  imap = await startHoodiecrow({ port: PORTS.imap, users: { 'ada@mailbox.example': 'app-password-1' } });
  user = await createReadyUser(request, 'mailbox');
});

test.afterAll(async () => {
  await smtp?.close();
  await imap?.close();
});

test('connects a mailbox: a wrong password shows the failing step and the server’s reply, the right one connects; pause and resume', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Mailboxes' }).click();
  await expect(page.getByRole('heading', { name: 'No mailbox connected yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect a mailbox' }).click();

  const dialog = page.getByRole('dialog', { name: 'Connect a mailbox' });
  await dialog.getByRole('radio', { name: 'Other (SMTP and IMAP)' }).check();
  await dialog.getByLabel('Email address').fill('ada@mailbox.example');
  await dialog.getByLabel('Sender name').fill('Ada Lovelace');
  await dialog.getByLabel('SMTP host').fill('localhost');
  await dialog.getByLabel('SMTP port').fill(String(PORTS.smtp));
  await dialog.getByLabel('SMTP security').selectOption('starttls');
  await dialog.getByLabel('SMTP username').fill('ada@mailbox.example');
  await dialog.getByLabel('SMTP password').fill('wrong-password');
  await dialog.getByLabel('IMAP host').fill('localhost');
  await dialog.getByLabel('IMAP port').fill(String(PORTS.imap));
  await dialog.getByLabel('IMAP security').selectOption('none');
  await dialog.getByLabel('Minimum gap (seconds)').fill('30');
  await expect(dialog.getByRole('note').filter({ hasText: 'A gap under 60 seconds' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Test and connect' }).click();
  await expect(dialog.getByRole('alert')).toContainText('SMTP: sign in (AUTH) failed');
  const steps = dialog.getByRole('region', { name: 'Connection test' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'SMTP: encryption (TLS)' })).toContainText('Upgraded with STARTTLS');
  await expect(steps.getByRole('listitem').filter({ hasText: 'SMTP: sign in (AUTH)' })).toContainText('Server: 535');
  // Same username and password for IMAP (the default): its login is refused as well.
  await expect(steps.getByRole('listitem').filter({ hasText: 'IMAP: sign in (LOGIN)' })).toContainText('refused');

  await dialog.getByLabel('SMTP password').fill('app-password-1');
  await dialog.getByRole('button', { name: 'Test and connect' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: 'Your mailboxes' });
  await expect(card.getByRole('heading', { name: 'ada@mailbox.example' })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByText('Paused by you')).toBeVisible();
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // The password never comes back to the browser.
  const listed = await page.request.get('/api/v1/user_credentials', { headers: user.headers });
  expect(listed.ok()).toBe(true);
  expect(await listed.text()).not.toContain('app-password-1');
});

test('at 390 px the page and the dialog fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/mailboxes');
  await expect(page.getByRole('heading', { name: 'ada@mailbox.example' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit ada@mailbox.example' });
  await expect(dialog).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
