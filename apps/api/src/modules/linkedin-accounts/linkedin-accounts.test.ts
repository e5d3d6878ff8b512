import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkedInAccount } from '@shared/schemas/linkedin';
import { users as usersTable } from '../../db/schema';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import * as users from '../auth/repository';
import { connect as connectAccount } from './service';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';

describe.each(DB_KINDS)('LinkedIn accounts and account status on %s', (kind) => {
  let t: TestApp;
  let limited: TestApp;
  let headers: AuthHeaders;
  beforeAll(async () => {
    t = await startTestApp(kind);
    limited = await startTestApp(kind, { env: { RATE_LIMIT_PUBLIC_MAX: '3' } });
    headers = (await signedInUser(t, 'linkedin')).headers;
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
  });

  const connect = (payload: unknown, h: AuthHeaders = headers) =>
    t.app.inject({ method: 'POST', url: v1('/linkedin_accounts'), headers: h, payload: payload as object });
  const status = (profileUrl: unknown, app: TestApp = t, extra: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url: v1('/linkedin_accounts/account-status'), headers: extra, payload: { profile_url: profileUrl } });
  const list = async (h: AuthHeaders = headers) =>
    (await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts'), headers: h })).json<{ data: LinkedInAccount[] }>().data;

  it('connects a profile by its canonical URL, idempotently for the same user', async () => {
    const res = await connect({
      profile_url: 'https://www.linkedin.com/in/Alex-Morgan-NW/?originalSubdomain=uk',
      full_name: 'Alex Morgan',
      headline: 'Founder at Northwind',
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json<{ data: LinkedInAccount }>().data;
    expect(account).toMatchObject({
      profile_url: 'https://www.linkedin.com/in/alex-morgan-nw/',
      full_name: 'Alex Morgan',
      headline: 'Founder at Northwind',
      photo_url: null,
      status: 'connected',
    });
    expect(new Date(account.created_at).toString()).not.toBe('Invalid Date');

    const again = await connect({ profile_url: 'https://linkedin.com/in/alex-morgan-nw', photo_url: 'https://media.licdn.com/p.jpg' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: account.id, full_name: 'Alex Morgan', photo_url: 'https://media.licdn.com/p.jpg' });
    const bare = await connect({ profile_url: 'https://www.linkedin.com/in/alex-morgan-nw/' });
    expect(bare.json().data).toMatchObject({ id: account.id, full_name: 'Alex Morgan' });
    expect((await list()).filter((x) => x.profile_url === account.profile_url)).toHaveLength(1);

    const found = await t.app.inject({
      method: 'GET',
      url: v1(`/linkedin_accounts/search_by_profile_url?profile_url=${encodeURIComponent('https://linkedin.com/in/ALEX-MORGAN-NW/recent-activity/')}`),
      headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ data: { ...account, photo_url: 'https://media.licdn.com/p.jpg' } });
  });

  it('refuses a profile another account connected, and another user of the same account', async () => {
    const other = await signedInUser(t, 'linkedin-other');
    expect((await connect({ profile_url: 'https://www.linkedin.com/in/taken-profile/' }, other.headers)).statusCode).toBe(200);
    const res = await connect({ profile_url: 'https://www.linkedin.com/in/Taken-Profile?trk=1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['This LinkedIn profile is already connected to another account'] });

    // A teammate in the same account (a member, as an accepted invitation makes one; the row is made by hand here).
    const owner = (await users.findUserByEmail(t.db.db, 0, other.email))!;
    const [teammate] = await t.db.db
      .insert(usersTable)
      .values({ accountId: owner.account.id, email: `mate-${Date.now()}@example.com`, uid: `mate-${Date.now()}@example.com`, role: 'member' })
      .returning();
    const auth = { user: teammate!, account: owner.account, client: 'c', accessToken: 't', expiresAt: new Date() };
    const deps = { db: t.db.db } as Deps;
    await expect(connectAccount(deps, auth, { profile_url: 'https://www.linkedin.com/in/taken-profile/' })).rejects.toMatchObject({
      statusCode: 422,
      messages: ['This LinkedIn profile is already connected by another user of your account'],
    });
    await expect(connectAccount(deps, auth, { profile_url: 'https://www.linkedin.com/in/teammate-own/' })).resolves.toMatchObject({ status: 'connected' });
  });

  it('says connected after connecting and not_connected after deleting; nothing else, without auth', async () => {
    const url = 'https://www.linkedin.com/in/status-check-person/';
    const before = await status(url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'not_connected' });

    const { id } = (await connect({ profile_url: url, full_name: 'Secret Name', headline: 'Secret headline' })).json<{ data: LinkedInAccount }>().data;
    const connected = await status('https://linkedin.com/in/Status-Check-Person/details/skills/');
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toEqual({ status: 'connected' });
    expect(connected.body).toBe('{"status":"connected"}');
    expect(connected.headers['access-token']).toBeUndefined();

    // Auth headers change nothing: the answer is the same shape for anyone.
    const withAuth = await status(url, t, headers);
    expect(withAuth.body).toBe('{"status":"connected"}');

    const del = await t.app.inject({ method: 'DELETE', url: v1(`/linkedin_accounts/${id}`), headers });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await status(url)).json()).toEqual({ status: 'not_connected' });
    expect((await list()).map((x) => x.id)).not.toContain(id);
    const twice = await t.app.inject({ method: 'DELETE', url: v1(`/linkedin_accounts/${id}`), headers });
    expect(twice.statusCode).toBe(404);
  });

  it('answers malformed input with 422 and a message, revealing nothing', async () => {
    for (const bad of ['https://example.com/in/someone', 'not a url', 'https://www.linkedin.com/company/acme/', '', 42]) {
      const res = await status(bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
      expect(res.body).not.toContain('status');
    }
    const noBody = await t.app.inject({ method: 'POST', url: v1('/linkedin_accounts/account-status') });
    expect(noBody.statusCode).toBe(422);
    const extra = await t.app.inject({
      method: 'POST',
      url: v1('/linkedin_accounts/account-status'),
      payload: { profile_url: 'https://www.linkedin.com/in/x/', user_id: 1 },
    });
    expect(extra.statusCode).toBe(422);

    const badConnect = await connect({ profile_url: 'https://www.linkedin.com/feed/' });
    expect(badConnect.statusCode).toBe(422);
    expect(badConnect.json().errors[0]).toMatch(/Profile URL must be a LinkedIn profile address/);
    expect((await connect({ profile_url: 'https://www.linkedin.com/in/ok/', full_name: 'x'.repeat(301) })).statusCode).toBe(422);
    expect((await connect({})).statusCode).toBe(422);
    const search = await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts/search_by_profile_url?profile_url=nope'), headers });
    expect(search.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: v1('/linkedin_accounts/abc'), headers })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: v1('/linkedin_accounts/0'), headers })).statusCode).toBe(422);
  });

  it('is not captured by the :id routes', async () => {
    const get = await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts/search_by_profile_url?profile_url=https://www.linkedin.com/in/none-such/'), headers });
    expect(get.json()).toEqual({ data: null });
    // No GET /linkedin_accounts/:id exists; DELETE on the static path is not a delete by id.
    const del = await t.app.inject({ method: 'DELETE', url: v1('/linkedin_accounts/account-status'), headers });
    expect(del.statusCode).toBe(422);
  });

  it('rate-limits account-status per IP, malformed requests included, with 429', async () => {
    const url = 'https://www.linkedin.com/in/rate-limited/';
    expect((await status(url, limited)).statusCode).toBe(200);
    expect((await status('junk', limited)).statusCode).toBe(422);
    expect((await status(url, limited)).statusCode).toBe(200);
    const over = await status(url, limited);
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0]).toMatch(/Too many attempts/);
    expect(over.body).not.toContain('connected');
    // Signed-in routes are not limited by it.
    const signedIn = await signedInUser(limited, 'limited');
    const ok = await limited.app.inject({ method: 'GET', url: v1('/linkedin_accounts'), headers: signedIn.headers });
    expect(ok.statusCode).toBe(200);
  });
});
