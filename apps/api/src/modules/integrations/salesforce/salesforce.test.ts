import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IntegrationList, IntegrationSync, IntegrationWrite, PushAnswer } from '@shared/schemas/integrations';
import type { SalesforceListItem } from '@shared/schemas/integrations-salesforce';
import { activities, blacklistedEmails, integrationRecords, integrations, prospects } from '../../../db/schema';
import { DB_KINDS } from '../../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../../testing/harness';
import { startSalesforceServer, type SalesforceTestServer } from '../../../testing/vendors/salesforce';
import { seedReply } from '../integrations.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('Salesforce on %s', (kind) => {
  let t: TestApp;
  let sf: SalesforceTestServer;
  let sandbox: SalesforceTestServer;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);

  beforeAll(async () => {
    sf = await startSalesforceServer();
    // One connected app on both hosts, as Salesforce's are (a sandbox copies production's).
    sandbox = await startSalesforceServer({ sandbox: true, clientId: sf.clientId, clientSecret: sf.clientSecret });
    t = await startTestApp(kind, {
      clock: () => now,
      env: {
        SALESFORCE_CLIENT_ID: sf.clientId,
        SALESFORCE_CLIENT_SECRET: sf.clientSecret,
        SALESFORCE_LOGIN_BASE: sf.url,
        SALESFORCE_SANDBOX_LOGIN_BASE: sandbox.url,
        GUARDED_FETCH_ALLOW_HOSTS: `${new URL(sf.url).host},${new URL(sandbox.url).host}`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await sf.close();
    await sandbox.close();
  });

  const inject = (h: AuthHeaders, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url: v1(url), headers: h, ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** POST integrations → the consent page's Allow button (a real form POST) → the callback with this browser's cookie. */
  async function connect(p: Person, extra: Record<string, unknown> = {}) {
    const start = await inject(p.headers, 'POST', '/integrations', { provider: 'salesforce', ...extra });
    expect(start.statusCode, start.body).toBe(200);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const authorize = new URL(start.json<{ data: { authorize_url: string } }>().data.authorize_url);
    const page = await fetch(authorize);
    expect(await page.text()).toContain('<button name="decision" value="allow">Allow</button>');
    const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), decision: 'allow' });
    const consent = await fetch(new URL('/services/oauth2/authorize', authorize.origin), { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
    expect(callback.headers.location).toMatch(/integration=salesforce&integration_status=connected$/);
    const list = (await inject(p.headers, 'GET', '/integrations')).json<IntegrationList>();
    return { authorize, integration: list.data.find((i) => i.provider === 'salesforce')! };
  }

  async function connected(tag: string) {
    const p = await signedInUser(t, tag);
    const { integration } = await connect(p);
    return { p, integration, accountId: p.user.account_id };
  }

  const push = async (p: Person, replyId: number, body?: object) => {
    const res = await inject(p.headers, 'POST', `/replies/${replyId}/import_contact_to_salesforce`, body ?? {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PushAnswer>();
  };
  const writes = async (p: Person, integrationId: number) => (await inject(p.headers, 'GET', `/integrations/${integrationId}/writes`)).json<{ data: IntegrationWrite[] }>().data;
  const leadsWith = (email: string) => [...sf.records.Lead!.values()].filter((r) => !r.IsDeleted && String(r.Email).toLowerCase() === email.toLowerCase());

  it('connects through the consent page (production or sandbox login host) and keeps the org and its instance_url', async () => {
    const { integration } = await connected('sf-connect');
    expect(integration).toMatchObject({ status: 'connected', vendor_account_id: '00D000000000001EAA', instance_url: sf.url });
    const [row] = await t.db.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(row!.refreshToken).toMatch(/^v1\./);
    const p = await signedInUser(t, 'sf-sandbox');
    const { authorize, integration: sb } = await connect(p, { sandbox: true });
    expect(authorize.origin).toBe(sandbox.url);
    expect(sb.instance_url).toBe(sandbox.url);
    const bad = await inject(p.headers, 'POST', '/integrations', { provider: 'salesforce', sandbox: 'yes' });
    expect(bad.statusCode).toBe(422);
  });

  it("lists the org's Lead and Contact list views, and the quota meter shows the org's daily allowance from Sforce-Limit-Info", async () => {
    const { p, integration } = await connected('sf-lists');
    sf.addListView('Lead', 'My open leads', { Status: 'Open' });
    const customers = sf.addListView('Contact', 'Customers', { Department: 'Customers' });
    expect((await inject(p.headers, 'PUT', `/integrations/${integration.id}`, { settings: { suppression_list_id: customers, salesforce_object: 'Contact' } })).statusCode).toBe(200);
    const res = await inject(p.headers, 'GET', '/integrations/salesforce_lists');
    expect(res.statusCode, res.body).toBe(200);
    const lists = res.json<{ data: SalesforceListItem[] }>().data;
    expect(lists).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'My open leads', sobject_type: 'Lead', suppression: false }), { id: customers, label: 'Customers', sobject_type: 'Contact', suppression: true }]));
    const onlyLeads = (await inject(p.headers, 'GET', '/integrations/salesforce_lists?sobject=Lead')).json<{ data: SalesforceListItem[] }>().data;
    expect(onlyLeads.every((l) => l.sobject_type === 'Lead')).toBe(true);
    expect((await inject(p.headers, 'GET', '/integrations/salesforce_lists?sobject=Account')).statusCode).toBe(422);
    const usage = (await inject(p.headers, 'GET', '/integrations')).json<IntegrationList>().data.find((i) => i.id === integration.id)!.usage;
    expect(usage.allowance).toBe(15000);
    expect(usage.today).toBeGreaterThanOrEqual(2);
  });

  it('pushes a reply as a Lead once (LastName and Company derived), keeps the record id, and an email change updates that Lead', async () => {
    const { p, integration, accountId } = await connected('sf-push');
    const r = await seedReply(t, accountId, { firstName: null, lastName: null, company: null, email: `grace.hopper.${Date.now()}@navy.example` });
    await t.db.db.update(prospects).set({ fullName: 'Grace Brewster Hopper' }).where(eq(prospects.id, r.prospectId));
    const first = await push(p, r.replyId);
    expect(first).toMatchObject({ created: true, data: { provider: 'salesforce', operation: 'salesforce.upsert_person', status: 'pending', record_id: null } });
    expect(leadsWith(r.email)).toHaveLength(0); // nothing is written inside the request
    await t.app.jobs.drain();
    const [lead] = leadsWith(r.email);
    expect(lead).toMatchObject({ FirstName: 'Grace Brewster', LastName: 'Hopper', Company: 'navy.example', Title: 'CTO' });
    const again = await push(p, r.replyId);
    expect(again).toMatchObject({ created: false, data: { id: first.data.id, status: 'succeeded', record_id: lead!.Id, response_status: 201 } });
    const [mapping] = await t.db.db.select().from(integrationRecords).where(and(eq(integrationRecords.accountId, accountId), eq(integrationRecords.prospectId, r.prospectId)));
    expect(mapping).toMatchObject({ provider: 'salesforce', objectType: 'Lead', recordId: lead!.Id, vendorAccountId: '00D000000000001EAA' });
    // The prospect's address changes: the same Lead is updated (identity by record id), no second one.
    const changed = `grace.new.${Date.now()}@navy.example`;
    await t.db.db.update(prospects).set({ email: changed }).where(eq(prospects.id, r.prospectId));
    const third = await push(p, r.replyId);
    expect(third.created).toBe(true);
    await t.app.jobs.drain();
    expect(sf.records.Lead!.get(lead!.Id)!.Email).toBe(changed);
    expect(leadsWith(changed)).toHaveLength(1);
    expect((await writes(p, integration.id)).map((w) => [w.status, w.record_id])).toEqual([
      ['succeeded', lead!.Id],
      ['succeeded', lead!.Id],
    ]);
    // No email on the prospect nor the thread: a clear 422; another account's reply: 404.
    expect((await inject(p.headers, 'POST', '/replies/2000000000/import_contact_to_salesforce', {})).statusCode).toBe(404);
  });

  it('DUPLICATES_DETECTED updates the record the org matched; a merged record is followed to its survivor', async () => {
    const { p, accountId } = await connected('sf-dup');
    const r = await seedReply(t, accountId, { title: 'VP Engineering' });
    const existing = sf.seed('Lead', { FirstName: 'Ada', LastName: 'Lovelace', Company: 'Old Co', Email: r.email });
    await push(p, r.replyId);
    await t.app.jobs.drain();
    expect(leadsWith(r.email)).toHaveLength(1);
    expect(sf.records.Lead!.get(existing.Id)).toMatchObject({ Title: 'VP Engineering', Company: 'Analytical Engines' });
    const [w] = (await inject(p.headers, 'GET', '/integrations')).json<IntegrationList>().data.filter((i) => i.provider === 'salesforce');
    expect((await writes(p, w!.id))[0]).toMatchObject({ record_id: existing.Id, response_status: 204 });

    // Merged in Salesforce into another Lead: ENTITY_IS_DELETED, queryAll names the master, which gets the update.
    const survivor = sf.seed('Lead', { FirstName: 'Ada', LastName: 'King', Company: 'Analytical Engines', Email: `survivor.${r.email}` });
    sf.merge('Lead', survivor.Id, existing.Id);
    await t.db.db.update(prospects).set({ title: 'Countess' }).where(eq(prospects.id, r.prospectId));
    await push(p, r.replyId);
    await t.app.jobs.drain();
    expect(sf.records.Lead!.get(survivor.Id)!.Title).toBe('Countess');
    const [mapping] = await t.db.db.select().from(integrationRecords).where(and(eq(integrationRecords.accountId, accountId), eq(integrationRecords.prospectId, r.prospectId)));
    expect(mapping!.recordId).toBe(survivor.Id);
    expect(sf.requests.some((q) => q.path.includes('/queryAll?q=') && decodeURIComponent(q.path).includes(`MasterRecordId FROM Lead WHERE Id = '${existing.Id}'`))).toBe(true);
  });

  it('pushes as a Contact (setting or body; no Company) and logs the reply as a completed Task when log_conversation is on', async () => {
    const { p, integration, accountId } = await connected('sf-contact');
    await inject(p.headers, 'PUT', `/integrations/${integration.id}`, { settings: { salesforce_object: 'Contact', log_conversation: true } });
    const r = await seedReply(t, accountId);
    const answer = await push(p, r.replyId);
    expect(answer.data.summary).toBe(`Create or update Contact ${r.email}: LastName, Company, Email, FirstName, Title, and log the reply as a Task`);
    await t.app.jobs.drain();
    const [contact] = [...sf.records.Contact!.values()].filter((c) => c.Email === r.email);
    expect(contact).toMatchObject({ FirstName: 'Ada', LastName: 'Lovelace', Title: 'CTO' });
    expect(contact!.Company).toBeUndefined();
    const [task] = [...sf.records.Task!.values()].filter((x) => x.WhoId === contact!.Id);
    expect(task).toMatchObject({ Subject: 'Email reply: Re: Quick question', Status: 'Completed', TaskSubtype: 'Email', ActivityDate: '2031-03-03' });
    expect(String(task!.Description)).toContain('Yes, let us talk next week.');
    const ledger = await writes(p, integration.id);
    expect(ledger.map((w) => [w.operation, w.status])).toEqual(
      expect.arrayContaining([
        ['salesforce.upsert_person', 'succeeded'],
        ['salesforce.log_task', 'succeeded'],
      ]),
    );
    // The body chooses for one push; a bad object is refused.
    const lead = await push(p, r.replyId, { object: 'Lead' });
    expect(lead.data.summary).toMatch(/^Create or update Lead /);
    expect((await inject(p.headers, 'POST', `/replies/${r.replyId}/import_contact_to_salesforce`, { object: 'Account' })).statusCode).toBe(422);
  });

  it('INVALID_SESSION_ID renews the session once and retries; a refused renewal marks the integration needs reconnect, and the write is replayable', async () => {
    const { p, integration, accountId } = await connected('sf-session');
    const r = await seedReply(t, accountId);
    sf.expireSessions();
    await push(p, r.replyId);
    await t.app.jobs.drain();
    expect(leadsWith(r.email)).toHaveLength(1);
    expect(sf.requests.filter((q) => q.path === '/services/oauth2/token').length).toBeGreaterThan(0);

    const other = await seedReply(t, accountId);
    sf.expireSessions();
    sf.revokeRefreshTokens();
    const answer = await push(p, other.replyId);
    await t.app.jobs.drain();
    const [failed] = (await writes(p, integration.id)).filter((w) => w.id === answer.data.id);
    expect(failed).toMatchObject({ status: 'failed', replayable: true });
    expect(failed!.error).toMatch(/Salesforce refused to renew access/);
    const list = (await inject(p.headers, 'GET', '/integrations')).json<IntegrationList>();
    expect(list.data.find((i) => i.id === integration.id)).toMatchObject({ status: 'needs_reconnect' });
    const notified = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'integration_needs_reconnect')));
    expect(notified).toHaveLength(1);
    expect((await inject(p.headers, 'GET', '/integrations/salesforce_lists')).statusCode).toBe(422);
    // Reconnected, the failed write is replayed, and written once.
    await connect(p);
    const replay = await inject(p.headers, 'POST', `/integrations/${integration.id}/writes/${answer.data.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    await t.app.jobs.drain();
    expect(leadsWith(other.email)).toHaveLength(1);
  });

  it("imports a list view's members to the blacklist: a preview first (paged through nextRecordsUrl), then exactly that", async () => {
    const { p, integration, accountId } = await connected('sf-blacklist');
    const tag = Date.now().toString(36);
    const view = sf.addListView('Contact', `Customers ${tag}`, { Department: `Customers ${tag}` });
    const mk = (email: string | null) => sf.seed('Contact', { FirstName: 'C', LastName: 'Ustomer', Department: `Customers ${tag}`, ...(email ? { Email: email } : {}) });
    mk(`one.${tag}@customer.example`);
    mk(`two.${tag}@customer.example`);
    mk(`already.${tag}@customer.example`);
    mk(null);
    await t.db.db.insert(blacklistedEmails).values({ accountId, email: `already.${tag}@customer.example`, reason: 'manual' });
    sf.pageSize = 2;
    try {
      const start = await inject(p.headers, 'POST', `/integrations/salesforce_lists/${view}/import_to_blacklist`, { sobject: 'Contact', list_name: `Customers ${tag}` });
      expect(start.statusCode, start.body).toBe(200);
      const sync = start.json<{ data: IntegrationSync }>().data;
      expect(sync.status).toBe('previewing');
      // Nothing is written before the user confirms the preview.
      await t.app.jobs.drain();
      const previewed = (await inject(p.headers, 'GET', `/integrations/${integration.id}/syncs/${sync.id}`)).json<{ data: IntegrationSync }>().data;
      expect(previewed).toMatchObject({ status: 'previewed', preview: { read: 4, create: 2, existing: 1, skipped: 1, truncated: false } });
      expect(previewed.preview!.sample.sort()).toEqual([`one.${tag}@customer.example`, `two.${tag}@customer.example`]);
      const before = await t.db.db.select().from(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId));
      expect(before).toHaveLength(1);
      const confirm = await inject(p.headers, 'POST', `/integrations/salesforce_lists/${view}/import_to_blacklist`, { sync_id: sync.id, confirm: true });
      expect(confirm.statusCode, confirm.body).toBe(200);
      await t.app.jobs.drain();
      const after = await t.db.db.select().from(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId));
      expect(after.map((b) => [b.email, b.reason]).sort()).toEqual([
        [`already.${tag}@customer.example`, 'manual'],
        [`one.${tag}@customer.example`, 'crm'],
        [`two.${tag}@customer.example`, 'crm'],
      ]);
      expect(after.find((b) => b.email.startsWith('one.'))!.details).toBe(`Imported from Salesforce list view “Customers ${tag}”`);
      const done = (await inject(p.headers, 'GET', `/integrations/${integration.id}/syncs/${sync.id}`)).json<{ data: IntegrationSync }>().data;
      expect(done).toMatchObject({ status: 'applied', result: { added: 2, already: 0 } });
    } finally {
      sf.pageSize = 2000;
    }
    expect((await inject(p.headers, 'POST', '/integrations/salesforce_lists/not-a-view/import_to_blacklist', { sobject: 'Contact' })).statusCode).toBe(404);
  });
});
