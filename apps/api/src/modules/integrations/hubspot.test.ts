import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Integration, IntegrationList, IntegrationSync, IntegrationWrite, PushAnswer } from '@shared/schemas/integrations';
import { loadConfig } from '../../config';
import { activities, blacklistedEmails, integrationRecords, integrations, notifications } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startHubSpotServer, type HubSpotTestServer } from '../../testing/vendors/hubspot';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { existingIdOf } from './hubspot/client';
import { connectHubSpot, seedReply } from './integrations.test-helpers';
import { retryAfterAt, vendorMessageOf } from './vendor-fetch';
import { FEATURE_NOT_AVAILABLE as APP_FEATURE_NOT_AVAILABLE } from '../../app';
import { FEATURE_NOT_AVAILABLE } from './service';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.runIf(PGLITE_PASS)('integrations configuration and wire helpers', () => {
  it('reads the contract keys with their defaults; a vendor without a client id is not configured', () => {
    const cfg = loadConfig({}).integrations;
    expect(cfg.hubspot).toEqual({ clientId: null, clientSecret: null, authUrl: 'https://app.hubspot.com/oauth/authorize', apiBase: 'https://api.hubapi.com' });
    expect(cfg.salesforce.loginBase).toBe('https://login.salesforce.com');
    expect(cfg.calendly).toMatchObject({ authBase: 'https://auth.calendly.com', apiBase: 'https://api.calendly.com' });
    expect(loadConfig({ HUBSPOT_CLIENT_ID: ' id ', HUBSPOT_API_BASE: 'http://127.0.0.1:9/' }).integrations.hubspot).toMatchObject({ clientId: 'id', apiBase: 'http://127.0.0.1:9' });
    expect(() => loadConfig({ HUBSPOT_API_BASE: 'ftp://x' })).toThrow(/HUBSPOT_API_BASE/);
    expect(() => loadConfig({ CALENDLY_API_BASE: 'https://api.calendly.com/v2' })).toThrow(/origin/);
  });

  it("parses HubSpot's 409 body, vendors' error bodies and Retry-After", () => {
    expect(existingIdOf({ status: 'error', message: 'Contact already exists. Existing ID: 123', category: 'CONFLICT' })).toBe('123');
    expect(existingIdOf({ status: 'error', message: 'Property values were not valid' })).toBeNull();
    expect(vendorMessageOf([{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }], 401)).toBe('INVALID_SESSION_ID: Session expired or invalid');
    expect(vendorMessageOf(null, 503)).toBe('HTTP 503');
    const now = new Date('2031-01-01T00:00:00Z');
    expect(retryAfterAt('30', now).toISOString()).toBe('2031-01-01T00:00:30.000Z');
    expect(retryAfterAt('Wed, 01 Jan 2031 00:02:00 GMT', now).toISOString()).toBe('2031-01-01T00:02:00.000Z');
    expect(retryAfterAt(null, now).getTime() - now.getTime()).toBe(10_000);
    expect(FEATURE_NOT_AVAILABLE).toBe(APP_FEATURE_NOT_AVAILABLE);
  });
});

