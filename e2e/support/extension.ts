import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { blockNonLoopback } from './fixtures';

/** The unpacked extension the build writes (`npm run build`). */
export const EXTENSION_DIR = path.resolve(fileURLToPath(new URL('../../dist/extension/chrome-mv3', import.meta.url)));

/**
 * Debian's Chromium with the unpacked extension loaded, every non-loopback host blocked, and LinkedIn answered
 * by `linkedin` (a page's HTML for its address): the context and the extension's service worker.
 */
export async function launchWithExtension(linkedin: (url: URL) => string, options: { baseURL?: string } = {}): Promise<{ context: BrowserContext; worker: Worker }> {
  const context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ...options,
    args: [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  await blockNonLoopback(context);
  // LinkedIn, served from fixtures: registered last, so it answers before the block above.
  await context.route('https://www.linkedin.com/**', (route) => route.fulfill({ contentType: 'text/html', body: linkedin(new URL(route.request().url())) }));
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker };
}
