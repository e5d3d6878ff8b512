import { startAuthSmtpServer, startHoodiecrow } from '../apps/api/src/testing/mail-servers';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';
import { MAIL_TEST_PORTS } from './support/paths';

const PORTS = MAIL_TEST_PORTS.campaigns;

/**
 * A campaign in review mode, as a user runs it: a virtual employee on Edit agents, a campaign for a
 * persona, Start, the drafts written by the built-in composer in the review queue, approve one, edit one,
 * approve all. The mailbox is connected through the API against real loopback SMTP and IMAP servers.
 * (Sending itself belongs to the sending engine, built separately.)
 */
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startAuthSmtpServer>>;
let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
let user: Awaited<ReturnType<typeof createReadyUser>>;
const tag = `c${Date.now().toString(36)}`;

test.beforeAll(async ({ request }) => {
  smtp = await startAuthSmtpServer({ security: 'starttls', port: PORTS.smtp, users: { 'sam@sender.example': 'app-password-2' } });
  imap = await startHoodiecrow({ port: PORTS.imap, users: { 'sam@sender.example': 'app-password-2' } });
  user = await createReadyUser(request, 'campaigns');
  const headers = user.headers;
  const mailbox = await request.post('/api/v1/user_emails', {
    headers,
    data: {
      email: 'sam@sender.example', sender_name: 'Sam Carter', smtp_host: 'localhost', smtp_port: PORTS.smtp, smtp_security: 'starttls',
      smtp_username: 'sam@sender.example', smtp_password: 'app-password-2', imap_host: 'localhost', imap_port: PORTS.imap, imap_security: 'none',
      imap_username: 'sam@sender.example', imap_password: 'app-password-2', daily_limit: 40, hourly_limit: 10, min_gap_seconds: 60,
    },
  });
  expect(mailbox.ok(), await mailbox.text()).toBe(true);
  const persona = await request.post('/api/v1/persons', { headers, data: { name: `Finance leaders ${tag}` } });
  expect(persona.ok()).toBe(true);
  const personaId = (await persona.json()).data.id as number;
  const rows = ['Name,First name,Email,Title,Company', `Ada Lovelace,Ada,ada.${tag}@engines.test,CFO,Analytical Engines`, `Grace Hopper,Grace,grace.${tag}@navy.test,Head of Finance,Fleet Systems`];
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

test('a virtual employee, a campaign in review mode, its drafts approved from the review queue', async ({ page }) => {
  // A whole walk (mailbox, agent, campaign, composition, approval, delivery): more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/agents');
  await page.getByRole('button', { name: 'New virtual employee' }).click();
  const ve = page.getByRole('dialog', { name: 'New virtual employee' });
  await ve.getByLabel('Name').fill('Sam Carter');
  await ve.getByLabel('Title').fill('Account Executive');
  await ve.getByRole('checkbox', { name: 'sam@sender.example' }).check();
  await ve.getByRole('button', { name: 'Create' }).click();
  await expect(ve).toBeHidden();
  await expect(page.getByText('Sam Carter', { exact: true })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'No campaign yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const create = page.getByRole('dialog', { name: 'New campaign' });
  await create.getByLabel('Campaign name').fill(`Finance ${tag}`);
  await create.getByLabel('Persona').selectOption({ label: `Finance leaders ${tag}` });
  await create.getByRole('checkbox', { name: /Sam Carter/ }).check();
  await create.getByRole('radio', { name: /Review/ }).check();
  await create.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { name: `Finance ${tag}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Enrolment and composition run as jobs; the page refreshes while the campaign runs.
  const approveAll = page.getByRole('button', { name: /Approve all \(\d+\)/ });
  await expect(approveAll).toBeVisible({ timeout: 30_000 });

  await page.goto('/cabinet/campaigns/review');
  const first = page.getByRole('article').first();
  await expect(first).toContainText(/Hi (Ada|Grace)|Hello (Ada|Grace)|Dear (Ada|Grace)/);
  await expect(first).toContainText('Sam Carter');
  await first.getByRole('button', { name: /^Edit the email/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit email' });
  await edit.getByLabel('Subject').fill(`A question ${tag}`);
  await edit.getByRole('button', { name: 'Save and approve' }).click();
  await expect(edit).toBeHidden();
  // Approved: it leaves the queue; its follow-ups (still drafts) answer the new subject.
  await expect(page.getByRole('article', { name: `A question ${tag}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('article', { name: `Re: A question ${tag}`, exact: true }).first()).toBeVisible();

  await page.getByLabel('Campaign').selectOption({ index: 1 });
  await page.getByRole('button', { name: `Approve all in Finance ${tag}` }).click();
  // Approving composes nothing new but schedules every email and wakes the sending tick: room for a loaded machine.
  await expect(page.getByRole('heading', { name: 'Nothing to review' })).toBeVisible({ timeout: 30_000 });

  await page.goto('/cabinet/campaigns');
  await page.getByRole('link', { name: `Finance ${tag}` }).click();
  await expect(page.getByRole('region', { name: 'Campaign summary' })).toContainText('Scheduled');
  await expect(page.getByRole('button', { name: /Approve all/ })).toHaveCount(0);
});

test('at 390 px the campaign pages fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, user.email, user.password);
  for (const path of ['/cabinet/campaigns', '/cabinet/campaigns/review', '/cabinet/agents']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
  }
});
