import { simpleParser, type ParsedMail } from 'mailparser';
import { startHoodiecrow, startRecordingSmtpServer } from '../apps/api/src/testing/mail-servers';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * The outreach loop as a user runs it, end to end: connect a mailbox (real loopback SMTP and IMAP
 * servers), set the compliance footer, create a virtual employee and a campaign in review mode,
 * start it and approve the drafts; the emails arrive at the SMTP server with our headers
 * (Message-ID, List-Unsubscribe one-click); a prospect unsubscribes through the link of one; the
 * address is on the blacklist and that prospect's follow-up is cancelled.
 */
test.describe.configure({ mode: 'serial' });

const PORTS = MAIL_TEST_PORTS.outreach;
const MAILBOX = 'sam@outreach.example';
const PASSWORD = 'app-password-3';
const tag = `o${Date.now().toString(36)}`;
const ADA = `ada.${tag}@engines.test`;
const GRACE = `grace.${tag}@navy.test`;

let smtp: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
let user: Awaited<ReturnType<typeof createReadyUser>>;

/** A time zone in which it is now around midday, so the working window (00:00–23:59) holds now. */
function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  // Etc/GMT-5 is UTC+5 (POSIX signs).
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

test.beforeAll(async ({ request }) => {
  smtp = await startRecordingSmtpServer({ security: 'starttls', port: PORTS.smtp, users: { [MAILBOX]: PASSWORD } });
  imap = await startHoodiecrow({ port: PORTS.imap, users: { [MAILBOX]: PASSWORD } });
  user = await createReadyUser(request, 'outreach');
  const headers = user.headers;
  // Every day, all day, in a zone where it is midday now: the walk does not depend on when CI runs.
  const schedule = await request.put('/api/v1/auto_communication_settings', {
    headers,
    data: {
      time_zone: middayZone(), working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:59',
      daily_limit_email: 100, daily_limit_linkedin: 20, daily_limit_phone: 10, auto_reply: false, mode: 'review',
    },
  });
  expect(schedule.ok(), await schedule.text()).toBe(true);
  const persona = await request.post('/api/v1/persons', { headers, data: { name: `Finance leaders ${tag}` } });
  expect(persona.ok()).toBe(true);
  const personaId = (await persona.json()).data.id as number;
  const rows = ['Name,First name,Email,Title,Company', `Ada Lovelace,Ada,${ADA},CFO,Analytical Engines`, `Grace Hopper,Grace,${GRACE},Head of Finance,Fleet Systems`];
  const upload = await request.post('/api/v1/upload', {
    headers,
    data: { file_name: 'finance.csv', content: `${rows.join('\n')}\n`, persona_id: personaId, mapping: { Name: 'full_name', 'First name': 'first_name', Email: 'email', Title: 'title', Company: 'company' } },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const jobId = (await upload.json()).data.job_id as number;
  await expect.poll(async () => (await (await request.get(`/api/v1/import_jobs/${jobId}`, { headers })).json()).data.status, { timeout: 30_000 }).toBe('done');
});

test.afterAll(async () => {
  await smtp?.close();
  await imap?.close();
});

const arrived = async (to: string): Promise<ParsedMail | null> => {
  const raw = smtp.received.find((m) => m.to.includes(to))?.raw;
  return raw ? simpleParser(raw) : null;
};

test('connect a mailbox, run a campaign in review mode, the emails arrive; an unsubscribe blacklists and cancels the follow-up', async ({ page }) => {
  // A whole walk (mailbox, agent, campaign, composition, approval, delivery): more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await signInThroughUi(page, user.email, user.password);

  // The mailbox, through the dialog, tested live against the loopback servers.
  await page.getByRole('navigation').getByRole('link', { name: 'Mailboxes' }).click();
  await page.getByRole('button', { name: 'Connect a mailbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a mailbox' });
  await dialog.getByRole('radio', { name: 'Other (SMTP and IMAP)' }).check();
  await dialog.getByLabel('Email address').fill(MAILBOX);
  await dialog.getByLabel('Sender name').fill('Sam Carter');
  await dialog.getByLabel('SMTP host').fill('localhost');
  await dialog.getByLabel('SMTP port').fill(String(PORTS.smtp));
  await dialog.getByLabel('SMTP security').selectOption('starttls');
  await dialog.getByLabel('SMTP username').fill(MAILBOX);
  await dialog.getByLabel('SMTP password').fill(PASSWORD);
  await dialog.getByLabel('IMAP host').fill('localhost');
  await dialog.getByLabel('IMAP port').fill(String(PORTS.imap));
  await dialog.getByLabel('IMAP security').selectOption('none');
  await dialog.getByLabel('Minimum gap (seconds)').fill('0');
  await dialog.getByRole('button', { name: 'Test and connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your mailboxes' }).getByRole('heading', { name: MAILBOX })).toBeVisible();

  // The compliance footer: the sender's postal address.
  const footer = page.getByRole('region', { name: /Compliance footer/ });
  await footer.getByLabel('Postal address of the sender').fill('Northwind Analytics GmbH\nHauptstraße 5\n10115 Berlin, Germany');
  await footer.getByRole('button', { name: 'Save footer' }).click();
  await expect(footer.getByRole('status')).toContainText('Saved');

  // A virtual employee on that mailbox.
  await page.goto('/cabinet/agents');
  await page.getByRole('button', { name: 'New virtual employee' }).click();
  const ve = page.getByRole('dialog', { name: 'New virtual employee' });
  await ve.getByLabel('Name').fill('Sam Carter');
  await ve.getByLabel('Title').fill('Account Executive');
  await ve.getByRole('checkbox', { name: MAILBOX }).check();
  await ve.getByRole('button', { name: 'Create' }).click();
  await expect(ve).toBeHidden();

  // A campaign in review mode; start; the drafts wait for approval.
  await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const create = page.getByRole('dialog', { name: 'New campaign' });
  await create.getByLabel('Campaign name').fill(`Finance ${tag}`);
  await create.getByLabel('Persona').selectOption({ label: `Finance leaders ${tag}` });
  await create.getByRole('checkbox', { name: /Sam Carter/ }).check();
  await create.getByRole('radio', { name: /Review/ }).check();
  await create.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { name: `Finance ${tag}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: /Approve all \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
  const campaignUrl = page.url();
  // Nothing leaves before approval.
  expect(smtp.received).toHaveLength(0);

  await page.goto('/cabinet/campaigns/review');
  await page.getByLabel('Campaign').selectOption({ index: 1 });
  await page.getByRole('button', { name: `Approve all in Finance ${tag}` }).click();
  // Approving composes nothing new but schedules every email and wakes the sending tick: room for a loaded machine.
  await expect(page.getByRole('heading', { name: 'Nothing to review' })).toBeVisible({ timeout: 30_000 });

  // The first emails arrive at the SMTP server (the engine sends them once approved), step 1 only.
  await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(2);
  const mail = (await arrived(ADA))!;
  expect(mail).not.toBeNull();
  expect(mail.from?.value[0]).toMatchObject({ name: 'Sam Carter', address: MAILBOX });
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(ADA);
  expect(mail.subject).toBeTruthy();
  expect(mail.date).toBeInstanceOf(Date);
  expect(mail.messageId).toMatch(/@outreach\.example>$/);
  expect(mail.text).toMatch(/Ada/);
  expect(mail.html).toBeTruthy();
  expect(mail.html).not.toMatch(/<img/i);
  expect(mail.text).toContain('Hauptstraße 5');
  const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';
  const listUnsubscribe = header('list-unsubscribe');
  const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1];
  expect(oneClick, listUnsubscribe).toBeTruthy();
  expect(listUnsubscribe).toMatch(/<mailto:[^>]+>/);
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  // Ada unsubscribes through the link of her email (signed out, her own browser page).
  const prospect = await page.context().browser()!.newPage();
  await prospect.goto(oneClick!);
  await expect(prospect.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
  await prospect.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(prospect.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await prospect.close();

  // Her address is on the blacklist, as unsubscribed.
  await page.getByRole('navigation').getByRole('link', { name: 'Blacklist' }).click();
  const row = page.getByRole('table', { name: 'Blacklisted emails' }).getByRole('row', { name: new RegExp(ADA.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Unsubscribed');

  // Her follow-up is cancelled; Grace's still waits for its day.
  await page.goto(campaignUrl);
  const emails = page.getByRole('region', { name: 'Emails' });
  await emails.getByLabel('Status').selectOption('cancelled');
  const table = emails.getByRole('table', { name: 'Emails of this campaign' });
  await expect(table.getByRole('row').filter({ hasText: ADA }).first()).toContainText('Cancelled');
  await expect(table.getByRole('row').filter({ hasText: GRACE })).toHaveCount(0);
  // And nothing else left for Ada: exactly one email reached her.
  expect(smtp.received.filter((m) => m.to.includes(ADA))).toHaveLength(1);
});
