import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { calendarMeetings, integrations, integrationSyncs, integrationWrites } from '../../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../../testing/harness';
import { accountIdOf } from '../../messaging/ownership.test-helpers';
import { seedReply } from '../integrations.test-helpers';

/**
 * Ownership probes for the Salesforce and Calendly routes (spread into routes.test.ts): user B can neither read
 * through, push through, nor confirm an import of user A's integration. A's rows are written straight into the database
 * (the routes test's app has no vendor configured; salesforce.test.ts and calendly.test.ts prove the same against the
 * contract servers).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

const VIEW = '00B000000000001AAA';

async function integrationOf(t: TestApp, a: Person, provider: 'salesforce' | 'calendly') {
  const accountId = await accountIdOf(t, a);
  const [row] = await t.db.db
    .insert(integrations)
    .values({ accountId, provider, vendorAccountId: 'a-secret-org', vendorAccountName: 'a-secret.my.salesforce.com', instanceUrl: 'https://a-secret.my.salesforce.com' })
    .onConflictDoUpdate({ target: [integrations.accountId, integrations.provider], set: { vendorAccountName: 'a-secret.my.salesforce.com' } })
    .returning();
  return { accountId, integration: row! };
}

export const salesforceCalendlyOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/integrations/salesforce_lists': async (t, a, b) => {
    await integrationOf(t, a, 'salesforce');
    const res = await t.app.inject({ method: 'GET', url: v1('/integrations/salesforce_lists'), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret');
  },
  'POST /api/v1/replies/:id/import_contact_to_salesforce': async (t, a, b) => {
    const { accountId } = await integrationOf(t, a, 'salesforce');
    const { replyId } = await seedReply(t, accountId);
    const count = async () => (await t.db.db.select().from(integrationWrites).where(eq(integrationWrites.accountId, accountId))).length;
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: v1(`/replies/${replyId}/import_contact_to_salesforce`), headers: b.headers, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(await count()).toBe(before);
  },
  'POST /api/v1/integrations/salesforce_lists/:id/import_to_blacklist': async (t, a, b) => {
    const { accountId, integration } = await integrationOf(t, a, 'salesforce');
    const [sync] = await t.db.db
      .insert(integrationSyncs)
      .values({ accountId, integrationId: integration.id, kind: 'salesforce.blacklist_import', status: 'previewed', params: { sobject: 'Contact', list_id: VIEW }, preview: { read: 1, create: 1, existing: 0, skipped: 0, sample: ['a-secret@buyer.example'], truncated: false }, items: ['a-secret@buyer.example'] })
      .returning();
    const res = await t.app.inject({ method: 'POST', url: v1(`/integrations/salesforce_lists/${VIEW}/import_to_blacklist`), headers: b.headers, payload: { sync_id: sync!.id, confirm: true } });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret');
    const [row] = await t.db.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, sync!.id));
    expect(row!.status).toBe('previewed');
  },
  'GET /api/v1/integrations/calendly_events': async (t, a, b) => {
    const { accountId, integration } = await integrationOf(t, a, 'calendly');
    await t.db.db.insert(calendarMeetings).values({
      accountId,
      integrationId: integration.id,
      provider: 'calendly',
      inviteeUri: `https://api.calendly.com/scheduled_events/A/invitees/${Date.now()}-${Math.random()}`,
      eventUri: 'https://api.calendly.com/scheduled_events/A',
      email: 'a-secret@buyer.example',
      status: 'booked',
      startsAt: new Date(),
      endsAt: new Date(),
    });
    const res = await t.app.inject({ method: 'GET', url: v1('/integrations/calendly_events'), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret');
  },
};
