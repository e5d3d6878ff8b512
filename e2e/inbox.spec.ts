import { simpleParser } from 'mailparser';
import { expect, signInThroughUi, test } from './support/fixtures';
import { startOutreach, type Outreach } from './support/outreach';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * The inbox as a user meets it: a campaign email goes out (real loopback SMTP), the prospect's answer is
 * appended to the mailbox over IMAP and comes home into its thread; the user finds it by status, opens
 * it, drafts an answer with AI, edits and sends it (it arrives at the SMTP server in the prospect's
 * thread); the full-screen page, a 404 for an unknown thread, and the pages at 390 px.
 */
test.describe.configure({ mode: 'serial' });

const tag = `i${Date.now().toString(36)}`;
const ADA = `ada.${tag}@engines.test`;
const SHOTS = process.env.E2E_SHOTS_DIR;

let outreach: Outreach;
let user: Outreach['user'];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  outreach = await startOutreach(request, { label: 'inbox', ports: MAIL_TEST_PORTS.inbox, mailbox: 'sam@inbox.example', password: 'app-password-4', prospect: ADA, tag });
  user = outreach.user;
});

test.afterAll(async () => {
  await outreach?.close();
});

test('a reply comes home; filter by status, open, draft with AI, edit and send in the thread', async ({ page }) => {
  test.setTimeout(240_000);
  // The campaign's first email reaches the prospect; Ada answers: her reply lands in the mailbox's INBOX.
  const sent = await outreach.firstEmail();
  await outreach.reply(
    sent,
    'Sounds interesting, could you send me the pricing and a few times for a short call next week?',
    '<p>Sounds interesting, could you send me the pricing and a few times for a short call next week?</p>\r\n<p><img src="https://images.engines.test/signature.png" alt="Analytical Engines"></p>',
  );

  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/inbox');
  const threads = page.getByRole('list', { name: 'Threads' });
  // The sync takes it in (IDLE after the send, else the next poll); the list refreshes on its own.
  await expect(threads.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible({ timeout: 150_000 });
  // Filters in the address: unread and a search find it; a status it does not have empties the list.
  await expect(page.getByRole('region', { name: 'Thread list' })).toContainText('1 unread');
  // Below 1536 px the filters open from the "Filters" button.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const counts = page.getByRole('navigation', { name: 'Reply status counts' });
  await expect(counts).toContainText(/Unread\s*1/);
  await page.getByRole('checkbox', { name: /Unread only/ }).check();
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`by_unread=1.*by_search_query=${tag}|by_search_query=${tag}.*by_unread=1`));
  await expect(threads.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible();
  await counts.getByRole('button', { name: /^Bounce/ }).click();
  await expect(page.getByRole('heading', { name: 'No thread matches these filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/by_/);

  // Open it: both messages in order, the quoted pitch folded.
  await threads.getByRole('button', { name: /Ada Lovelace/ }).click();
  const pane = page.getByRole('region', { name: 'Conversation' });
  const messages = pane.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('article')).toHaveCount(2);
  await expect(messages.getByRole('article').nth(0)).toHaveAccessibleName(/^Sent by/);
  // Her HTML part renders in the sandboxed frame (under the app's CSP); the remote image waits for "Show images";
  // the quoted pitch is folded.
  const reply = messages.getByRole('article').nth(1);
  const frame = reply.frameLocator('iframe');
  await expect(frame.getByText('could you send me the pricing')).toBeVisible();
  await expect(frame.getByText('the original pitch')).toHaveCount(0);
  await expect(frame.locator('img')).not.toHaveAttribute('src', /.+/);
  await reply.getByRole('button', { name: 'Show images' }).click();
  await expect(frame.locator('img')).toHaveAttribute('src', 'https://images.engines.test/signature.png');
  await reply.getByRole('button', { name: 'Show quoted text' }).click();
  await expect(frame.getByText('the original pitch')).toBeVisible();

  // Draft with AI, edit, send: the answer joins the thread and reaches the SMTP server in Ada's thread.
  await pane.getByRole('button', { name: 'Draft with AI' }).click();
  const box = pane.getByRole('textbox', { name: 'Reply' });
  await expect(box).not.toHaveValue('', { timeout: 30_000 });
  await box.fill(`${await box.inputValue()}\n\nP.S. ${tag}`);
  await pane.getByRole('button', { name: 'Send' }).click();
  await expect(pane.getByRole('status')).toContainText('Sent.');
  await expect(messages.getByRole('article')).toHaveCount(3);
  // Our answer is stored as HTML (with the answered message quoted below, folded here).
  await expect(messages.getByRole('article').nth(2)).toHaveAccessibleName(/^Sent by/);
  await expect(messages.getByRole('article').nth(2).frameLocator('iframe').getByText(`P.S. ${tag}`)).toBeVisible();
  await expect.poll(() => outreach.smtp.received.filter((m) => m.to.includes(ADA)).length, { timeout: 30_000 }).toBe(2);
  const answer = await simpleParser(outreach.smtp.received.filter((m) => m.to.includes(ADA))[1]!.raw);
  expect(answer.inReplyTo).toBe(`<reply.${tag}@engines.test>`);
  expect(answer.subject).toBe(`Re: ${sent.subject}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/inbox-1280.png`, fullPage: true });
});

test('the full-screen conversation, and a 404 for a thread that is not there', async ({ page }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/inbox');
  await page.getByRole('list', { name: 'Threads' }).getByRole('button', { name: /Ada Lovelace/ }).click();
  await page.getByRole('link', { name: 'Open full screen' }).click();
  await expect(page).toHaveURL(/\/cabinet\/chat\/\d+$/);
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('article')).toHaveCount(3);
  await page.goto('/cabinet/chat/999999');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
});

test('at 390 px: the list, then the thread in its place; nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/inbox');
  const row = page.getByRole('list', { name: 'Threads' }).getByRole('button', { name: /Ada Lovelace/ });
  await expect(row).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeHidden();
  await row.click();
  const pane = page.getByRole('region', { name: 'Conversation' });
  await expect(pane.getByRole('list', { name: 'Messages' }).getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Thread list' })).toBeHidden();
  expect(await fits()).toBe(true);
  expect(await pane.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/inbox-390.png`, fullPage: true });
  await pane.getByRole('button', { name: 'Back to the list' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeVisible();
  expect(await fits()).toBe(true);
});
