import { request as apiRequest, type APIRequestContext, type BrowserContext, type Worker } from '@playwright/test';
import { EXTENSION_ID } from '../packages/shared/src/extension/ids';
import { E2E_PORT } from '../playwright.config';
import { ADA, GRACE, feedPage, profilePage, type FixtureMember } from './fixtures/linkedin';
import { launchWithExtension } from './support/extension';
import { apiSignIn, createConfirmedUser, expect, test } from './support/fixtures';

const ORIGIN = `http://localhost:${E2E_PORT}`;
const ME: FixtureMember = {
  id: 'e2e-me-owner',
  name: 'Morgan Owner',
  headline: 'Founder at Owner Labs',
  location: 'Berlin, Germany',
  company: 'Owner Labs',
  title: 'Founder',
  own: true,
};
const MEMBERS = [ADA, GRACE, ME];

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let worker: Worker;
let api: APIRequestContext;

test.beforeAll(async () => {
  ({ context, worker } = await launchWithExtension(({ pathname }) => {
    const member = MEMBERS.find((m) => pathname.startsWith(`/in/${m.id}`));
    return member ? profilePage(member, MEMBERS) : feedPage();
  }));
  api = await apiRequest.newContext({ baseURL: ORIGIN });
});
test.afterAll(async () => {
  await context?.close();
  await api?.dispose();
});

async function linkedInTabId(url: string): Promise<number> {
  return worker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url?.startsWith(u));
    if (!tab?.id) throw new Error(`no tab on ${u}`);
    return tab.id;
  }, url);
}

test('the unpacked extension loads with its fixed id and answers the web app only', async () => {
  expect(new URL(worker.url()).host).toBe(EXTENSION_ID);
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/auth/signin`);
  const send = (msg: unknown) =>
    page.evaluate(([id, m]) => new Promise((resolve) => chrome.runtime.sendMessage(id as string, m, resolve)), [EXTENSION_ID, msg] as const);
  expect(await send({ type: 'presence' })).toMatchObject({ status: 'ok' });
  expect(await send({ type: 'nonsense' })).toEqual({ status: 'error', error: 'Unknown message type: nonsense' });

  // A page on an origin the extension does not list gets no way to reach it.
  await page.goto(`http://other.localhost:${E2E_PORT}/auth/signin`);
  expect(await page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage)).toBe(
    'undefined',
  );
  await page.close();
});

test('/extension detects the extension, shows the captured profile, and follows in-app navigation', async () => {
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/extension`);
  await expect(page.getByText('Extension detected')).toBeVisible();

  const linkedin = await context.newPage();
  await linkedin.goto(`https://www.linkedin.com/in/${ADA.id}/?trk=public_profile_browsemap`);
  const captured = page.getByRole('region', { name: 'Captured profile' });
  await expect(captured.getByRole('heading', { name: ADA.name })).toBeVisible({ timeout: 15_000 });

  // LinkedIn navigates without loading a new document: the data must follow the new URL, although the
  // page head (title, canonical link, JSON-LD) still names the member first loaded.
  await linkedin.getByRole('link', { name: GRACE.name }).click();
  await expect(linkedin).toHaveURL(new RegExp(`/in/${GRACE.id}/`));
  await expect(linkedin.getByRole('heading', { level: 1, name: GRACE.name })).toBeVisible();
  await expect(linkedin).toHaveTitle(`${ADA.name} | LinkedIn`);
  await expect(linkedin.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://www.linkedin.com/in/${ADA.id}/`);
  await expect(captured.getByRole('heading', { name: GRACE.name })).toBeVisible({ timeout: 15_000 });
  await expect(captured.getByRole('heading', { name: ADA.name })).toHaveCount(0);
  await expect(page.getByText('left the profile')).toHaveCount(0);

  // And on to a third member, the head still naming the first.
  await linkedin.getByRole('link', { name: ME.name }).click();
  await expect(linkedin).toHaveURL(new RegExp(`/in/${ME.id}/`));
  await expect(captured.getByRole('heading', { name: ME.name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('left the profile')).toHaveCount(0);
  await linkedin.close();
  await page.close();
});

test('the popup signs in, adds the profile to a persona once, and connects the own LinkedIn account', async () => {
  const user = await createConfirmedUser(api, 'popup');
  const linkedin = await context.newPage();
  await linkedin.goto(`https://www.linkedin.com/in/${ADA.id}/`);
  const tabId = await linkedInTabId(`https://www.linkedin.com/in/${ADA.id}/`);

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html?tabId=${tabId}`);
  await popup.getByLabel('Server').fill(ORIGIN);
  await popup.getByLabel('Email').fill(user.email);
  await popup.getByLabel('Password', { exact: true }).fill(user.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();

  await expect(popup.getByText(ADA.name).first()).toBeVisible({ timeout: 15_000 });
  await popup.getByLabel('Persona name').fill('E2E Analytical buyers');
  await popup.getByRole('button', { name: 'Create persona' }).click();
  await popup.getByRole('button', { name: 'Add to persona' }).click();
  await expect(popup.getByText('Saved to E2E Analytical buyers')).toBeVisible();
  await popup.getByRole('button', { name: 'Add to persona' }).click();
  await expect(popup.getByText('Updated in E2E Analytical buyers')).toBeVisible();

  // The prospect is in the cabinet's data, once.
  const headers = await apiSignIn(api, user.email, user.password);
  const personas = await (await api.get('/api/v1/persons', { headers })).json();
  const persona = personas.data.find((p: { name: string }) => p.name === 'E2E Analytical buyers');
  expect(persona).toBeTruthy();
  const loaded = await (await api.get(`/api/v1/persons/${persona.id}/loaded_prospects`, { headers })).json();
  expect(loaded.meta.total).toBe(1);
  expect(loaded.data[0]).toMatchObject({ full_name: ADA.name, linkedin_url: `https://www.linkedin.com/in/${ADA.id}/` });

  // The user's own profile: connect it as their LinkedIn account.
  const statusBefore = await api.post('/api/v1/linkedin_accounts/account-status', { data: { profile_url: `https://www.linkedin.com/in/${ME.id}/` } });
  expect(await statusBefore.json()).toEqual({ status: 'not_connected' });
  await linkedin.goto(`https://www.linkedin.com/in/${ME.id}/`);
  const ownTab = await linkedInTabId(`https://www.linkedin.com/in/${ME.id}/`);
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html?tabId=${ownTab}`);
  await popup.getByRole('button', { name: 'Connect as my LinkedIn account' }).click();
  await expect(popup.getByText('Connected', { exact: true })).toBeVisible();
  const statusAfter = await api.post('/api/v1/linkedin_accounts/account-status', { data: { profile_url: `https://www.linkedin.com/in/${ME.id}/` } });
  expect(await statusAfter.json()).toEqual({ status: 'connected' });

  await linkedin.close();
  await popup.close();
});
