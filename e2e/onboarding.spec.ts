import type { Page } from '@playwright/test';
import { codeFrom, expect, test, uniqueEmail, waitForMail } from './support/fixtures';

/**
 * A brand-new user walks all fourteen onboarding pages (Welcome + thirteen questions), leaves and
 * comes back mid-way (resumes at the saved step), finishes, and finds the persona, the offering and the
 * messaging settings made from the answers on the business-information pages.
 */
const PASSWORD = 'Correct-horse-42';
const tag = Date.now().toString(36);
const PERSONA = `Revenue leaders ${tag}`;
const OFFERING = `Engine Forecast ${tag}`;
const MEETING_LINK = `https://cal.example.org/ada-${tag}/30min`;

async function next(page: Page, expectedPath: RegExp) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(expectedPath);
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Onboarding progress' });

test('a new user completes onboarding, resumes after a reload and finds persona, offering and messaging made from the answers', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('onboarding');

  // Sign up, verify with the emailed code, sign in: onboarding's Welcome opens.
  let since = Date.now();
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify/);
  await page.getByLabel('Verification code').fill(codeFrom(await waitForMail(email, { since })));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cabinet\/onboarding\/?$/);
  await expect(page).toHaveTitle(/Welcome/);

  // 1 Welcome → 2 choose-user-profile: nothing to find for a new account, so the user types it.
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/choose-user-profile$/);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '2');
  await expect(progress(page)).toHaveAttribute('aria-valuemax', '14');
  await page.getByLabel('Search for your profile').fill('Ada Lovelace');
  await expect(page.getByText('No profile found.')).toBeVisible();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Your headline').fill('Founder at Analytical Engines');
  await next(page, /\/your-website$/);

  // 3 your-website: the site cannot be fetched here (no network), so the lookup says so and the user types.
  await page.getByLabel('Company website').fill(`https://www.analytical-engines-${tag}.invalid/`);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Type your company details below instead' })).toContainText(/could not be reached|did not answer in time/, { timeout: 30_000 });
  await page.getByLabel('Company name').fill('Analytical Engines');
  await page.getByLabel('What your company does').fill('Forecasting for B2B revenue teams.');
  await next(page, /\/your-position$/);

  // 4 your-position, 5 job-title
  await page.getByLabel('Founder or owner').check();
  await next(page, /\/job-title$/);
  await expect(page.getByLabel('Job title')).toHaveValue('Founder');
  await page.getByLabel('Job title').fill('Chief Executive Officer');
  await next(page, /\/problem-solving$/);

  // 6 problem-solving: validation first, then the answer.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The problem you solve needs at least 10 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/problem-solving$/);
  await page.getByLabel('The problem you solve').fill('Revenue teams miss their forecast because pipeline data lives in spreadsheets.');
  await next(page, /\/solution$/);

  // Leave mid-way and come back: Welcome continues at the saved step, and answers are kept.
  await page.goto('/cabinet/onboarding');
  await page.reload();
  await page.getByRole('link', { name: /Continue with “Your solution”/ }).click();
  await expect(page).toHaveURL(/\/solution$/);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '7');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('The problem you solve')).toHaveValue(/pipeline data lives in spreadsheets/);
  await page.reload();
  await expect(page.getByLabel('The problem you solve')).toHaveValue(/pipeline data lives in spreadsheets/);
  await next(page, /\/solution$/);

  // 7 solution, with a draft by AI that the user edits before using it.
  await page.getByLabel('Product or service name').fill(OFFERING);
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const suggested = page.getByLabel('Suggested solution');
  await expect(suggested).toBeVisible({ timeout: 20_000 });
  await suggested.fill('Engine Forecast pulls CRM data every hour and predicts the quarter.');
  await page.getByRole('button', { name: 'Use this text' }).click();
  await expect(page.getByLabel('Your solution')).toHaveValue('Engine Forecast pulls CRM data every hour and predicts the quarter.');
  await next(page, /\/different$/);

  // 8 different
  await page.getByLabel('What sets you apart').fill('Set up in one day. No data scientist needed.');
  await next(page, /\/potential-customers$/);

  // 9 potential-customers: chips and sizes.
  await page.getByLabel('Audience name').fill(PERSONA);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Add at least one job title')).toBeVisible();
  await page.getByLabel('Job titles', { exact: true }).fill('VP Sales');
  await page.getByLabel('Job titles', { exact: true }).press('Enter');
  await page.getByLabel('Job titles', { exact: true }).fill('CRO');
  await page.getByLabel('Job titles', { exact: true }).press('Enter');
  await page.getByLabel('Industries', { exact: true }).fill('Software');
  await page.getByLabel('Industries', { exact: true }).press('Enter');
  await page.getByLabel('51–200').check();
  await page.getByLabel('Locations', { exact: true }).fill('Germany');
  await page.getByLabel('Locations', { exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: 'Remove CRO' })).toBeVisible();
  await next(page, /\/price$/);

  // 10 price
  await page.getByLabel('From').fill('500');
  await page.getByLabel('To').fill('2000');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByLabel('Billing period').selectOption('month');
  await next(page, /\/expectations$/);

  // 11 expectations
  await page.getByLabel('Meetings per month').fill('12');
  await page.getByLabel('Markets', { exact: true }).fill('DACH');
  await page.getByLabel('Markets', { exact: true }).press('Enter');
  await next(page, /\/meeting-link$/);

  // 12 meeting-link: another scheme is refused; an address without https:// gets it.
  await page.getByLabel('Meeting link').fill('ftp://cal.example.org/ada');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Meeting link must start with http:// or https://')).toBeVisible();
  await page.getByLabel('Meeting link').fill(MEETING_LINK.replace('https://', ''));
  await next(page, /\/phone-number$/);

  // 13 phone-number: Next is refused until the number is verified by the code (no SMS provider here:
  // the code also comes by email to the user's own address).
  await page.getByLabel('Phone number').fill('+49 151 12345678');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('Verify this phone number with the code we send before going on');
  since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await waitForMail(email, { since });
  expect(mail.text).toContain('phone verification code');
  await expect(page.getByText(`We emailed a 6-digit code to ${email}.`)).toBeVisible();
  await page.getByLabel('Code from the email').fill(codeFrom(mail));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number verified')).toBeVisible();
  await next(page, /\/notifications-list$/);

  // 14 notifications-list → Finish → the cabinet.
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '14');
  await page.getByLabel('An import finished').check();
  await page.getByLabel('A meeting was booked').uncheck();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/cabinet\/?$/);

  // The business-information pages start filled from the answers.
  await page.goto('/business-information/personas');
  await expect(page.getByText(PERSONA).first()).toBeVisible();
  await page.goto('/business-information/messaging/offering');
  const offering = page.getByRole('group', { name: OFFERING });
  await expect(offering).toBeVisible();
  await expect(offering).toContainText('Engine Forecast pulls CRM data every hour');
  await expect(offering).toContainText(/€500.*€2,000/);
  await page.goto('/business-information/messaging/call-to-action');
  await expect(page.getByRole('textbox', { name: 'Call to action' })).toHaveValue(new RegExp(MEETING_LINK.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
  await page.goto('/business-information/messaging/signature');
  await expect(page.getByText('Chief Executive Officer, Analytical Engines')).toBeVisible();
  await expect(page.getByText('+4915112345678')).toBeVisible();

  // Onboarding is done: its pages now send the user to the cabinet.
  await page.goto('/cabinet/onboarding/price');
  await expect(page).toHaveURL(/\/cabinet\/?$/);
});
