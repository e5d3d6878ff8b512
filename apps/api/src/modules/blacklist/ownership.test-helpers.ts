import { expect } from 'vitest';
import type { BlacklistedDomain, BlacklistedEmail } from '@shared/schemas/blacklist';
import { v1, type AuthHeaders, type signedInUser, type TestApp } from '../../testing/harness';

/**
 * Ownership probes for the blacklist routes (spread into routes.test.ts): user B can neither read nor
 * change user A's blacklist. Also the fixtures the module's own tests use.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

export async function addEmails(t: TestApp, headers: AuthHeaders, emails: string[]) {
  const res = await t.app.inject({ method: 'POST', url: v1('/create_blacklisted_emails'), headers, payload: { emails } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { added: BlacklistedEmail[]; duplicates: number; errors: Array<{ value: string; error: string }> } }>().data;
}

export async function addDomains(t: TestApp, headers: AuthHeaders, domains: string[]) {
  const res = await t.app.inject({ method: 'POST', url: v1('/domains/create_blacklisted_domains'), headers, payload: { domains } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { added: BlacklistedDomain[]; duplicates: number; errors: Array<{ value: string; error: string }> } }>().data;
}

export async function emailsOf(t: TestApp, headers: AuthHeaders, query = 'per_page=100') {
  const res = await t.app.inject({ method: 'GET', url: v1(`/blacklisted_emails?${query}`), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BlacklistedEmail[]; meta: { page: number; per_page: number; total: number } }>();
}

export async function domainsOf(t: TestApp, headers: AuthHeaders, query = 'per_page=100') {
  const res = await t.app.inject({ method: 'GET', url: v1(`/domains/blacklisted_domains?${query}`), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BlacklistedDomain[]; meta: { page: number; per_page: number; total: number } }>();
}

const secretEmail = () => `a-secret-${++seq}-${Date.now()}@a-only.example.com`;
const secretDomain = () => `a-secret-${++seq}-${Date.now()}.example.org`;

export const blacklistOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/blacklisted_emails': async (t, a, b) => {
    const email = secretEmail();
    await addEmails(t, a.headers, [email]);
    const res = await t.app.inject({ method: 'GET', url: v1(`/blacklisted_emails?search=${encodeURIComponent(email)}`), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(0);
    expect(res.body).not.toContain(email);
  },
  'POST /api/v1/create_blacklisted_emails': async (t, a, b) => {
    const email = secretEmail();
    const [mine] = (await addEmails(t, a.headers, [email])).added;
    // B adding the same address gets an entry of B's own; A's stays as it was.
    const theirs = await addEmails(t, b.headers, [email]);
    expect(theirs).toMatchObject({ duplicates: 0 });
    expect(theirs.added[0]!.id).not.toBe(mine!.id);
    expect((await emailsOf(t, a.headers, `search=${encodeURIComponent(email)}`)).data).toEqual([mine]);
  },
  'DELETE /api/v1/remove_email_from_blacklist': async (t, a, b) => {
    const email = secretEmail();
    const [mine] = (await addEmails(t, a.headers, [email])).added;
    for (const q of [`id=${mine!.id}`, `email=${encodeURIComponent(email)}`]) {
      const res = await t.app.inject({ method: 'DELETE', url: v1(`/remove_email_from_blacklist?${q}`), headers: b.headers });
      expect(res.statusCode, q).toBe(404);
      expect(res.json()).toEqual({ errors: ['This email is not on the blacklist'] });
    }
    expect((await emailsOf(t, a.headers, `search=${encodeURIComponent(email)}`)).data.map((e) => e.id)).toEqual([mine!.id]);
  },
  'GET /api/v1/domains/blacklisted_domains': async (t, a, b) => {
    const domain = secretDomain();
    await addDomains(t, a.headers, [domain]);
    const res = await t.app.inject({ method: 'GET', url: v1(`/domains/blacklisted_domains?search=${encodeURIComponent(domain)}`), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(0);
    expect(res.body).not.toContain(domain);
  },
  'POST /api/v1/domains/create_blacklisted_domains': async (t, a, b) => {
    const domain = secretDomain();
    const [mine] = (await addDomains(t, a.headers, [domain])).added;
    const theirs = await addDomains(t, b.headers, [domain]);
    expect(theirs.added[0]!.id).not.toBe(mine!.id);
    expect((await domainsOf(t, a.headers, `search=${encodeURIComponent(domain)}`)).data).toEqual([mine]);
  },
  'DELETE /api/v1/domains/:id/remove_domain_from_blacklist': async (t, a, b) => {
    const domain = secretDomain();
    const [mine] = (await addDomains(t, a.headers, [domain])).added;
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/domains/${mine!.id}/remove_domain_from_blacklist`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['This domain is not on the blacklist'] });
    expect((await domainsOf(t, a.headers, `search=${encodeURIComponent(domain)}`)).data.map((d) => d.id)).toEqual([mine!.id]);
  },
  'GET /api/v1/campaign_emails/export_blacklisted_prospects': async (t, a, b) => {
    const email = secretEmail();
    const domain = secretDomain();
    await addEmails(t, a.headers, [email]);
    await addDomains(t, a.headers, [domain]);
    const res = await t.app.inject({ method: 'GET', url: v1('/campaign_emails/export_blacklisted_prospects'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain(domain);
  },
};
