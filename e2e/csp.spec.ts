import type { Page } from '@playwright/test';
import { getBrand } from '../packages/shared/src/brands/registry';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';

/**
 * The Content-Security-Policy in Chromium: the app works under it (no violation on normal pages, the
 * brand's head scripts load), and an injected inline script is blocked.
 */

type Violation = { directive: string; blocked: string; at?: string };

/** Records every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const list: Array<{ directive: string; blocked: string; at: string }> = [];
    (window as unknown as { __csp: typeof list }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, at: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` }));
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp),
    console,
  };
}

/** The brand's head scripts are served locally (the network is closed), each marking that it ran. */
async function serveHeadScripts(page: Page, holderId: number) {
  const scripts = Object.entries(getBrand(holderId).scripts).filter(([, src]) => src);
  for (const [name, src] of scripts) {
    await page.route(src!, (route) => route.fulfill({ contentType: 'text/javascript', body: `window.__ran = (window.__ran || []).concat(${JSON.stringify(name)});` }));
  }
  return scripts.map(([name]) => name).sort();
}

const ran = (page: Page) => page.evaluate(() => ((window as unknown as { __ran?: string[] }).__ran ?? []).slice().sort());

test('brand 0 works under its CSP: sign-in, the cabinet and business information, with no violation', async ({ page }) => {
  const csp = await recordViolations(page);
  const expected = await serveHeadScripts(page, 0);
  const res = await page.goto('/auth/signin');
  expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect.poll(() => ran(page)).toEqual(expected);
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/cabinet/);
  await expect(page.getByTestId('stat-touches-sent')).toBeVisible();
  await page.goto('/business-information/personas');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/business-information/messaging/signature');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await csp.violations()).toEqual([]);
  expect(csp.console).toEqual([]);
});

test('brand 6 loads its chat widget under its CSP, with no violation', async ({ page }) => {
  const csp = await recordViolations(page);
  const expected = await serveHeadScripts(page, 6);
  expect(expected).toContain('chat');
  const res = await page.goto(`http://brand6.localhost:${E2E_PORT}/auth/signin`);
  expect(res!.headers()['content-security-policy']).toContain(new URL(getBrand(6).scripts.chat!).origin);
  await expect(page.getByText(getBrand(6).company_name).first()).toBeVisible();
  await expect.poll(() => ran(page)).toEqual(expected);
  expect(await csp.violations()).toEqual([]);
  expect(csp.console).toEqual([]);
});

test('an injected inline script is blocked, and so is a script from another origin', async ({ page }) => {
  const csp = await recordViolations(page);
  await serveHeadScripts(page, 0);
  await page.route('https://evil.example/x.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__evil = true;' }));
  await page.goto('/auth/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__inline = true;';
    document.head.appendChild(inline);
    const foreign = document.createElement('script');
    foreign.src = 'https://evil.example/x.js';
    document.head.appendChild(foreign);
    const attr = document.createElement('img');
    attr.setAttribute('onerror', 'window.__attr = true');
    attr.src = 'data:,not-an-image';
    document.body.appendChild(attr);
  });
  await expect.poll(async () => (await csp.violations()).map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem', 'script-src-elem']);
  expect(await page.evaluate(() => [(window as unknown as Record<string, unknown>).__inline, (window as unknown as Record<string, unknown>).__evil, (window as unknown as Record<string, unknown>).__attr])).toEqual([undefined, undefined, undefined]);
});
