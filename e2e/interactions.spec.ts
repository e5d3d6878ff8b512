import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test } from './support/fixtures';

/**
 * The side panels and the Interactions tab as a user meets them, on the demo account (its inbox holds the
 * engine's own threads): open a conversation, open each right-hand panel (each one's script arrives only
 * when it is opened), then the interactions of every prospect with their counts, filtered and opened; the
 * same at 390 px with nothing pushed sideways.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Opens a panel from the toolbar and answers the panel, proving its script was fetched on that click. */
async function openPanel(page: Page, toolbar: ReturnType<Page['getByRole']>, name: string, chunk: RegExp) {
  const [request] = await Promise.all([page.waitForRequest((r) => chunk.test(new URL(r.url()).pathname)), toolbar.getByRole('button', { name }).click()]);
  expect(request.url()).toMatch(/\.js$/);
  const panel = page.getByRole('dialog', { name: new RegExp(`^${name}`) });
  await expect(panel).toBeVisible();
  return panel;
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a conversation’s panels open on demand: thread info, agent activity, calls, persona', async ({ page }) => {
  const panelScripts: string[] = [];
  page.on('request', (r) => {
    if (/(thread-info|agent-activity|call-details|persona-info)-panel-[A-Za-z0-9_-]+\.js$/.test(new URL(r.url()).pathname)) panelScripts.push(r.url());
  });
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet/inbox');
  await page.getByRole('list', { name: 'Threads' }).getByRole('button').first().click();
  const pane = page.getByRole('region', { name: 'Conversation' });
  const toolbar = pane.getByRole('toolbar', { name: 'Details' });
  await expect(pane.getByRole('list', { name: 'Messages' }).getByRole('article').first()).toBeVisible();
  // Nothing of the panels is loaded before one is opened.
  expect(panelScripts).toEqual([]);

  const info = await openPanel(page, toolbar, 'Thread info', /thread-info-panel[^/]*\.js$/);
  await expect(info.getByText(/^Step \d of 3 reached$/)).toBeVisible();
  await expect(info.getByRole('link', { name: 'VP Sales outreach' })).toBeVisible();
  await expect(info.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(3);
  await expect(info.getByRole('list', { name: 'Timeline' }).getByRole('article').first()).toBeVisible();
  await expect(info.getByRole('list', { name: 'Timeline' }).getByRole('article', { name: /^Email sent: Step 1 sent to/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/panel-thread-info-1280.png` });
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();
  await expect(toolbar.getByRole('button', { name: 'Thread info' })).toBeFocused();

  const activity = await openPanel(page, toolbar, 'Agent activity', /agent-activity-panel[^/]*\.js$/);
  await expect(activity.getByRole('list', { name: 'Agent activity' }).getByRole('article').first()).toBeVisible();
  await expect(activity.getByText(/^\d+ entr(y|ies), newest first$/)).toBeVisible();
  await expect(activity.getByRole('list', { name: 'Agent activity' })).toContainText('Email sent to');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/panel-agent-activity-1280.png` });
  await activity.getByRole('button', { name: 'Close panel' }).click();

  const calls = await openPanel(page, toolbar, 'Calls', /call-details-panel[^/]*\.js$/);
  await expect(calls.getByText('No calls with this prospect')).toBeVisible();
  await page.keyboard.press('Escape');

  const persona = await openPanel(page, toolbar, 'Persona', /persona-info-panel[^/]*\.js$/);
  const figures = persona.getByLabel('Persona figures');
  await expect(figures).toContainText('Reply rate');
  await expect(figures).toContainText(/Contacted\s*[1-9]/);
  await expect(persona.getByRole('link', { name: 'Open persona' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/panel-persona-1280.png` });
  await page.keyboard.press('Escape');
  expect(panelScripts.length).toBeGreaterThanOrEqual(4);
});

test('the Interactions tab: counts, a filter from a count, an interaction opened with its panels', async ({ page }) => {
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet/inbox');
  await page.getByRole('tab', { name: 'Interactions' }).click();
  await expect(page).toHaveURL(/view=interactions/);
  const list = page.getByRole('list', { name: 'Interactions' });
  await expect(list.getByRole('button').first()).toBeVisible();
  // Below 1536 px the filters and counts open from the "Filters" button.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const counts = page.getByRole('navigation', { name: 'Interaction counts' });
  await expect(counts.getByRole('button', { name: /^Email sent\s*[1-9]/ })).toBeVisible();
  await counts.getByRole('button', { name: /^Bounce\s*[1-9]/ }).click();
  await expect(page).toHaveURL(/by_kinds=bounce/);
  await expect(list.getByRole('button').first()).toHaveAccessibleName(/^Bounce: Email to .* bounced$/);
  for (const name of await list.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) expect(name).toMatch(/^Bounce:/);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await list.getByRole('button').first().click();
  const pane = page.getByRole('region', { name: 'Interaction' });
  await expect(pane.getByRole('heading', { name: /bounced$/ })).toBeVisible();
  const info = await openPanel(page, pane.getByRole('toolbar', { name: 'Details' }), 'Thread info', /thread-info-panel[^/]*\.js$/);
  // A bounced first email: the enrolment stopped there.
  await expect(info.getByText('Bounced', { exact: true })).toBeVisible();
  await expect(info.getByText(/^Step 0 of 3 reached$/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/interactions-1280.png` });
});

test('at 390 px: the panels take the width, the interactions list then one in its place; nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet/inbox');
  await page.getByRole('list', { name: 'Threads' }).getByRole('button').first().click();
  const pane = page.getByRole('region', { name: 'Conversation' });
  const info = await openPanel(page, pane.getByRole('toolbar', { name: 'Details' }), 'Thread info', /thread-info-panel[^/]*\.js$/);
  await expect(info.getByText(/^Step \d of 3 reached$/)).toBeVisible();
  const box = await info.boundingBox();
  expect(box?.width).toBe(390);
  expect(await info.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/panel-thread-info-390.png` });
  await page.keyboard.press('Escape');
  const persona = await openPanel(page, pane.getByRole('toolbar', { name: 'Details' }), 'Persona', /persona-info-panel[^/]*\.js$/);
  await expect(persona.getByLabel('Persona figures')).toBeVisible();
  expect(await persona.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/panel-persona-390.png` });
  await page.keyboard.press('Escape');
  expect(await fits(page)).toBe(true);

  await page.goto('/cabinet/inbox?view=interactions');
  const list = page.getByRole('list', { name: 'Interactions' });
  await expect(list.getByRole('button').first()).toBeVisible();
  expect(await fits(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/interactions-390.png` });
  await list.getByRole('button').first().click();
  const interaction = page.getByRole('region', { name: 'Interaction' });
  await expect(interaction.getByRole('toolbar', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Interaction list' })).toBeHidden();
  expect(await fits(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/interaction-390.png`, fullPage: true });
  await interaction.getByRole('button', { name: 'Back to the list' }).click();
  await expect(list.getByRole('button').first()).toBeVisible();
});
