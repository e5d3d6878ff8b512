import { request as apiRequest, type APIRequestContext, type APIResponse, type BrowserContext, type Worker } from '@playwright/test';
import { startAuthSmtpServer, startHoodiecrow } from '../apps/api/src/testing/mail-servers';
import { EXTENSION_ID } from '../packages/shared/src/extension/ids';
import { E2E_PORT } from '../playwright.config';
import { feedPage, profilePage, type FixtureMember } from './fixtures/linkedin';
import { launchWithExtension } from './support/extension';
import { createReadyUser, expect, test } from './support/fixtures';
import { middayZone } from './support/outreach';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * Today on LinkedIn, as a user works through it: a campaign whose first step is a connection request with
 * a note; the popup lists the task with the prepared note; the user opens the profile, sends the
 * invitation on LinkedIn themselves, and the popup, reading the page (never clicking), offers to mark the
 * task done; the cabinet then shows it done and the next step scheduled.
 */
const ORIGIN = `http://localhost:${E2E_PORT}`;
const PORTS = MAIL_TEST_PORTS.extensionTasks;
const tag = `t${Date.now().toString(36)}`;
const LENA: FixtureMember = {
  id: `lena-fischer-${tag}`,
  name: 'Lena Fischer',
  headline: 'CFO at Nordlicht Energie',
  location: 'Munich, Bavaria, Germany',
  company: 'Nordlicht Energie',
  title: 'CFO',
};
const LENA_URL = `https://www.linkedin.com/in/${LENA.id}/`;

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let worker: Worker;
let api: APIRequestContext;
let smtp: Awaited<ReturnType<typeof startAuthSmtpServer>>;
let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
let user: Awaited<ReturnType<typeof createReadyUser>>;
let campaignName: string;
/** The connection note the agent prepared for Lena. */
let note: string;

const ok = async (res: APIResponse) => {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { id: number } }).data;
};