describe.each(DB_KINDS)('HubSpot integration (%s)', (kind) => {
  let t: TestApp;
  let hs: HubSpotTestServer;
  let now = new Date('2031-03-03T12:00:00Z');
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    hs = await startHubSpotServer();
    t = await startTestApp(kind, {
      env: {
        HUBSPOT_CLIENT_ID: hs.clientId,
        HUBSPOT_CLIENT_SECRET: hs.clientSecret,
        HUBSPOT_AUTH_URL: `${hs.url}/oauth/authorize`,
        HUBSPOT_API_BASE: hs.url,
        GUARDED_FETCH_ALLOW_HOSTS: '127.0.0.1',
      },
      clock: () => now,
    });
  });
  afterAll(async () => {
    await t.close();
    await hs.close();
  });

  const list = async (p: Person, host?: string) => {
    const res = await t.app.inject({ method: 'GET', url: v1('/integrations'), headers: { ...p.headers, ...(host ? { host } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IntegrationList>();
  };
  const hubspotOf = async (p: Person) => (await list(p)).data.find((i) => i.provider === 'hubspot')!;
  const writes = async (p: Person, id: number) => (await t.app.inject({ method: 'GET', url: v1(`/integrations/${id}/writes`), headers: p.headers })).json<{ data: IntegrationWrite[] }>().data;
  const push = async (p: Person, replyId: number) => {
    const res = await t.app.inject({ method: 'POST', url: v1(`/replies/${replyId}/import_contact_to_hubspot`), headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PushAnswer>();
  };

  it('connects through the consent page: tokens sealed, the portal known, the page reached', async () => {
    const a = await signedInUser(t, 'hs-connect');
    const before = await list(a);
    expect(before.data).toEqual([]);
    expect(before.meta.providers.find((p) => p.provider === 'hubspot')).toEqual({ provider: 'hubspot', label: 'HubSpot', configured: true, connect: ['oauth'] });
    // Not registered on this server (yet): listed, but not configured.
    expect(before.meta.providers.find((p) => p.provider === 'salesforce')).toMatchObject({ configured: false });

    const start = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: a.headers, payload: { provider: 'hubspot' } });
    const url = new URL(start.json().data.authorize_url);
    expect(url.origin + url.pathname).toBe(`${hs.url}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(hs.clientId);
    expect(url.searchParams.get('scope')).toBe('oauth crm.objects.contacts.read crm.objects.contacts.write crm.lists.read');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicOrigins[0]}/api/v1/integrations/oauth/callback`);

    const { location } = await connectHubSpot(t, a.headers, hs);
    expect(location).toBe(`${t.config.publicOrigins[0]}/cabinet/integrations?integration=hubspot&integration_status=connected`);
    const hub = await hubspotOf(a);
    expect(hub).toMatchObject({ status: 'connected', status_message: null, vendor_account_id: String(hs.hubId), vendor_account_name: hs.hubDomain, usage: { today: 0, cap: null } });
    const [row] = await t.db.db.select().from(integrations).where(eq(integrations.id, hub.id));
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/hs-(at|rt)-/);
    expect(row!.tokenExpiresAt!.getTime()).toBe(now.getTime() + 1800_000);
  });

  it('refuses a callback without the browser’s nonce, an altered state or an expired one', async () => {
    const a = await signedInUser(t, 'hs-state');
    const start = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: a.headers, payload: { provider: 'hubspot' } });
    const state = new URL(start.json().data.authorize_url).searchParams.get('state')!;
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const noCookie = await t.app.inject({ method: 'GET', url: v1(`/integrations/oauth/callback?code=x&state=${state}`) });
    expect(noCookie.headers.location).toMatch(/integration_error=state_mismatch$/);
    const altered = await t.app.inject({ method: 'GET', url: v1(`/integrations/oauth/callback?code=x&state=${state.slice(0, -2)}xx`), headers: { cookie } });
    expect(altered.statusCode).toBe(400);
    const denied = await t.app.inject({ method: 'GET', url: v1(`/integrations/oauth/callback?error=access_denied&state=${state}`), headers: { cookie } });
    expect(denied.headers.location).toMatch(/integration_error=access_denied$/);
    advance(11 * 60_000);
    const late = await t.app.inject({ method: 'GET', url: v1(`/integrations/oauth/callback?code=x&state=${state}`), headers: { cookie } });
    expect(late.headers.location).toMatch(/integration_error=expired$/);
    const badCode = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: a.headers, payload: { provider: 'hubspot' } });
    const fresh = new URL(badCode.json().data.authorize_url).searchParams.get('state')!;
    const exchange = await t.app.inject({ method: 'GET', url: v1(`/integrations/oauth/callback?code=forged&state=${fresh}`), headers: { cookie: String(badCode.headers['set-cookie']).split(';')[0]! } });
    expect(exchange.headers.location).toMatch(/integration_error=exchange_failed$/);
    expect((await list(a)).data).toEqual([]);
  });

  it('validates the connect body and honours the brand flags', async () => {
    const a = await signedInUser(t, 'hs-body');
    const bad = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: a.headers, payload: { provider: 'pipedrive' } });
    expect(bad.statusCode).toBe(422);
    const extra = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: a.headers, payload: { provider: 'hubspot', token: 'x' } });
    expect(extra.statusCode).toBe(422);
    // Brand 3 has integrations but not HubSpot; brand 2 has no integrations at all.
    const b3 = await signedInUser(t, 'hs-brand3', undefined, 'brand3.localhost');
    const off = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: { ...b3.headers, host: 'brand3.localhost' }, payload: { provider: 'hubspot' } });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ errors: [FEATURE_NOT_AVAILABLE] });
    expect((await list(b3, 'brand3.localhost')).meta.providers.map((p) => p.provider)).toEqual(['salesforce']);
    const lists = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists'), headers: { ...b3.headers, host: 'brand3.localhost' } });
    expect(lists.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: v1('/integrations'), headers: { host: 'brand2.localhost' } });
    expect(none.statusCode).toBe(404);
  });

  it('pushes a replying prospect once: a durable job creates the contact, the ledger records it, a repeat writes nothing', async () => {
    const a = await signedInUser(t, 'hs-push');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    const { replyId, prospectId, email } = await seedReply(t, accountId);
    const before = hs.crmRequests().length;
    const first = await push(a, replyId);
    expect(first).toMatchObject({ created: true, data: { status: 'pending', attempts: 0, prospect_id: prospectId, operation: 'hubspot.upsert_contact' } });
    // Nothing was written inside the request.
    expect(hs.crmRequests().length).toBe(before);
    await t.app.jobs.drain();
    const contact = [...hs.contacts.values()].find((c) => c.properties.email === email)!;
    expect(contact.properties).toEqual({ email, firstname: 'Ada', lastname: 'Lovelace', company: 'Analytical Engines', jobtitle: 'CTO' });
    const [w] = await writes(a, hub.id);
    expect(w).toMatchObject({ id: first.data.id, status: 'succeeded', record_id: contact.id, response_status: 201, attempts: 1, error: null, replayable: false });
    expect(w!.summary).toContain(email);
    const [rec] = await t.db.db.select().from(integrationRecords).where(and(eq(integrationRecords.accountId, accountId), eq(integrationRecords.prospectId, prospectId)));
    expect(rec).toMatchObject({ recordId: contact.id, vendorAccountId: String(hs.hubId), objectType: 'contact' });

    const again = await push(a, replyId);
    expect(again).toMatchObject({ created: false, data: { id: first.data.id, status: 'succeeded' } });
    const posts = hs.crmRequests().filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/contacts').length;
    await t.app.jobs.drain();
    expect(hs.crmRequests().filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/contacts').length).toBe(posts);
    expect((await writes(a, hub.id)).length).toBe(1);
    expect((await hubspotOf(a)).usage.today).toBe(1);
    expect((await hubspotOf(a)).last_sync_at).toBe(now.toISOString());
  });

  it('turns HubSpot’s 409 duplicate into a PATCH of the existing id (never a search), then writes to that id; follows a merge', async () => {
    const a = await signedInUser(t, 'hs-409');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    const { replyId, prospectId, email } = await seedReply(t, accountId, { company: 'Old Co' });
    const existing = hs.addContact({ email, firstname: 'A.', lifecyclestage: 'customer' });
    const from = hs.requests.length;
    await push(a, replyId);
    await t.app.jobs.drain();
    const seen = hs.requests.slice(from).map((r) => `${r.method} ${r.path}`);
    expect(seen).toEqual(['POST /crm/v3/objects/contacts', `PATCH /crm/v3/objects/contacts/${existing.id}`]);
    expect(seen.some((s) => s.includes('search'))).toBe(false);
    expect(existing.properties).toMatchObject({ email, firstname: 'Ada', company: 'Old Co', lifecyclestage: 'customer' });
    expect((await writes(a, hub.id))[0]).toMatchObject({ status: 'succeeded', record_id: existing.id, response_status: 200 });

    // The prospect's address changes: the same HubSpot record is updated (identity by HubSpot's id), no second contact.
    const { prospects } = await import('../../db/schema');
    await t.db.db.update(prospects).set({ email: `new-${email}`, company: 'New Co' }).where(eq(prospects.id, prospectId));
    const { emailThreads, emailThreadMessages } = await import('../../db/schema');
    const [msg] = await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.id, replyId));
    await t.db.db.update(emailThreads).set({ prospectEmail: `new-${email}` }).where(eq(emailThreads.id, msg!.threadId));
    const mark = hs.requests.length;
    const moved = await push(a, replyId);
    expect(moved.created).toBe(true);
    await t.app.jobs.drain();
    expect(hs.requests.slice(mark).map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /crm/v3/objects/contacts/${existing.id}`]);
    expect(existing.properties).toMatchObject({ email: `new-${email}`, company: 'New Co' });

    // Merged in HubSpot into another contact: the PATCH answers the survivor, and the mapping follows it.
    const survivor = hs.addContact({ email: `kept-${email}` });
    hs.merge(existing.id, survivor.id);
    await t.db.db.update(prospects).set({ title: 'CEO' }).where(eq(prospects.id, prospectId));
    await push(a, replyId);
    await t.app.jobs.drain();
    const [rec] = await t.db.db.select().from(integrationRecords).where(and(eq(integrationRecords.accountId, accountId), eq(integrationRecords.prospectId, prospectId)));
    expect(rec!.recordId).toBe(survivor.id);
    expect((await writes(a, hub.id))[0]).toMatchObject({ status: 'succeeded', record_id: survivor.id });
  });

  it('logs the conversation as a note on the contact when turned on, once per reply', async () => {
    const a = await signedInUser(t, 'hs-note');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    const put = await t.app.inject({ method: 'PUT', url: v1(`/integrations/${hub.id}`), headers: a.headers, payload: { settings: { log_conversation: true, daily_cap: 500 } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.settings).toEqual({ log_conversation: true, daily_cap: 500 });
    const { replyId, email } = await seedReply(t, accountId);
    await push(a, replyId);
    await t.app.jobs.drain();
    const contact = [...hs.contacts.values()].find((c) => c.properties.email === email)!;
    const notes = hs.notes.filter((n) => JSON.stringify(n.associations).includes(`"${contact.id}"`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.properties.hs_note_body).toContain('Yes, let us talk next week.');
    expect(notes[0]!.associations).toEqual([{ to: { id: contact.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }]);
    const ledger = await writes(a, hub.id);
    expect(ledger.map((w) => [w.operation, w.status])).toEqual([
      ['hubspot.log_note', 'succeeded'],
      ['hubspot.upsert_contact', 'succeeded'],
    ]);
    const invalid = await t.app.inject({ method: 'PUT', url: v1(`/integrations/${hub.id}`), headers: a.headers, payload: { settings: { daily_cap: 0 } } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('Daily cap must be at least 1');
  });

  it('honours 429 + Retry-After: the write waits for the injected clock, then succeeds; pacing and the user’s cap answer 429 on reads', async () => {
    const a = await signedInUser(t, 'hs-429');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    const { replyId } = await seedReply(t, accountId);
    hs.rateLimit = { next: 1, retryAfter: 30 };
    await push(a, replyId);
    await t.app.jobs.drain();
    const [waiting] = await writes(a, hub.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(now.getTime() + 30_000).toISOString() });
    expect(waiting!.error).toMatch(/429/);
    expect((await hubspotOf(a)).usage.paused_until).toBe(new Date(now.getTime() + 30_000).toISOString());
    advance(31_000);
    await t.app.jobs.drain({ skipDelays: true });
    expect((await writes(a, hub.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2, next_attempt_at: null, error: null });

    // HubSpot's search allows 4 per second: the fifth in the same second is paced (429 with Retry-After), not sent.
    hs.lists = [{ listId: '7', name: 'Customers', processingType: 'MANUAL', memberIds: [] }];
    const sent = hs.crmRequests().length;
    for (let i = 0; i < 4; i++) expect((await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists'), headers: a.headers })).statusCode).toBe(200);
    const paced = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists'), headers: a.headers });
    expect(paced.statusCode).toBe(429);
    expect(paced.headers['retry-after']).toBe('1');
    expect(hs.crmRequests().length).toBe(sent + 4);

    // The user's daily cap: reached, reads wait for tomorrow.
    await t.app.inject({ method: 'PUT', url: v1(`/integrations/${hub.id}`), headers: a.headers, payload: { settings: { daily_cap: 7 } } });
    advance(1000);
    expect((await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists'), headers: a.headers })).statusCode).toBe(200);
    const capped = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists'), headers: a.headers });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().errors[0]).toMatch(/cap is used up/);
    expect((await hubspotOf(a)).usage).toMatchObject({ today: 7, cap: 7 });
    await t.app.inject({ method: 'PUT', url: v1(`/integrations/${hub.id}`), headers: a.headers, payload: { settings: { daily_cap: null } } });
    expect((await hubspotOf(a)).settings.daily_cap).toBeUndefined();
  });

  it('refreshes before expiry; a refused refresh marks “needs reconnect”, notifies, fails the write; replay after reconnecting writes it', async () => {
    const a = await signedInUser(t, 'hs-refresh');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    advance(29 * 60_000); // within the 2-minute margin of the 30-minute token
    const first = await seedReply(t, accountId);
    const mark = hs.requests.length;
    await push(a, first.replyId);
    await t.app.jobs.drain();
    const seen = hs.requests.slice(mark);
    expect(seen[0]!.path).toBe('/oauth/v1/token');
    expect(new URLSearchParams(seen[0]!.body).get('grant_type')).toBe('refresh_token');
    expect(seen[1]!.path).toBe('/crm/v3/objects/contacts');
    expect((await writes(a, hub.id))[0]!.status).toBe('succeeded');

    hs.refuseRefresh = true;
    advance(60 * 60_000);
    const second = await seedReply(t, accountId);
    const pushed = await push(a, second.replyId);
    await t.app.jobs.drain();
    const [failed] = await writes(a, hub.id);
    expect(failed).toMatchObject({ id: pushed.data.id, status: 'failed', replayable: true });
    expect(failed!.error).toMatch(/BAD_REFRESH_TOKEN.*reconnect HubSpot/);
    expect(await hubspotOf(a)).toMatchObject({ status: 'needs_reconnect', status_message: expect.stringMatching(/HubSpot refused to renew access/) });
    const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'integration_needs_reconnect')));
    expect(logged).toHaveLength(1);
    const inApp = await t.db.db.select().from(notifications).where(eq(notifications.accountId, accountId));
    expect(inApp.map((n) => n.title)).toContain('HubSpot needs to be reconnected');
    // A push now says so at once instead of queueing behind a dead token.
    const refused = await t.app.inject({ method: 'POST', url: v1(`/replies/${second.replyId}/import_contact_to_hubspot`), headers: a.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatch(/reconnected/);

    hs.refuseRefresh = false;
    await connectHubSpot(t, a.headers, hs);
    expect((await hubspotOf(a)).status).toBe('connected');
    const replay = await t.app.inject({ method: 'POST', url: v1(`/integrations/${hub.id}/writes/${pushed.data.id}/replay`), headers: a.headers });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.status).toBe('pending');
    await t.app.jobs.drain();
    expect((await writes(a, hub.id))[0]).toMatchObject({ id: pushed.data.id, status: 'succeeded' });
    const twice = await t.app.inject({ method: 'POST', url: v1(`/integrations/${hub.id}/writes/${pushed.data.id}/replay`), headers: a.headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ errors: ['This write succeeded: it is never written twice'] });
  });

  it('reads lists (offset paging) and contacts (cursor paging), and imports a list’s members to the blacklist after a preview', async () => {
    const a = await signedInUser(t, 'hs-import');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    const tag = Date.now().toString(36);
    const members = Array.from({ length: 130 }, (_, i) => hs.addContact({ email: `Customer${i}-${tag}@Client.example`, firstname: `C${i}` }).id);
    members.push(hs.addContact({ firstname: 'No address' }).id);
    hs.lists = [
      { listId: '11', name: 'Customers', processingType: 'MANUAL', memberIds: members },
      { listId: '12', name: 'Open deals', processingType: 'DYNAMIC', memberIds: [] },
      { listId: '13', name: 'Newsletter', processingType: 'DYNAMIC', memberIds: [] },
    ];
    advance(2000);
    const page1 = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists?count=2'), headers: a.headers });
    expect(page1.json()).toEqual({
      data: [
        { id: '11', name: 'Customers', size: 131, processing_type: 'MANUAL' },
        { id: '12', name: 'Open deals', size: 0, processing_type: 'DYNAMIC' },
      ],
      meta: { offset: 2, has_more: true, total: 3 },
    });
    const page2 = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot_lists?count=2&offset=2'), headers: a.headers });
    expect(page2.json().data.map((l: { id: string }) => l.id)).toEqual(['13']);
    expect(page2.json().meta.has_more).toBe(false);

    const c1 = await t.app.inject({ method: 'GET', url: v1('/hubspot_contacts?list_id=11&limit=100'), headers: a.headers });
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c1.json().data).toHaveLength(100);
    expect(c1.json().meta.next_after).toBe('100');
    const c2 = await t.app.inject({ method: 'GET', url: v1(`/hubspot_contacts?list_id=11&limit=100&after=${c1.json().meta.next_after}`), headers: a.headers });
    expect(c2.json().data).toHaveLength(31);
    expect(c2.json().meta.next_after).toBeNull();
    const all = await t.app.inject({ method: 'GET', url: v1('/hubspot_contacts?limit=5'), headers: a.headers });
    expect(all.json().data).toHaveLength(5);
    expect(all.json().meta.next_after).toBe(all.json().data[4].id);

    // One already on the blacklist by hand.
    await t.db.db.insert(blacklistedEmails).values({ accountId, email: `customer0-${tag}@client.example`, reason: 'manual' });
    const start = await t.app.inject({ method: 'POST', url: v1('/import_all_hubspot_contacts_to_blacklist'), headers: a.headers, payload: { list_id: '11', list_name: 'Customers' } });
    expect(start.statusCode, start.body).toBe(200);
    const sync = start.json<{ data: IntegrationSync }>().data;
    expect(sync.status).toBe('previewing');
    // Not ready: confirming now is refused.
    expect((await t.app.inject({ method: 'POST', url: v1('/import_all_hubspot_contacts_to_blacklist'), headers: a.headers, payload: { sync_id: sync.id, confirm: true } })).statusCode).toBe(409);
    await t.app.jobs.drain();
    const previewed = (await t.app.inject({ method: 'GET', url: v1(`/integrations/${hub.id}/syncs/${sync.id}`), headers: a.headers })).json<{ data: IntegrationSync }>().data;
    expect(previewed.status).toBe('previewed');
    expect(previewed.preview).toMatchObject({ read: 131, create: 129, existing: 1, skipped: 1, truncated: false });
    expect(previewed.preview!.sample).toHaveLength(10);
    expect(previewed.preview!.sample[0]).toBe(`customer1-${tag}@client.example`);
    // Nothing was added before the confirmation.
    const listed = async () => (await t.db.db.select().from(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId))).length;
    expect(await listed()).toBe(1);

    const confirm = await t.app.inject({ method: 'POST', url: v1('/import_all_hubspot_contacts_to_blacklist'), headers: a.headers, payload: { sync_id: sync.id, confirm: true } });
    expect(confirm.json().data.status).toBe('applying');
    await t.app.jobs.drain();
    const applied = (await t.app.inject({ method: 'GET', url: v1(`/integrations/${hub.id}/syncs/${sync.id}`), headers: a.headers })).json<{ data: IntegrationSync }>().data;
    expect(applied).toMatchObject({ status: 'applied', result: { added: 129, already: 0 } });
    expect(await listed()).toBe(130);
    const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, `customer5-${tag}@client.example`)));
    expect(entry).toMatchObject({ reason: 'crm', details: 'Imported from HubSpot list “Customers”' });
    const page = await t.app.inject({ method: 'GET', url: v1('/blacklisted_emails?per_page=5'), headers: a.headers });
    expect(page.statusCode, page.body).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: v1('/import_all_hubspot_contacts_to_blacklist'), headers: a.headers, payload: { list_id: 'x; drop' } });
    expect(bad.statusCode).toBe(422);
  });

  it('pushes automatically on a positive reply when auto_push is on (a durable reaction, through the same ledger), never with it off', async () => {
    const a = await signedInUser(t, 'hs-auto');
    const accountId = await accountIdOf(t, a);
    await connectHubSpot(t, a.headers, hs);
    const hub = await hubspotOf(a);
    const { recordActivity } = await import('../activities/service');
    const replied = async (verb: 'reply_received' | 'reply_interested', r: Awaited<ReturnType<typeof seedReply>>) =>
      recordActivity(t.db.db, { accountId, actorType: 'system', verb, channel: 'email', prospectId: r.prospectId, payload: { thread_id: r.threadId, message_id: r.messageId }, occurredAt: advance(1000) });
    const off = await seedReply(t, accountId);
    await replied('reply_interested', off);
    await t.app.jobs.drain();
    expect(await writes(a, hub.id)).toEqual([]);

    await t.app.inject({ method: 'PUT', url: v1(`/integrations/${hub.id}`), headers: a.headers, payload: { settings: { auto_push: 'positive' } } });
    const plain = await seedReply(t, accountId);
    await replied('reply_received', plain);
    const positive = await seedReply(t, accountId);
    await replied('reply_received', positive);
    await replied('reply_interested', positive);
    await t.app.jobs.drain();
    const ledger = await writes(a, hub.id);
    expect(ledger.map((w) => [w.prospect_id, w.status])).toEqual([[positive.prospectId, 'succeeded']]);
    expect([...hs.contacts.values()].some((c) => c.properties.email === positive.email)).toBe(true);
    expect([...hs.contacts.values()].some((c) => c.properties.email === plain.email)).toBe(false);
    // The same reply pushed by hand afterwards is the same write.
    expect((await push(a, positive.replyId)).created).toBe(false);

    // The preview before turning "every reply" on: the plain reply (and the one left alone while off) would be created,
    // the positive one is written already; nothing is written by asking.
    const mark = hs.crmRequests().length;
    const preview = await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot/push_preview?auto_push=all'), headers: a.headers });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ window_days: 30, replies: 2, create: 1, update: 0, skipped: 1 });
    expect(preview.json().data.sample).toEqual([
      { email: positive.email, action: 'skip' },
      { email: plain.email, action: 'create' },
    ]);
    expect(hs.crmRequests().length).toBe(mark);
    expect((await t.app.inject({ method: 'GET', url: v1('/integrations/hubspot/push_preview?auto_push=sometimes'), headers: a.headers })).statusCode).toBe(422);
  });

  it('answers 422 before connecting, 404 for another account’s reply; disconnect revokes at HubSpot and deletes', async () => {
    const a = await signedInUser(t, 'hs-disc');
    const b = await signedInUser(t, 'hs-disc-b');
    const accountA = await accountIdOf(t, a);
    const { replyId } = await seedReply(t, accountA);
    const early = await t.app.inject({ method: 'POST', url: v1(`/replies/${replyId}/import_contact_to_hubspot`), headers: a.headers });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ errors: ['Connect HubSpot first, on the Integrations page.'] });
    await connectHubSpot(t, a.headers, hs);
    await connectHubSpot(t, b.headers, hs);
    const notB = await t.app.inject({ method: 'POST', url: v1(`/replies/${replyId}/import_contact_to_hubspot`), headers: b.headers });
    expect(notB.statusCode).toBe(404);
    const hub = await hubspotOf(a);
    const [row] = await t.db.db.select().from(integrations).where(eq(integrations.id, hub.id));
    const revokedBefore = [...hs.refreshTokens.values()].filter((r) => r.revoked).length;
    const otherAccount = await t.app.inject({ method: 'DELETE', url: v1(`/integrations/${hub.id}`), headers: b.headers });
    expect(otherAccount.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/integrations/${hub.id}`), headers: a.headers });
    expect(res.json()).toEqual({ data: { id: hub.id, revoked: true } });
    expect([...hs.refreshTokens.values()].filter((r) => r.revoked).length).toBe(revokedBefore + 1);
    expect(row).toBeDefined();
    expect((await list(a)).data).toEqual([]);
    expect((await list(b)).data.map((i: Integration) => i.provider)).toEqual(['hubspot']);
  });
});
