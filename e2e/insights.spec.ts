import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * The insights page in Chromium: the seeded demo account's own sends, replies and pipeline in each tab (the same
 * tables the dashboard and the campaign read), and a new account's honest empty state.
 */

const count = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));

test('the demo account reads its deliverability, funnel and target audience from its own outreach', async ({ page }) => {
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet/insights?period=year');

  // Deliverability: the year's sends, the same as the dashboard's touches sent by email for the year.
  const sent = page.getByTestId('figure-sent');
  await expect(sent).toContainText(/[1-9]/);
  const yearSent = count(await sent.locator('p').nth(1).textContent());
  expect(yearSent).toBeGreaterThan(100);
  const campaigns = page.getByRole('table', { name: 'Deliverability by campaign and step' });
  await expect(campaigns.getByRole('rowheader', { name: 'Step 1' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Deliverability by mailbox' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('figure-reply-rate')).toContainText('replied');

  // Performance, by keyboard: the funnel starts with the prospects contacted and ends with the demo's won deal.
  await page.getByRole('tab', { name: 'Deliverability' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
  const funnel = page.getByRole('table', { name: 'The funnel of the prospects contacted' });
  const contacted = funnel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Contacted' }) });
  await expect(contacted).toContainText(/[1-9]/);
  const won = funnel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Won' }) });
  await expect(won.getByRole('cell').first()).toHaveText(/^[1-9]/);
  await expect(page).toHaveURL(/tab=performance/);

  // Target audience: every job title the demo's prospects hold, each with its sample.
  await page.getByRole('tab', { name: 'Target audience' }).click();
  await page.getByLabel('Rank by').selectOption('job_title');
  const titles = page.getByRole('table', { name: 'Target audience by job title' });
  await expect(titles.getByRole('row').nth(1)).toBeVisible();
  expect(await titles.getByRole('row').count()).toBeGreaterThan(2);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Target audience by job title' })).toBeVisible();
});

test('a new account sees that nothing was sent yet, in every tab', async ({ page, request }) => {
  const user = await createReadyUser(request, 'insights-empty');
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/insights');
  await expect(page.getByText('No sends in this period')).toBeVisible();
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByText('No prospects contacted in this period')).toBeVisible();
  await page.getByRole('tab', { name: 'Target audience' }).click();
  await expect(page.getByText('No prospects contacted in this period')).toBeVisible();
});
