import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { integrations, integrationSyncs, integrationWrites } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedReply } from './integrations.test-helpers';

/**
 * Ownership probes for the integration routes (spread into routes.test.ts): user B can neither see, change, replay,
 * disconnect nor push through user A's integration. A's rows are written straight into the database (the routes
 * test's app has no vendor configured; hubspot.test.ts proves the same against the contract server).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

async function integrationOf(t: TestApp, a: Person) {
  const accountId = await accountIdOf(t, a);
  const [row] = await t.db.db
    .insert(integrations)
    .values({ accountId, provider: 'hubspot', vendorAccountId: 'a-secret-portal', vendorAccountName: 'a-secret.hubspot.com', settings: { daily_cap: 123 } })
    .onConflictDoUpdate({ target: [integrations.accountId, integrations.provider], set: { settings: { daily_cap: 123 } } })
    .returning();
  const [write] = await t.db.db
    .insert(integrationWrites)
    .values({ accountId, integrationId: row!.id, provider: 'hubspot', operation: 'hubspot.upsert_contact', idempotencyKey: `a-secret-${row!.id}-${Date.now()}-${Math.random()}`, summary: 'Contact a-secret@buyer.example', input: {}, status: 'failed', error: 'a-secret error' })
    .returning();
  const [sync] = await t.db.db.insert(integrationSyncs).values({ accountId, integrationId: row!.id, kind: 'hubspot.blacklist_import', status: 'previewed', preview: { read: 1, create: 1, existing: 0, skipped: 0, sample: ['a-secret@buyer.example'], truncated: false }, items: ['a-secret@buyer.example'] }).returning();
  return { accountId, integration: row!, write: write!, sync: sync! };
}

const stillThere = async (t: TestApp, id: number) => {
  const [row] = await t.db.db.select().from(integrations).where(eq(integrations.id, id));
  expect(row).toMatchObject({ id, settings: { daily_cap: 123 } });
};

export const integrationOwnershipProbes: Record<string, Probe> = {
  'POST /api/v1/integrations': async (t, a, b) => {
    const { integration } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: b.headers, payload: { provider: 'hubspot' } });
    expect(res.statusCode).toBe(422);
    await stillThere(t, integration.id);
  },
  'GET /api/v1/integrations': async (t, a, b) => {
    const { integration } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/integrations'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((i: { id: number }) => i.id)).not.toContain(integration.id);
    expect(res.body).not.toContain('a-secret');
  },
  'PUT /api/v1/integrations/:id': async (t, a, b) => {
    const { integration } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/integrations/${integration.id}`), headers: b.headers, payload: { settings: { daily_cap: 1 } } });
    expect(res.statusCode).toBe(404);
    await stillThere(t, integration.id);
  },
  'DELETE /api/v1/integrations/:id': async (t, a, b) => {
    const { integration } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/integrations/${integration.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    await stillThere(t, integration.id);
  },
  'GET /api/v1/integrations/:id/writes': async (t, a, b) => {
    const { integration } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1(`/integrations/${integration.id}/writes`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('a-secret');
  },
  'POST /api/v1/integrations/:id/writes/:writeId/replay': async (t, a, b) => {
    const { integration, write } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1(`/integrations/${integration.id}/writes/${write.id}/replay`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(integrationWrites).where(eq(integrationWrites.id, write.id));
    expect(row!.status).toBe('failed');
  },
  'GET /api/v1/integrations/:id/syncs': async (t, a, b) => {
    const { integration } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1(`/integrations/${integration.id}/syncs`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('a-secret');
  },
  'GET /api/v1/integrations/:id/syncs/:syncId': async (t, a, b) => {
    const { integration, sync } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1(`/integrations/${integration.id}/syncs/${sync.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('a-secret');
  },
  'GET /api/v1/integrations/hubspot_lists': async (t, a, b) => {
    await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists'), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret');
  },
  'GET /api/v1/hubspot_contacts': async (t, a, b) => {
    await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/hubspot_contacts'), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret');
  },
  'POST /api/v1/import_all_hubspot_contacts_to_blacklist': async (t, a, b) => {
    const { sync } = await integrationOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1('/import_all_hubspot_contacts_to_blacklist'), headers: b.headers, payload: { sync_id: sync.id, confirm: true } });
    expect(res.statusCode).toBe(422);
    const [row] = await t.db.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, sync.id));
    expect(row!.status).toBe('previewed');
  },
  'GET /api/v1/integrations/hubspot/push_preview': async (t, a, b) => {
    await integrationOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot/push_preview?auto_push=all'), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret');
  },
  'POST /api/v1/replies/:id/import_contact_to_hubspot': async (t, a, b) => {
    const { accountId } = await integrationOf(t, a);
    const { replyId } = await seedReply(t, accountId);
    const count = async () => (await t.db.db.select().from(integrationWrites).where(eq(integrationWrites.accountId, accountId))).length;
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: v1(`/replies/${replyId}/import_contact_to_hubspot`), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect(await count()).toBe(before);
  },
};
