import { startAuthSmtpServer, startHoodiecrow } from '../apps/api/src/testing/mail-servers';
import type { APIResponse } from '@playwright/test';
import { createReadyUser, expect, signInThroughUi, test } from './support/fixtures';
import { E2E_LINKEDIN, startLinkedInServer, type LinkedInTestServer } from './support/linkedin';
import { middayZone } from './support/outreach';
import { MAIL_TEST_PORTS } from './support/paths';

const PORTS = MAIL_TEST_PORTS.tasks;

/**
 * LinkedIn as a user meets it: a virtual employee connects its LinkedIn member through LinkedIn's OAuth (a local
 * server speaking LinkedIn's wire format: authorize, token, userinfo, Posts API), a post is previewed, approved and
 * published by the queue; and a campaign's LinkedIn step becomes a task on the Tasks page, its note copied and the
 * task marked done. The mailbox the virtual employee needs is on real loopback SMTP and IMAP servers.
 */
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startAuthSmtpServer>>;
let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
let linkedin: LinkedInTestServer;
let user: Awaited<ReturnType<typeof createReadyUser>>;
let employeeId: number;
let personaId: number;
const tag = `li${Date.now().toString(36)}`;
const address = `sam.${tag}@sender.example`;

test.beforeAll(async ({ request }) => {
  linkedin = await startLinkedInServer({ port: E2E_LINKEDIN.port, clientId: E2E_LINKEDIN.clientId, clientSecret: E2E_LINKEDIN.clientSecret });
  smtp = await startAuthSmtpServer({ security: 'starttls', port: PORTS.smtp, users: { [address]: 'app-password-3' } });
  imap = await startHoodiecrow({ port: PORTS.imap, users: { [address]: 'app-password-3' } });
  user = await createReadyUser(request, 'linkedin');
  const headers = user.headers;
  const data = async (res: APIResponse) => {
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data as { id: number };
  };
  // Working hours around the clock in a zone where it is midday: the task is due whenever the test runs.
  await data(
    await request.put('/api/v1/auto_communication_settings', {
      headers,
      data: { time_zone: middayZone(), working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:59', daily_limit_email: 100, daily_limit_linkedin: 20, daily_limit_phone: 10, auto_reply: false, mode: 'autonomous' },
    }),
  );
  const mailbox = await data(
    await request.post('/api/v1/user_emails', {
      headers,
      data: {
        email: address, sender_name: 'Alex Rivers', smtp_host: 'localhost', smtp_port: PORTS.smtp, smtp_security: 'starttls', smtp_username: address, smtp_password: 'app-password-3',
        imap_host: 'localhost', imap_port: PORTS.imap, imap_security: 'none', imap_username: address, imap_password: 'app-password-3', daily_limit: 40, hourly_limit: 10, min_gap_seconds: 60,
      },
    }),
  );
  employeeId = (await data(await request.post('/api/v1/virtual_employees', { headers, data: { name: 'Alex Rivers', title: 'Head of Growth', user_email_ids: [mailbox.id] } }))).id;
  personaId = (await data(await request.post('/api/v1/persons', { headers, data: { name: `CFOs ${tag}`, description: 'Forecasts are late every quarter.' } }))).id;
  const upload = await request.post('/api/v1/upload', {
    headers,
    data: {
      file_name: 'cfos.csv',
      content: `Name,First name,Email,Title,Company,LinkedIn\nAda Lovelace,Ada,ada.${tag}@engines.test,CFO,Analytical Engines,https://www.linkedin.com/in/ada-${tag}\n`,
      persona_id: personaId,
      mapping: { Name: 'full_name', 'First name': 'first_name', Email: 'email', Title: 'title', Company: 'company', LinkedIn: 'linkedin_url' },
    },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const jobId = (await upload.json()).data.job_id as number;
  await expect.poll(async () => (await (await request.get(`/api/v1/import_jobs/${jobId}`, { headers })).json()).data.status, { timeout: 30_000 }).toBe('done');
});

test.afterAll(async () => {
  await smtp?.close();
  await imap?.close();
  await linkedin?.close();
});

test('a virtual employee connects LinkedIn, previews a post, approves it, and the queue publishes it through the Posts API', async ({ page, request: api }) => {
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/brand-awareness');
  await expect(page.getByRole('heading', { name: 'Brand awareness' })).toBeVisible();

  // LinkedIn's consent (the local server's member agrees at once) and back: the member from userinfo.
  await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
  await expect(page.getByText('LinkedIn is connected. Posts will appear on that profile.')).toBeVisible();
  await expect(page.getByText('alex@acme.example', { exact: false })).toBeVisible();
  expect(linkedin.requests.some((r) => r.method === 'POST' && r.path.startsWith('/oauth/v2/accessToken'))).toBe(true);
  expect(linkedin.requests.some((r) => r.method === 'GET' && r.path === '/v2/userinfo')).toBe(true);

  // A topic of our own, posting on, a preview, then the settings saved: the week is planned.
  const settings = page.getByRole('form', { name: 'Posting settings' });
  await settings.getByLabel('Your own topic').fill('Closing the books in three days');
  await settings.getByRole('button', { name: 'Add', exact: true }).click();
  await settings.getByLabel('Post on LinkedIn').check();
  await settings.getByRole('button', { name: 'Preview a post' }).click();
  const preview = settings.getByRole('figure', { name: 'Preview' });
  await expect(preview).toContainText('Preview on “Closing the books in three days” (not saved)');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Saved. The coming week is being planned.')).toBeVisible();

  // The planned post, opened in the manage automated post panel.
  const planned = page.getByRole('button', { name: /· Closing the books in three days/ }).first();
  await expect(planned).toBeVisible({ timeout: 30_000 });
  const panel = page.getByRole('dialog', { name: 'Manage automated post' });
  // The calendar fills in as the plan lands (a list that re-renders under the pointer): click until the panel opens.
  await expect(async () => {
    await planned.click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(panel.getByText('Needs approval')).toBeVisible();
  const text = await panel.getByLabel('Text').inputValue();
  expect(text.length).toBeGreaterThan(40);

  // Due at the next whole minute (the time field's precision), then approved: the queue publishes it then.
  const at = new Date(Math.floor((Date.now() + 5_000) / 60_000) * 60_000 + 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  await panel.getByLabel('Publish at').fill(local);
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(panel.getByText('Approved', { exact: true })).toBeVisible();

  // The panel saved the chosen minute. Rather than idle until it comes, the walk moves the time to a second from
  // now through the API (the queue's timing has its own tests on an injected clock): the queue publishes it then.
  const approved = (await (await api.get(`/api/v1/social_network_posts?status=approved&virtual_employee_id=${employeeId}`, { headers: user.headers })).json()).data as {
    id: number;
    scheduled_at: string;
  }[];
  expect(approved.map((p) => p.scheduled_at)).toEqual([at.toISOString()]);
  const soon = await api.put(`/api/v1/social_network_posts/${approved[0]!.id}`, { headers: user.headers, data: { scheduled_at: new Date(Date.now() + 1_000).toISOString() } });
  expect(soon.ok(), await soon.text()).toBe(true);

  // LinkedIn received the post: POST /rest/posts with the LinkedIn-Version header, as the member, with the text.
  await expect.poll(() => linkedin.posts.length, { timeout: 30_000 }).toBe(1);
  const request = linkedin.requests.find((r) => r.method === 'POST' && r.path === '/rest/posts')!;
  expect(request.headers['linkedin-version']).toMatch(/^\d{6}$/);
  expect(request.headers['x-restli-protocol-version']).toBe('2.0.0');
  const body = JSON.parse(request.body) as { author: string; commentary: string; lifecycleState: string };
  expect(body).toMatchObject({ author: 'urn:li:person:Ab3XyZ_9', lifecycleState: 'PUBLISHED' });
  expect(body.commentary.length).toBeGreaterThan(40);

  // The cabinet shows it published, with its link on LinkedIn.
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByRole('button', { name: /· Closing the books in three days/ }).filter({ hasText: 'Published' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Manage automated post' }).getByRole('link', { name: 'View on LinkedIn' })).toBeVisible();
});

test('a LinkedIn step becomes a task under Today: the note is copied, the task marked done and listed under Done', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const headers = user.headers;
  const created = await request.post('/api/v1/campaigns', {
    headers,
    data: { name: `LinkedIn first ${tag}`, person_id: personaId, virtual_employee_ids: [employeeId], mode: 'review', steps: [{ kind: 'connection_request', delay_days: 0 }, { kind: 'email', delay_days: 2 }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const campaignId = (await created.json()).data.id as number;
  expect((await request.post(`/api/v1/campaigns/${campaignId}/start`, { headers })).ok()).toBe(true);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInThroughUi(page, user.email, user.password);
  await page.goto('/cabinet/campaigns/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();

  // Today: the invitation to Ada, with her profile and the note the agent wrote (composition runs in the queue).
  const task = page.getByRole('article').filter({ hasText: 'Ada Lovelace' });
  await expect(async () => {
    await page.reload();
    await expect(task).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(task.getByRole('link', { name: /Open profile/ })).toHaveAttribute('href', `https://www.linkedin.com/in/ada-${tag}/`);
  const note = task.getByRole('region', { name: 'Connection note' });
  const prepared = (await note.locator('p').first().innerText()).trim();
  expect(prepared.length).toBeGreaterThan(20);
  expect(prepared.length).toBeLessThanOrEqual(300);

  await note.getByRole('button', { name: /Copy/ }).click();
  await expect(page.getByText('Connection note copied')).toBeVisible();
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(prepared);

  await task.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByText('Done: the sequence moves on')).toBeVisible();
  await expect(task).toHaveCount(0);

  await page.getByRole('group', { name: 'Which tasks' }).getByRole('button', { name: /Done/ }).click();
  const done = page.getByRole('article').filter({ hasText: 'Ada Lovelace' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/Done /);
});
