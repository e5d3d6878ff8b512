import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as apiRequest, type APIRequestContext, type BrowserContext, type Worker } from '@playwright/test';
import { EXTENSION_ID } from '../packages/shared/src/extension/ids';
import { E2E_PORT } from '../playwright.config';
import { feedPage } from './fixtures/linkedin';
import { launchWithExtension } from './support/extension';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';

/**
 * A saved LinkedIn search, end to end: the user saves it on the persona page, opens it on LinkedIn (fixture
 * pages), pages through it with the unpacked extension signed in, and the people on screen land in the
 * persona once each while the popup shows the running totals.
 */

const FIXTURES = path.resolve(fileURLToPath(new URL('../apps/extension/lib/capture/__fixtures__', import.meta.url)));
const ORIGIN = `http://localhost:${E2E_PORT}`;
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=vp%20sales';

let context: BrowserContext;
let worker: Worker;
let api: APIRequestContext;

test.beforeAll(async () => {
  ({ context, worker } = await launchWithExtension(
    (url) => {
      if (!url.pathname.startsWith('/search/results/people')) return feedPage();
      const page = url.searchParams.get('page') === '2' ? 'search-classic-page2' : 'search-classic';
      return fs.readFileSync(path.join(FIXTURES, `${page}.html`), 'utf8');
    },
    { baseURL: ORIGIN },
  ));
  api = await apiRequest.newContext({ baseURL: ORIGIN });
});
test.afterAll(async () => {
  await context?.close();
  await api?.dispose();
});

test('a saved search fills its persona as the user pages through it on LinkedIn', async () => {
  const user = await createReadyUser(api, 'linksearch');
  const { headers } = user;
  const created = await api.post('/api/v1/persons', { headers, data: { name: 'E2E VP Sales' } });
  const persona = (await created.json()).data as { id: number };

  // The cabinet: save the search on the persona page.
  const cabinet = await context.newPage();
  await signInThroughUi(cabinet, user.email, user.password);
  await cabinet.goto(`${ORIGIN}/business-information/personas/${persona.id}`);
  await cabinet.getByRole('tab', { name: 'LinkedIn searches' }).click();
  await cabinet.getByLabel('Search URL').fill(`${SEARCH}&origin=GLOBAL_SEARCH_HEADER`);
  await cabinet.getByRole('button', { name: 'Save search' }).click();
  await expect(cabinet.getByRole('link', { name: /vp sales/ })).toBeVisible();

  // The extension: sign in from the popup.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
  await popup.getByLabel('Server').fill(ORIGIN);
  await popup.getByLabel('Email').fill(user.email);
  await popup.getByLabel('Password', { exact: true }).fill(user.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // LinkedIn: page 1, page 2, back to page 1.
  const linkedin = await context.newPage();
  await linkedin.goto(`${SEARCH}&sid=e2e`);
  const tabId = await worker.evaluate(async () => (await chrome.tabs.query({})).find((t) => t.url?.includes('/search/results/people'))!.id!);
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html?tabId=${tabId}`);
  await expect(popup.getByText('Saved search vp sales: 3 added, 0 already there, page 1')).toBeVisible({ timeout: 15_000 });

  await linkedin.goto(`${SEARCH}&page=2&sid=e2e`);
  await expect(popup.getByText('Saved search vp sales: 4 added, 0 already there, page 2')).toBeVisible({ timeout: 15_000 });
  await linkedin.goBack();
  await expect(popup.getByText('Saved search vp sales: 4 added, 0 already there, page 1')).toBeVisible({ timeout: 15_000 });

  // The persona has each person once; the cabinet shows what the search added.
  const loaded = await (await api.get(`/api/v1/persons/${persona.id}/loaded_prospects?per_page=100`, { headers })).json();
  expect(loaded.meta.total).toBe(4);
  expect(loaded.data.map((p: { linkedin_url: string }) => p.linkedin_url).sort()).toEqual([
    'https://www.linkedin.com/in/%E7%8E%8B%E8%8A%B3/',
    'https://www.linkedin.com/in/ana-lopez-vp/',
    'https://www.linkedin.com/in/ben-ode/',
    'https://www.linkedin.com/in/cara-diaz/',
  ]);
  await cabinet.reload();
  await cabinet.getByRole('tab', { name: 'LinkedIn searches' }).click();
  await expect(cabinet.getByText(/LinkedIn search · 4 added · last read/)).toBeVisible();
});