test.beforeAll(async () => {
  // Sign-up, import, enrolment and composition on a loaded machine: more than the default minute.
  test.setTimeout(180_000);
  api = await apiRequest.newContext({ baseURL: ORIGIN });
  const address = `sam.${tag}@sender.example`;
  smtp = await startAuthSmtpServer({ security: 'starttls', port: PORTS.smtp, users: { [address]: 'app-password-3' } });
  imap = await startHoodiecrow({ port: PORTS.imap, users: { [address]: 'app-password-3' } });

  // Seeded through the API: working hours around now, a mailbox for the agent, a persona with Lena (her LinkedIn address on file).
  user = await createReadyUser(api, 'lintasks');
  const headers = user.headers;
  await ok(
    await api.put('/api/v1/auto_communication_settings', {
      headers,
      data: { time_zone: middayZone(), working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:59', daily_limit_email: 100, daily_limit_linkedin: 20, daily_limit_phone: 10, auto_reply: false, mode: 'review' },
    }),
  );
  const mailbox = await ok(
    await api.post('/api/v1/user_emails', {
      headers,
      data: {
        email: address, sender_name: 'Sam Carter', smtp_host: 'localhost', smtp_port: PORTS.smtp, smtp_security: 'starttls', smtp_username: address, smtp_password: 'app-password-3',
        imap_host: 'localhost', imap_port: PORTS.imap, imap_security: 'none', imap_username: address, imap_password: 'app-password-3', daily_limit: 40, hourly_limit: 10, min_gap_seconds: 60,
      },
    }),
  );
  const persona = await ok(await api.post('/api/v1/persons', { headers, data: { name: `Energy CFOs ${tag}` } }));
  const upload = await api.post('/api/v1/upload', {
    headers,
    data: {
      file_name: 'cfos.csv',
      content: `Name,First name,Email,Title,Company,LinkedIn\nLena Fischer,Lena,lena.${tag}@nordlicht.test,CFO,Nordlicht Energie,${LENA_URL}\n`,
      persona_id: persona.id,
      mapping: { Name: 'full_name', 'First name': 'first_name', Email: 'email', Title: 'title', Company: 'company', LinkedIn: 'linkedin_url' },
    },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const jobId = (await upload.json()).data.job_id as number;
  await expect.poll(async () => (await (await api.get(`/api/v1/import_jobs/${jobId}`, { headers })).json()).data.status, { timeout: 30_000 }).toBe('done');
  const employee = await ok(await api.post('/api/v1/virtual_employees', { headers, data: { name: 'Sam Carter', title: 'Account Executive', user_email_ids: [mailbox.id] } }));
  campaignName = `Energy ${tag}`;
  const campaign = await ok(
    await api.post('/api/v1/campaigns', {
      headers,
      data: {
        name: campaignName,
        person_id: persona.id,
        virtual_employee_ids: [employee.id],
        mode: 'review',
        steps: [
          { kind: 'connection_request', delay_days: 0 },
          { kind: 'message', delay_days: 2 },
        ],
      },
    }),
  );
  await ok(await api.post(`/api/v1/campaigns/${campaign.id}/start`, { headers }));
  // Enrolment and composition run as jobs: the invitation comes due once they have.
  await expect(async () => {
    const res = await api.get('/api/v1/outreach_tasks?view=today&channel=linkedin', { headers });
    const tasks = ((await res.json()) as { data: Array<{ kind: string; prepared_text: string }> }).data;
    expect(tasks.map((t) => t.kind)).toEqual(['connection_request']);
    note = tasks[0]!.prepared_text;
  }).toPass({ timeout: 90_000 });
  expect(note.length).toBeGreaterThan(20);
  expect(note.length).toBeLessThanOrEqual(300);

  ({ context, worker } = await launchWithExtension(({ pathname }) => (pathname.startsWith(`/in/${LENA.id}`) ? profilePage(LENA, [LENA]) : feedPage())));
});

test.afterAll(async () => {
  await context?.close();
  await api?.dispose();
  await smtp?.close();
  await imap?.close();
});

async function tabIdOf(url: string): Promise<number> {
  return worker.evaluate(async (u) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url?.startsWith(u));
    if (!tab?.id) throw new Error(`no tab on ${u}`);
    return tab.id;
  }, url);
}

test("the popup's Today on LinkedIn: open the profile, send the invitation with the prepared note, mark it done from what the page shows", async () => {
  test.setTimeout(120_000);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
  await popup.getByLabel('Server').fill(ORIGIN);
  await popup.getByLabel('Email').fill(user.email);
  await popup.getByLabel('Password', { exact: true }).fill(user.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();

  const today = popup.getByRole('region', { name: /^Today on LinkedIn/ });
  await expect(today.getByRole('heading', { name: 'Today on LinkedIn: 1' })).toBeVisible({ timeout: 15_000 });
  const item = today.getByRole('article', { name: 'Lena Fischer' });
  await expect(item).toContainText('Connection request');
  await expect(item).toContainText(campaignName);
  await expect(item.getByLabel('Prepared note')).toHaveText(note);

  // One click copies the note, with a confirmation.
  await item.getByRole('button', { name: 'Copy note' }).click();
  await expect(item.getByText('Note copied')).toBeVisible();

  // Open the profile: a new tab on Lena's LinkedIn page.
  const opened = context.waitForEvent('page');
  await item.getByRole('button', { name: /Open profile/ }).focus();
  await popup.keyboard.press('Enter');
  const linkedin = await opened;
  await expect(linkedin).toHaveURL(LENA_URL);
  await expect(linkedin.getByRole('heading', { level: 1, name: 'Lena Fischer' })).toBeVisible();

  // The popup on that tab: the page shows no invitation yet.
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html?tabId=${await tabIdOf(LENA_URL)}`);
  const here = popup.getByRole('region', { name: 'On this profile' });
  await expect(here).toContainText('Connection request for Lena Fischer', { timeout: 15_000 });
  await expect(here).toContainText('LinkedIn shows no invitation yet');
  await expect(here.getByRole('button', { name: /Mark done/ })).toHaveCount(0);

  // The user sends the invitation on LinkedIn, with the prepared note; LinkedIn then shows it pending.
  await linkedin.getByRole('button', { name: 'Connect with Lena Fischer' }).click();
  await linkedin.getByRole('dialog', { name: 'Add a note to your invitation' }).getByLabel('Add a note').fill(note);
  await linkedin.getByRole('button', { name: 'Send' }).click();
  await expect(linkedin.getByRole('button', { name: /^Pending/ })).toBeVisible();

  await expect(here).toContainText('LinkedIn shows your invitation as pending — mark done?', { timeout: 15_000 });
  await here.getByRole('button', { name: /Mark done/ }).click();
  await expect(popup.getByText("Done: Lena Fischer's sequence moves on")).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Today on LinkedIn: 0' })).toBeVisible();
  await expect(popup.getByText('Nothing to do on LinkedIn today.')).toBeVisible();
  await expect(here).toHaveCount(0);

  // The cabinet: the invitation is done, and the message, two days on, is scheduled.
  const cabinet = await context.newPage();
  await cabinet.goto(`${ORIGIN}/auth/signin`);
  await cabinet.getByLabel('Email').fill(user.email);
  await cabinet.getByLabel('Password', { exact: true }).fill(user.password);
  await cabinet.getByRole('button', { name: 'Sign in' }).click();
  await cabinet.waitForURL(/\/cabinet/);
  await cabinet.goto(`${ORIGIN}/cabinet/campaigns/tasks`);
  await cabinet.getByRole('button', { name: /^Done/ }).click();
  const done = cabinet.getByRole('article', { name: /connection request with a note · Lena Fischer/ });
  await expect(done).toContainText(/Done /);
  await cabinet.getByRole('button', { name: /^Upcoming/ }).click();
  const next = cabinet.getByRole('article', { name: /message \(after connecting\) · Lena Fischer/ });
  await expect(next).toContainText(/Due /);
  await popup.close();
  await linkedin.close();
  await cabinet.close();
});
