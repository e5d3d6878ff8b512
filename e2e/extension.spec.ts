import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import { EXTENSION_ID } from '../packages/shared/src/extension/ids';
import { E2E_PORT } from '../playwright.config';
import { blockNonLoopback, expect, test } from './support/fixtures';

const EXTENSION_DIR = path.resolve(fileURLToPath(new URL('../dist/extension/chrome-mv3', import.meta.url)));

let context: BrowserContext;

test.beforeAll(async () => {
  context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  await blockNonLoopback(context);
});
test.afterAll(async () => context?.close());

test('the unpacked extension loads with its fixed id and answers presence to the web app only', async () => {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(new URL(worker.url()).host).toBe(EXTENSION_ID);

  const page = await context.newPage();
  await page.goto(`http://localhost:${E2E_PORT}/auth/signin`);
  const reply = await page.evaluate(
    (id) => new Promise((resolve) => chrome.runtime.sendMessage(id, { type: 'presence' }, resolve)),
    EXTENSION_ID,
  );
  expect(reply).toMatchObject({ status: 'ok' });

  const unknown = await page.evaluate(
    (id) => new Promise((resolve) => chrome.runtime.sendMessage(id, { type: 'nonsense' }, resolve)),
    EXTENSION_ID,
  );
  expect(unknown).toEqual({ status: 'error', error: 'Unknown message type: nonsense' });

  // A page on an origin the extension does not list gets no way to reach it.
  await page.goto(`http://other.localhost:${E2E_PORT}/auth/signin`);
  expect(await page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage)).toBe('undefined');
});
