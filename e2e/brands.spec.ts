import { getBrand } from '../packages/shared/src/brands/registry';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';

test('the sign-in page of brand6.localhost is branded as brand 6 and carries the live-chat script', async ({ page }) => {
  const brand = getBrand(6);
  await page.goto(`http://brand6.localhost:${E2E_PORT}/auth/signin`);
  await expect(page).toHaveTitle(/Login/);
  await expect(page.getByText(brand.company_name).first()).toBeVisible();
  await expect(page.locator(`script[src="${brand.scripts.chat}"]`)).toHaveCount(1);
  await expect(page.locator(`script[src="${brand.scripts.customer_relationship}"]`)).toHaveCount(1);
});

test("brand 0's sign-in page has its own name and no live-chat script", async ({ page }) => {
  const brand = getBrand(0);
  await page.goto('/auth/signin');
  await expect(page.getByText(brand.company_name).first()).toBeVisible();
  await expect(page.locator(`script[src="${getBrand(6).scripts.chat}"]`)).toHaveCount(0);
  await expect(page.locator(`script[src="${brand.scripts.customer_relationship}"]`)).toHaveCount(1);
  await expect(page.locator('html')).toHaveClass(/dark/);
});
