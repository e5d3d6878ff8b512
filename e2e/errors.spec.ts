import { expect, test } from './support/fixtures';

test('an unknown address answers HTTP 404 and shows the 404 screen with its exact texts', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res!.status()).toBe(404);
  expect((await page.request.get('/cabinet', { headers: { accept: 'text/html' } })).status()).toBe(200);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(
    page.getByText("We couldn't find the page you were looking for, please contact a system administrator or try again later."),
  ).toBeVisible();
  await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();

  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
});
