import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PASS } from '../../../testing/databases';
import { startSalesforceServer, type SalesforceTestServer } from '../../../testing/vendors/salesforce';
import {
  exchangeSalesforceCode,
  parseLimitInfo,
  refreshSalesforceToken,
  revokeSalesforceToken,
  salesforceAuthorizeUrl,
  salesforceClient,
  sessionTransport,
  SalesforceApiError,
  SalesforceGrantError,
  SalesforceReconnectError,
  withSelect,
  type ApiUsage,
  type SalesforceSession,
} from './client';

describe.runIf(PGLITE_PASS)('the Salesforce client against a Salesforce-format server', () => {
  let sf: SalesforceTestServer;
  const now = new Date('2026-03-02T10:00:00Z');
  const redirectUri = 'http://localhost:3000/api/v1/integrations/oauth/callback';
  beforeAll(async () => {
    sf = await startSalesforceServer();
  });
  afterAll(() => sf.close());
  const cfg = () => ({ clientId: sf.clientId, clientSecret: sf.clientSecret, loginBase: sf.url });
  const fetchOptions = () => ({ allowHosts: [new URL(sf.url).host] });

  /** Connects through the consent page, and a session that renews with the refresh token (counting renewals). */
  async function connect() {
    const authorize = salesforceAuthorizeUrl(cfg(), { redirectUri, state: 'st-1' });
    const back = new URL(await sf.approve(authorize));
    expect(back.searchParams.get('state')).toBe('st-1');
    const tokens = await exchangeSalesforceCode(cfg(), back.searchParams.get('code')!, redirectUri, fetchOptions(), now);
    let current = { accessToken: tokens.accessToken, instanceUrl: tokens.instanceUrl };
    const renewals: string[] = [];
    const session: SalesforceSession = {
      current: async () => current,
      renew: async () => {
        try {
          const next = await refreshSalesforceToken(cfg(), tokens.refreshToken!, fetchOptions(), now);
          renewals.push(next.accessToken);
          current = { accessToken: next.accessToken, instanceUrl: next.instanceUrl };
          return current;
        } catch (err) {
          if (err instanceof SalesforceGrantError) throw new SalesforceReconnectError(err.message);
          throw err;
        }
      },
    };
    const usage: ApiUsage[] = [];
    return { tokens, session, renewals, usage, client: salesforceClient(sessionTransport(session, { ...fetchOptions(), onUsage: (u) => void usage.push(u) })) };
  }

  it('authorizes at the login host with the web server flow, and the token answer names the instance', async () => {
    const url = new URL(salesforceAuthorizeUrl(cfg(), { redirectUri, state: 'abc' }));
    expect(url.origin + url.pathname).toBe(`${sf.url}/services/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: sf.clientId, redirect_uri: redirectUri, scope: 'api refresh_token', state: 'abc' });
    const { tokens } = await connect();
    expect(tokens.instanceUrl).toBe(sf.url);
    expect(tokens.refreshToken).toMatch(/^5Aep/);
    expect(tokens.orgId).toBe('00D000000000001EAA');
    const wrongRedirect = await exchangeSalesforceCode(cfg(), 'nope', redirectUri, fetchOptions(), now).catch((e: unknown) => e);
    expect(wrongRedirect).toBeInstanceOf(SalesforceGrantError);
    expect((wrongRedirect as SalesforceGrantError).error).toBe('invalid_grant');
  });

  it('renews an expired session once on INVALID_SESSION_ID and retries; a refused refresh asks to reconnect', async () => {
    const { client, renewals } = await connect();
    sf.seed('Lead', { FirstName: 'Ada', LastName: 'Byron', Company: 'Analytical', Email: 'ada@example.com' });
    sf.expireSessions();
    const { records } = await client.query("SELECT Id, Email FROM Lead WHERE Email = 'ada@example.com'");
    expect(records.map((r) => r.Email)).toEqual(['ada@example.com']);
    expect(renewals).toHaveLength(1);

    sf.expireSessions();
    sf.revokeRefreshTokens();
    const refused = await client.query('SELECT Id FROM Lead').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SalesforceReconnectError);
  });

  it('follows nextRecordsUrl through every page and reads Sforce-Limit-Info', async () => {
    const { client, usage } = await connect();
    for (let i = 0; i < 5; i++) sf.seed('Contact', { FirstName: `P${i}`, LastName: 'Paged', Email: `paged${i}@example.com`, Department: 'Paging' });
    sf.pageSize = 2;
    try {
      const { records, totalSize } = await client.query("SELECT Id, Email FROM Contact WHERE Department = 'Paging'");
      expect(totalSize).toBe(5);
      expect(records.map((r) => r.Email).sort()).toEqual(['paged0@example.com', 'paged1@example.com', 'paged2@example.com', 'paged3@example.com', 'paged4@example.com']);
      const pages = sf.requests.filter((r) => r.path.includes('/query/01g'));
      expect(pages).toHaveLength(2);
      const capped = await client.query("SELECT Id FROM Contact WHERE Department = 'Paging'", { max: 3 });
      expect(capped).toMatchObject({ truncated: true });
      expect(capped.records).toHaveLength(3);
    } finally {
      sf.pageSize = 2000;
    }
    expect(usage.at(-1)).toEqual({ used: sf.apiUsage.used, max: 15000 });
    expect(parseLimitInfo('api-usage=18/5000')).toEqual({ used: 18, max: 5000 });
    expect(parseLimitInfo('per-app-api-usage=1/2')).toBeNull();
    expect(parseLimitInfo('api-usage=25/5000; per-app-api-usage=17/250(appName=sample)')).toEqual({ used: 25, max: 5000 });
  });

  it("lists Lead and Contact views and reads a view's members through its own SOQL", async () => {
    const { client } = await connect();
    const viewId = sf.addListView('Contact', 'Customers', { Department: 'Customers' });
    sf.addListView('Lead', 'Open leads');
    sf.seed('Contact', { FirstName: 'Cy', LastName: 'Customer', Email: 'cy@customer.example', Department: 'Customers' });
    sf.seed('Contact', { FirstName: 'No', LastName: 'Email', Department: 'Customers' });
    const views = await client.listViews('Contact');
    expect(views.find((v) => v.id === viewId)).toMatchObject({ label: 'Customers', sobjectType: 'Contact' });
    expect((await client.listViews('Lead')).map((v) => v.label)).toContain('Open leads');
    const members = await client.listViewMembers('Contact', viewId);
    expect(members.records.map((r) => [r.Name, r.Email])).toEqual([
      ['Cy Customer', 'cy@customer.example'],
      ['No Email', null],
    ]);
    expect(withSelect('SELECT Name, toLabel(Status) FROM Lead WHERE IsConverted = false ORDER BY Name', 'Id, Email')).toBe('SELECT Id, Email FROM Lead WHERE IsConverted = false ORDER BY Name');
  });

  it('reads the error array: REQUIRED_FIELD_MISSING, and DUPLICATES_DETECTED with the matched record ids', async () => {
    const { client } = await connect();
    const missing = await client.create('Lead', { LastName: 'Only' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SalesforceApiError);
    expect(missing).toMatchObject({ status: 400, code: 'REQUIRED_FIELD_MISSING', message: 'Salesforce: Required fields are missing: [Company] (REQUIRED_FIELD_MISSING)' });
    const first = await client.create('Lead', { LastName: 'Dup', Company: 'Dup Inc', Email: 'dup@example.com' });
    const dup = (await client.create('Lead', { LastName: 'Dup', Company: 'Dup Inc', Email: 'DUP@example.com' }).catch((e: unknown) => e)) as SalesforceApiError;
    expect(dup.has('DUPLICATES_DETECTED')).toBe(true);
    expect(dup.duplicateIds()).toEqual([first]);
    await client.update('Lead', first, { Title: 'CTO' });
    expect(sf.records.Lead!.get(first)!.Title).toBe('CTO');
  });

  it('revokes the refresh token at the login host', async () => {
    const { tokens } = await connect();
    await revokeSalesforceToken(cfg(), tokens.refreshToken!, fetchOptions());
    const refused = await refreshSalesforceToken(cfg(), tokens.refreshToken!, fetchOptions(), now).catch((e: unknown) => e);
    expect(refused).toMatchObject({ error: 'invalid_grant', description: 'expired access/refresh token' });
    // Revoking again is no error (already gone).
    await revokeSalesforceToken(cfg(), tokens.refreshToken!, fetchOptions());
  });
});
