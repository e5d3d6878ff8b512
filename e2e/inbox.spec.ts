import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { startHoodiecrow, startRecordingSmtpServer } from '../apps/api/src/testing/mail-servers';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * The inbox as a user meets it: a campaign email goes out (real loopback SMTP), the prospect's answer is
 * appended to the mailbox over IMAP and comes home into its thread; the user finds it by status, opens
 * it, drafts an answer with AI, edits and sends it (it arrives at the SMTP server in the prospect's
 * thread); the full-screen page, a 404 for an unknown thread, and the pages at 390 px.
 */
test.describe.configure({ mode: 'serial' });

const PORTS = MAIL_TEST_PORTS.inbox;
const MAILBOX = 'sam@inbox.example';
const PASSWORD = 'app-password-4';
const tag = `i${Date.now().toString(36)}`;
const ADA = `ada.${tag}@engines.test`;
const SHOTS = process.env.E2E_SHOTS_DIR;

let smtp: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
let user: Awaited<ReturnType<typeof createReadyUser>>;

/** A time zone in which it is now around midday, so the working window (00:00–23:59) holds now. */
function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  smtp = await startRecordingSmtpServer({ security: 'starttls', port: PORTS.smtp, users: { [MAILBOX]: PASSWORD } });
  imap = await startHoodiecrow({ port: PORTS.imap, users: { [MAILBOX]: PASSWORD } });
  user = await createReadyUser(request, 'inbox');
  const headers = user.headers;
  const ok = async (res: Awaited<ReturnType<typeof request.post>>) => {
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  await ok(
    await request.put('/api/v1/auto_communication_settings', {
      headers,
      data: { time_zone: middayZone(), working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:59', daily_limit_email: 100, daily_limit_linkedin: 20, daily_limit_phone: 10, auto_reply: false, mode: 'autonomous' },
    }),
  );
  await ok(await request.put('/api/v1/compliance_settings', { headers, data: { compliance_footer: true, postal_address: 'Northwind Analytics GmbH, Hauptstraße 5, 10115 Berlin', gdpr_notice: false } }));
  const mailbox = await ok(
    await request.post('/api/v1/user_emails', {
      headers,
      data: {
        email: MAILBOX, sender_name: 'Sam Carter', smtp_host: 'localhost', smtp_port: PORTS.smtp, smtp_security: 'starttls', smtp_username: MAILBOX, smtp_password: PASSWORD,
        imap_host: 'localhost', imap_port: PORTS.imap, imap_security: 'none', imap_username: MAILBOX, imap_password: PASSWORD, daily_limit: 40, hourly_limit: 10, min_gap_seconds: 0,
      },
    }),
  );
  const persona = await ok(await request.post('/api/v1/persons', { headers, data: { name: `Inbox leaders ${tag}` } }));
  const upload = await request.post('/api/v1/upload', {
    headers,
    data: { file_name: 'ada.csv', content: `Name,First name,Email,Title,Company\nAda Lovelace,Ada,${ADA},CFO,Analytical Engines\n`, persona_id: persona.id, mapping: { Name: 'full_name', 'First name': 'first_name', Email: 'email', Title: 'title', Company: 'company' } },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const jobId = (await upload.json()).data.job_id as number;
  await expect.poll(async () => (await (await request.get(`/api/v1/import_jobs/${jobId}`, { headers })).json()).data.status, { timeout: 30_000 }).toBe('done');
  const employee = await ok(await request.post('/api/v1/virtual_employees', { headers, data: { name: 'Sam Carter', title: 'Account Executive', user_email_ids: [mailbox.id] } }));
  const campaign = await ok(await request.post('/api/v1/campaigns', { headers, data: { name: `Inbox ${tag}`, person_id: persona.id, virtual_employee_ids: [employee.id], mode: 'autonomous' } }));
  await ok(await request.post(`/api/v1/campaigns/${campaign.id}/start`, { headers }));
});

test.afterAll(async () => {
  // The product may still sit in IDLE on the IMAP server: its close ends those connections (testing/mail-servers.ts).
  await Promise.all([smtp?.close(), imap?.close()]);
});

test('a reply comes home; filter by status, open, draft with AI, edit and send in the thread', async ({ page }) => {
  test.setTimeout(240_000);
  // The campaign's first email reaches the prospect.
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(ADA)).length, { timeout: 90_000 }).toBe(1);
  const sent = await simpleParser(smtp.received.find((m) => m.to.includes(ADA))!.raw);
  // Ada answers: her reply lands in the mailbox's INBOX.
  const client = new ImapFlow({ host: '127.0.0.1', port: PORTS.imap, secure: false, auth: { user: MAILBOX, pass: PASSWORD }, logger: false });
  await client.connect();
  await client.append(
    'INBOX',
    [
      `From: Ada Lovelace <${ADA}>`,
      `To: Sam Carter <${MAILBOX}>`,
      `Subject: Re: ${sent.subject}`,
      `Message-ID: <reply.${tag}@engines.test>`,
      `In-Reply-To: ${sent.messageId}`,
      `References: ${sent.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="b-${tag}"`,
      '',
      `--b-${tag}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Sounds interesting, could you send me the pricing and a few times for a short call next week?',
      '',
      `On ${sent.date?.toUTCString()}, Sam Carter <${MAILBOX}> wrote:`,
      '> Hi Ada,',
      '> the original pitch',
      '',
      `--b-${tag}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Sounds interesting, could you send me the pricing and a few times for a short call next week?</p>',
      '<p><img src="https://images.engines.test/signature.png" alt="Analytical Engines"></p>',
      `<blockquote><p>Hi Ada,</p><p>the original pitch</p></blockquote>`,
      `--b-${tag}--`,
      '',
    ].join('\r\n'),
  );
  await client.logout();

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
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(ADA)).length, { timeout: 30_000 }).toBe(2);
  const answer = await simpleParser(smtp.received.filter((m) => m.to.includes(ADA))[1]!.raw);
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
