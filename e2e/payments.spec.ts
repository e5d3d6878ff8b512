import { PAID_CUSTOMER_SCHEDULING_LINK } from '../packages/shared/src/constants';
import { getBrand } from '../packages/shared/src/brands';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * A paid checkout, as a user walks it: Upgrade → plans → Stripe Checkout (the local Stripe-format
 * server's hosted page) → Pay → back in the cabinet, the plan is paid and the scheduling link has
 * switched to the paid-customer link.
 */
test('a paid checkout turns the plan to paid and switches the scheduling link', async ({ page, request }) => {
  const user = await createReadyUser(request, 'payments');
  await signInThroughUi(page, user.email, user.password);

  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByTestId('scheduling-link')).toHaveAttribute('href', getBrand(0).calendly_link);
  await page.keyboard.press('Escape');

  await page.getByRole('complementary').getByRole('button', { name: 'Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plans & billing' });
  await expect(dialog.getByTestId('current-plan')).toHaveText('Trial');
  await expect(dialog.getByTestId('how-to-pay')).toHaveText('Payment runs on Stripe; you come straight back here when it is done.');
  await dialog.getByRole('listitem', { name: 'Growth plan' }).getByRole('button', { name: 'Choose Growth' }).click();

  // Stripe's hosted Checkout (served by the local Stripe-format server).
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Test Checkout' })).toBeVisible();
  await expect(page.getByText('Plan: Growth')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back in the cabinet: approved, the toast, the parameter gone, the plan paid.
  await page.waitForURL(/\/cabinet/);
  await expect(page.getByText("You're on the Growth plan. Thank you!")).toBeVisible();
  await expect(page).not.toHaveURL(/checkout_session_id/);
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByTestId('scheduling-link')).toHaveAttribute('href', PAID_CUSTOMER_SCHEDULING_LINK);
  await page.keyboard.press('Escape');

  const info = await request.get('/api/v1/user_info', { headers: user.headers });
  expect((await info.json()).data.tariff_plan).toBe('Growth');

  // The profile page's "Plan & billing" shows it after a reload too.
  await page.goto('/cabinet/profile-edit');
  await expect(page.getByTestId('profile-plan')).toHaveText('Growth');
  await expect(page.getByTestId('plan-details')).toContainText(/Paid on \w{3} \d{1,2}, \d{4}, billed monthly\./);
  await expect(page.getByTestId('plan-details')).toContainText('3 virtual employees · 2,500 prospects a month');
});

test('a Checkout left without paying changes nothing', async ({ page, request }) => {
  const user = await createReadyUser(request, 'payments-cancel');
  await signInThroughUi(page, user.email, user.password);
  await page.getByRole('complementary').getByRole('button', { name: 'Upgrade' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Choose Starter' }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(/\/cabinet/);
  await expect(page.getByText('Checkout cancelled. Your plan is unchanged.')).toBeVisible();
  const info = await request.get('/api/v1/user_info', { headers: user.headers });
  expect((await info.json()).data.tariff_plan).toBe('Trial');
});
