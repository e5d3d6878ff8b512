import { expect, signInThroughUi, test } from './support/fixtures';
import { E2E_HUBSPOT, startHubSpotServer, type HubSpotTestServer } from './support/hubspot';
import { startOutreach, type Outreach } from './support/outreach';
import { MAIL_TEST_PORTS } from './support/paths';

/**
 * Integrations as a user meets them: HubSpot is connected through its consent page (a local server speaking HubSpot's
 * wire format), a prospect's reply (sent and received over real loopback SMTP and IMAP) is pushed to HubSpot from the
 * inbox, the background job writes the contact, and the write shows in the integration's ledger with HubSpot's id.
 */
test.describe.configure({ mode: 'serial' });

const tag = `hs${Date.now().toString(36)}`;
const ADA = `ada.${tag}@engines.test`;

let hubspot: HubSpotTestServer;
let outreach: Outreach;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  hubspot = await startHubSpotServer({ port: E2E_HUBSPOT.port, clientId: E2E_HUBSPOT.clientId, clientSecret: E2E_HUBSPOT.clientSecret });
  outreach = await startOutreach(request, { label: 'integrations', ports: MAIL_TEST_PORTS.integrations, mailbox: 'sam@crm.example', password: 'app-password-9', prospect: ADA, tag });
});

test.afterAll(async () => {
  await outreach?.close();
  await hubspot?.close();
});

test('connect HubSpot on its consent page, push a reply from the inbox, see it in the ledger', async ({ page }) => {
  test.setTimeout(240_000);
  const sent = await outreach.firstEmail();
  await outreach.reply(sent, 'Happy to talk. Could you add me to your CRM and send a few times next week?');

  await signInThroughUi(page, outreach.user.email, outreach.user.password);
  await page.goto('/cabinet/integrations');
  await expect(page.getByRole('heading', { name: 'HubSpot', exact: true })).toBeVisible();
  // HubSpot's own card (Salesforce's and Calendly's say "Not connected" too).
  await expect(page.locator('[aria-labelledby="integration-hubspot"]').getByText('Not connected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Connect HubSpot' }).click();

  // HubSpot's consent page (the local one), then back to the product.
  await expect(page.getByRole('heading', { name: 'Connect app to HubSpot' })).toBeVisible();
  await expect(page.getByText(/crm\.objects\.contacts\.write/)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/cabinet\/integrations\?integration=hubspot&integration_status=connected$/);
  await expect(page.getByText('HubSpot is connected.')).toBeVisible();
  await expect(page.getByText(`Account: ${hubspot.hubDomain}`)).toBeVisible();
  await expect(page.getByText('No writes yet.')).toBeVisible();

  // The reply comes home; "Add to HubSpot" on it.
  await page.goto('/cabinet/inbox');
  const threads = page.getByRole('list', { name: 'Threads' });
  await expect(threads.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible({ timeout: 150_000 });
  await threads.getByRole('button', { name: /Ada Lovelace/ }).click();
  const reply = page.getByRole('region', { name: 'Conversation' }).getByRole('list', { name: 'Messages' }).getByRole('article').nth(1);
  await reply.getByRole('button', { name: 'Add to HubSpot' }).click();
  await expect(reply.getByRole('status')).toContainText('Queued for HubSpot.');

  // The job writes the contact; the ledger says so, with HubSpot's record id.
  await reply.getByRole('link', { name: 'See the ledger' }).click();
  const ledger = page.getByRole('table', { name: 'Write ledger' });
  const row = ledger.getByRole('row', { name: new RegExp(ADA.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('Written (201)', { timeout: 30_000 });
  const contact = [...hubspot.contacts.values()].find((c) => c.properties.email === ADA);
  expect(contact?.properties).toMatchObject({ email: ADA, firstname: 'Ada', company: 'Analytical Engines', jobtitle: 'CFO' });
  await expect(row).toContainText(contact!.id);
  await expect(page.getByText('Requests today', { exact: true })).toBeVisible();
});
