import { codeFrom, expect, test, uniqueEmail, waitForMail } from './support/fixtures';

const PASSWORD = 'Correct-horse-42';

test.describe('Signing up and signing in', () => {
  test('a new user signs up, verifies with the emailed code, signs in and lands in onboarding', async ({ page }) => {
    const email = uniqueEmail('signup');
    const since = Date.now();

    await page.goto('/auth/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/auth\/verify/);
    const mail = await waitForMail(email, { since });
    await page.getByLabel('Verification code').fill(codeFrom(mail));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect(page).toHaveTitle(/Login/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/cabinet\/onboarding\/?$/);
    await expect(page).toHaveTitle(/Welcome/);

    // Until onboarding is finished the cabinet sends the user back; the last step opens it.
    await page.goto('/cabinet/inbox');
    await expect(page).toHaveURL(/\/cabinet\/onboarding\/?$/);
    await page.goto('/cabinet/onboarding/notifications-list');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/cabinet\/?$/);
    await expect(page).toHaveTitle(/Dashboard/);
  });

  test('a request answered 401 sends the user to the sign-in page with the auth cookie cleared', async ({ page, context }) => {
    const email = uniqueEmail('expired');
    const since = Date.now();
    const api = page.request;
    expect((await api.post('/api/v1/auth', { data: { email, password: PASSWORD, password_confirmation: PASSWORD } })).ok()).toBe(true);
    const code = codeFrom(await waitForMail(email, { since }));
    expect((await api.post('/api/v1/verify_by_code', { data: { email, code } })).ok()).toBe(true);

    await page.goto('/auth/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/cabinet\/onboarding/);
    const cookie = (await context.cookies()).find((c) => c.name === 'auth_headers');
    const headers = JSON.parse(decodeURIComponent(cookie!.value)) as Record<string, string>;

    // Leave the cabinet first: a request of the open page answered 401 would start its own trip to the sign-in
    // page and abort the navigation below.
    await page.goto('about:blank');

    // The session ends elsewhere (signed out from another tab): the server now refuses this token.
    const signOut = await api.delete('/api/v1/auth/sign_out', {
      headers: { 'access-token': headers['access-token']!, client: headers.client!, expiry: headers.expiry!, uid: headers.uid! },
    });
    expect(signOut.status()).toBe(200);
    expect((await context.cookies()).some((c) => c.name === 'auth_headers')).toBe(true);

    // The app sends the user on as soon as the 401 comes back, which may be before the page's load event.
    await page.goto('/cabinet/profile-edit', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect(page).toHaveTitle(/Login/);
    expect((await context.cookies()).some((c) => c.name === 'auth_headers')).toBe(false);
  });
});
