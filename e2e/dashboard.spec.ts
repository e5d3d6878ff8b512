import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * The cabinet dashboard in Chromium: the seeded demo account's figures and chart (its demo campaign's
 * sent emails: the campaign page shows the same number), and a new account's empty state.
 */

test('the demo account sees its figures and a chart with data, and switches the period', async ({ page }) => {
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet');

  const sent = page.getByTestId('stat-touches-sent');
  await expect(sent).toHaveText(/^[1-9][\d,]*$/);
  const monthSent = Number((await sent.textContent())!.replace(/,/g, ''));
  expect(monthSent).toBeGreaterThan(0);

  const chart = page.getByTestId('activity-chart');
  await expect(chart.locator('rect[data-series="sent"]')).toHaveCount(30);
  // Some bars have height: real data, not an empty frame.
  const heights = await chart.locator('rect[data-series="sent"]').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
  expect(heights.filter((h) => h > 0).length).toBeGreaterThan(5);
  await expect(chart.locator('path[data-series="replies"]')).toHaveAttribute('d', /^M/);

  await expect(page.getByTestId('channel-email')).toContainText('% of touches');
  await expect(page.getByTestId('companies-reached')).toHaveText(/^[1-9]\d*$/);
  const feed = page.getByRole('list', { name: 'Recent activity' });
  await expect(feed.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(feed.getByRole('listitem')).toHaveCount(20);

  // By keyboard: focus the checked period, arrows to Year.
  const period = page.getByRole('radiogroup', { name: 'Period' });
  await period.getByRole('radio', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(period.getByRole('radio', { name: 'Year' })).toHaveAttribute('aria-checked', 'true');
  await expect(chart.locator('rect[data-series="sent"]')).toHaveCount(52);
  await expect
    .poll(async () => Number((await sent.textContent())!.replace(/,/g, '')))
    .toBeGreaterThan(monthSent);
  // Every email the year counts is a sent email of the demo campaign, as its page shows (checked below).
  const yearSent = Number((await sent.textContent())!.replace(/,/g, ''));

  await period.getByRole('radio', { name: 'Week' }).click();
  await expect(chart.locator('rect[data-series="sent"]')).toHaveCount(7);
  // The period is in the URL: a reload keeps it.
  await expect(page).toHaveURL(/[?&]period=week/);
  await page.reload();
  await expect(period.getByRole('radio', { name: 'Week' })).toHaveAttribute('aria-checked', 'true');
  await expect(chart.locator('rect[data-series="sent"]')).toHaveCount(7);
  // Counts on both axes are whole numbers.
  for (const label of await chart.locator('text[data-axis]').allTextContents()) expect(label).toMatch(/^\d[\d,]*$/);

  await page.getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('link', { name: 'VP Sales outreach' }).click();
  const summary = page.getByRole('region', { name: 'Campaign summary' });
  await expect(summary.getByRole('listitem').filter({ hasText: /^Sent/ })).toHaveText(new RegExp(`^Sent\\s*${yearSent}$`));
});

test('a brand-new account sees the empty state with a way to start', async ({ page, request }) => {
  const user = await createReadyUser(request, 'dashboard-new');
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet');
  await expect(page.getByRole('heading', { name: 'No activity yet' })).toBeVisible();
  const cta = page.getByRole('link', { name: /Add your first persona|Add prospects to your persona/ });
  await expect(cta).toBeVisible();
  await expect(page.getByTestId('activity-chart')).toHaveCount(0);
  await cta.click();
  await expect(page).toHaveURL(/\/business-information\/personas$/);
});
