import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test } from './support/fixtures';
import { routeCable } from './support/cable';
import { startOutreach, type Outreach } from './support/outreach';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * The cabinet keeps itself up to date over the live connection (/cable): two pages of the same account
 * both show a reply that comes home over IMAP, without a reload (the inbox does not poll while the
 * cable is up); and when the cable is cut, a change made meanwhile still arrives once it reconnects
 * (the client catches up from the last event number it saw).
 */
test.describe.configure({ mode: 'serial' });

const tag = `l${Date.now().toString(36)}`;
const ADA = `ada.${tag}@engines.test`;

let outreach: Outreach;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  outreach = await startOutreach(request, { label: 'live', ports: MAIL_TEST_PORTS.live, mailbox: 'sam@live.example', password: 'app-password-5', prospect: ADA, tag });
});

test.afterAll(async () => {
  await outreach?.close();
});

const threadRow = (page: Page) => page.getByRole('list', { name: 'Threads' }).getByRole('button', { name: /Ada Lovelace/ });

test('a reply over IMAP appears in two open inboxes of the account, without a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const sent = await outreach.firstEmail();
  const second = await page.context().newPage();
  const cables = [await routeCable(page), await routeCable(second)];
  await signInThroughUi(page, outreach.user.email, outreach.user.password);
  const from = cables[0]!.frames.length;
  await page.goto('/cabinet/inbox');
  await second.goto('/cabinet/inbox');
  await Promise.all([cables[0]!.synced(from), cables[1]!.synced()]);
  for (const p of [page, second]) {
    await expect(threadRow(p)).toHaveCount(0);
    // A reload would lose this mark.
    await p.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  }

  await outreach.reply(sent, `Sounds interesting, could you send me the pricing? ${tag}`);

  // The mailbox sync takes it in (IDLE after the send, else its next poll); both pages hear it over the cable.
  for (const p of [page, second]) await expect(threadRow(p)).toBeVisible({ timeout: 150_000 });
  for (const [i, p] of [page, second].entries()) {
    expect(await p.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(cables[i]!.messages().some((m) => m.message?.name === 'activity' && m.message.data?.verb === 'reply_received')).toBe(true);
  }
  await expect(page.getByRole('region', { name: 'Thread list' })).toContainText('1 unread');
  await expect(second.getByRole('region', { name: 'Thread list' })).toContainText('1 unread');
  await second.close();
});

test('the cable is cut; a change made meanwhile arrives after it reconnects', async ({ page, request }) => {
  test.setTimeout(120_000);
  const cable = await routeCable(page);
  await signInThroughUi(page, outreach.user.email, outreach.user.password);
  const from = cable.frames.length;
  await page.goto('/cabinet/inbox');
  await cable.synced(from);
  const row = threadRow(page);
  await expect(row).toBeVisible();
  await expect(row.getByLabel('Starred')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await cable.cut();
  // Someone else (here: the API, as another device would) stars the thread while this page hears nothing.
  const { data: threads } = (await (await request.get('/api/v1/email_threads', { headers: outreach.user.headers })).json()) as { data: Array<{ id: number }> };
  const starred = await request.put(`/api/v1/email_threads/${threads[0]!.id}`, { headers: outreach.user.headers, data: { starred: true } });
  expect(starred.ok(), await starred.text()).toBe(true);
  const before = cable.frames.length;
  cable.restore();

  // The client's monitor reopens the socket; its catch-up replays what it missed.
  await expect(row.getByLabel('Starred')).toBeVisible({ timeout: 60_000 });
  const replayed = cable.messages().slice(before);
  expect(replayed.some((m) => m.message?.name === 'thread_changed' && m.message.data?.starred === true)).toBe(true);
  expect(replayed.some((m) => m.message?.type === 'resync')).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
