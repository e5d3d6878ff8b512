import { expect, signInThroughUi, test } from './support/fixtures';
import { E2E_CALENDLY, E2E_SALESFORCE, startCalendlyServer, startSalesforceServer, type CalendlyTestServer, type SalesforceTestServer } from './support/crm2';
import { startOutreach, type Outreach } from './support/outreach';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * Salesforce and Calendly as a user meets them (local servers speaking their wire formats). Salesforce is connected
 * through its consent page and a prospect's reply (real loopback SMTP and IMAP) is pushed from the inbox as a Lead,
 * seen in the ledger. Calendly is connected with a personal access token; the prospect books a meeting, Calendly's
 * signed webhook reaches the product, and the pipeline shows a real "Meeting booked".
 */
test.describe.configure({ mode: 'serial' });

const tag = `sc${Date.now().toString(36)}`;
const ADA = `ada.${tag}@engines.test`;

let salesforce: SalesforceTestServer;
let calendly: CalendlyTestServer;
let outreach: Outreach;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  salesforce = await startSalesforceServer({ port: E2E_SALESFORCE.port, clientId: E2E_SALESFORCE.clientId, clientSecret: E2E_SALESFORCE.clientSecret });
  calendly = await startCalendlyServer({ port: E2E_CALENDLY.port });
  outreach = await startOutreach(request, { label: 'calendar-crm', ports: MAIL_TEST_PORTS.calendarCrm, mailbox: 'sam@calendar-crm.example', password: 'app-password-9', prospect: ADA, tag });
});

test.afterAll(async () => {
  await outreach?.close();
  await salesforce?.close();
  await calendly?.close();
});

test('connect Salesforce on its consent page, push a reply from the inbox as a Lead, see it in the ledger', async ({ page }) => {
  test.setTimeout(240_000);
  const sent = await outreach.firstEmail();
  await outreach.reply(sent, 'Happy to talk. Could you add me to your CRM and send a few times next week?');

  await signInThroughUi(page, outreach.user.email, outreach.user.password);
  await page.goto('/cabinet/integrations');
  await page.getByRole('button', { name: 'Connect Salesforce' }).click();
  await expect(page.getByRole('heading', { name: 'Allow Access?' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/cabinet\/integrations\?integration=salesforce&integration_status=connected$/);
  await expect(page.getByText(`Account: ${new URL(salesforce.url).host}`)).toBeVisible();

  await page.goto('/cabinet/inbox');
  const threads = page.getByRole('list', { name: 'Threads' });
  await expect(threads.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible({ timeout: 150_000 });
  await threads.getByRole('button', { name: /Ada Lovelace/ }).click();
  const reply = page.getByRole('region', { name: 'Conversation' }).getByRole('list', { name: 'Messages' }).getByRole('article').nth(1);
  await reply.getByRole('button', { name: 'Add to Salesforce' }).click();
  await expect(reply.getByRole('status')).toContainText('Queued for Salesforce as a Lead.');

  await reply.getByRole('link', { name: 'See the ledger' }).click();
  const card = page.getByRole('region', { name: 'Salesforce recent writes' });
  const row = card.getByRole('table', { name: 'Write ledger' }).getByRole('row', { name: new RegExp(ADA.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('Written (201)', { timeout: 30_000 });
  const lead = [...salesforce.records.Lead!.values()].find((l) => l.Email === ADA);
  expect(lead).toMatchObject({ FirstName: 'Ada', LastName: 'Lovelace', Company: 'Analytical Engines' });
  await expect(row).toContainText(lead!.Id);
});

test('connect Calendly with a personal access token; a booking by the prospect is a meeting booked on the pipeline', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, outreach.user.email, outreach.user.password);
  await page.goto('/cabinet/integrations');
  await page.getByLabel('Or paste a personal access token').fill(calendly.personalToken);
  await page.getByRole('button', { name: 'Connect with token' }).click();
  await expect(page.getByRole('region', { name: 'Calendly events' })).toBeVisible();
  await expect(page.getByText('No scheduled events yet.')).toBeVisible();
  // The webhook subscription is written by a background job.
  await expect.poll(() => calendly.webhooks.size, { timeout: 30_000 }).toBe(1);

  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  calendly.book({ email: ADA, name: 'Ada Lovelace', eventName: 'Intro call', startTime: start.toISOString() });
  expect(await calendly.deliver()).toEqual([200]);
  await page.reload();
  const events = page.getByRole('region', { name: 'Calendly events' });
  await expect(events.getByText('Intro call')).toBeVisible();
  await expect(events.getByText('prospect', { exact: true })).toBeVisible();

  await page.goto('/cabinet/pipeline');
  const column = page.getByRole('region', { name: 'Meeting booked', exact: true });
  await expect(column.getByRole('article', { name: /Ada Lovelace/ })).toBeVisible();
});
