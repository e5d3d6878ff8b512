import type { Locator, Page } from '@playwright/test';
import { routeCable } from './support/cable';
import { expect, signInThroughUi, test } from './support/fixtures';

/**
 * The pipeline as a user walks it, on the demo account (its cards are what ingestion made of the demo
 * inbox's answers, plus two deals the demo user moved on): the board with a column per stage and its
 * count; a card dragged with the mouse to another column; one moved with the keyboard (its handle, Space,
 * an arrow, Space) and taken back with the toast's Undo; a reload shows what was kept; at 390 px the
 * list view, where a card moves through its "Move to…" menu; a card opens its conversation. Two windows of
 * the account: a card dragged in one moves in the other over the live connection, and so does its undo.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS_DIR;
const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cards = (col: Locator) => col.getByRole('article');
const countOf = async (col: Locator) => Number(((await col.locator('header span[aria-label]').textContent()) ?? '').trim());
const firstName = async (col: Locator) => (await cards(col).first().getAttribute('aria-label'))!;

test('the board: drag with the mouse, move with the keyboard, undo, reload, and the list at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet/pipeline');

  const board = page.getByRole('region', { name: 'Pipeline board' });
  await expect(board.getByRole('heading', { level: 2 })).toHaveText(['New reply', 'Interested', 'Meeting booked', 'Proposal', 'Won', 'Not now', 'Lost']);
  const interested = column(page, 'Interested');
  const proposal = column(page, 'Proposal');
  const newReply = column(page, 'New reply');
  await expect(cards(interested).first()).toBeVisible();
  await expect(cards(proposal).first()).toBeVisible();
  // A card says who moved it and how long ago.
  await expect(cards(column(page, 'Won')).first()).toContainText(/Moved to Won by you .* ago/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pipeline-board.png` });

  // 1. Drag a card from Interested to Proposal with the mouse.
  const dragged = await firstName(interested);
  const [interestedBefore, proposalBefore] = [await countOf(interested), await countOf(proposal)];
  await drag(page, interested.getByRole('article', { name: dragged }), proposal);
  await expect(proposal.getByRole('article', { name: dragged })).toBeVisible();
  await expect(interested.getByRole('article', { name: dragged })).toHaveCount(0);
  await expect.poll(() => countOf(proposal)).toBe(proposalBefore + 1);
  await expect.poll(() => countOf(interested)).toBe(interestedBefore - 1);
  await expect(proposal.getByRole('article', { name: dragged })).toContainText(/Moved to Proposal by you/);
  // The drag did not open the conversation.
  await expect(page).toHaveURL(/\/cabinet\/pipeline/);

  // 2. With the keyboard: the first New reply card to Interested (its handle, Space, →, Space).
  const keyed = await firstName(newReply);
  const handle = newReply.getByRole('button', { name: `Drag ${keyed}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  // Dropped only once it is over the next column, as a screen reader hears it (keys pressed at once can outrun the move).
  await expect(page.getByText(`${keyed} is over Interested.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(interested.getByRole('article', { name: keyed })).toBeVisible();
  await expect(newReply.getByRole('article', { name: keyed })).toHaveCount(0);

  // 3. Undo it from the toast: back in New reply.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `${keyed} moved to Interested` });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(newReply.getByRole('article', { name: keyed })).toBeVisible();
  await expect(interested.getByRole('article', { name: keyed })).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${keyed} is back in New reply` })).toBeVisible();

  // 4. Reload: the drag was kept, the undone move was not.
  await page.reload();
  await expect(proposal.getByRole('article', { name: dragged })).toBeVisible();
  await expect(newReply.getByRole('article', { name: keyed })).toBeVisible();
  await expect(proposal.getByRole('article', { name: dragged })).toContainText(/Moved to Proposal by you/);

  // 5. At 390 px: the list (the default there), a card moved through its menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cabinet/pipeline');
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const list = page.getByRole('list', { name: 'Pipeline cards' });
  const item = list.getByRole('article', { name: dragged });
  await expect(item).toContainText('Proposal');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pipeline-list-390.png` });
  await item.getByRole('button', { name: `Move ${dragged} to…` }).click();
  await page.getByRole('menuitem', { name: 'Won' }).click();
  await expect(item).toContainText('Won');
  await page.getByRole('navigation', { name: 'Stages' }).getByRole('button', { name: /^Won/ }).click();
  await expect(list.getByRole('article', { name: dragged })).toBeVisible();

  // 6. A card opens its conversation.
  await list.getByRole('link', { name: dragged }).click();
  await expect(page).toHaveURL(/\/cabinet\/chat\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/** Drags a card to another column with the mouse, as a user does. */
async function drag(page: Page, card: Locator, to: Locator) {
  const from = (await card.locator('p').first().boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 12 });
  await page.mouse.up();
}

test('two windows of the account: a card dragged in one moves in the other, and its undo too, without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  const otherCable = await routeCable(other);
  await signInThroughUi(page, 'demo@example.com', 'demo12345');
  await page.goto('/cabinet/pipeline');
  await other.goto('/cabinet/pipeline');
  // The second window is subscribed and caught up: from now on only the cable can tell it of a move.
  await otherCable.synced();
  const sent = otherCable.frames.length;

  const dragged = await firstName(column(page, 'Interested'));
  await expect(column(other, 'Interested').getByRole('article', { name: dragged })).toBeVisible();
  await drag(page, column(page, 'Interested').getByRole('article', { name: dragged }), column(page, 'Meeting booked'));
  await expect(column(page, 'Meeting booked').getByRole('article', { name: dragged })).toBeVisible();

  // The other window follows: the card leaves Interested and shows in Meeting booked, with who moved it.
  await expect(column(other, 'Meeting booked').getByRole('article', { name: dragged })).toBeVisible();
  await expect(column(other, 'Interested').getByRole('article', { name: dragged })).toHaveCount(0);
  await expect(column(other, 'Meeting booked').getByRole('article', { name: dragged })).toContainText(/Moved to Meeting booked by you/);
  expect(otherCable.messages().slice(sent).some((m) => m.message?.type === 'event')).toBe(true);

  // Undo in the first window: the second one puts it back too.
  await page.locator('[data-sonner-toast]').filter({ hasText: `${dragged} moved to Meeting booked` }).getByRole('button', { name: 'Undo' }).click();
  await expect(column(other, 'Interested').getByRole('article', { name: dragged })).toBeVisible();
  await expect(column(other, 'Meeting booked').getByRole('article', { name: dragged })).toHaveCount(0);
  await other.close();
});
