import type { InternalAxiosRequestConfig } from 'axios';
import { normaliseBlacklistDomain, normaliseBlacklistEmail, type BlacklistedDomain, type BlacklistedEmail } from '@shared/schemas/blacklist';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';

const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString();

export const emailFixture = (id: number, email: string, body: Partial<BlacklistedEmail> = {}): BlacklistedEmail => ({
  id,
  email,
  reason: 'manual',
  details: 'Added by hand',
  campaign_email_id: null,
  created_at: at(id),
  ...body,
});

/** An in-memory blacklist API behind the fake axios adapter (the server's rules: normalised, duplicates counted). */
export function fakeBlacklistServer() {
  const db = {
    emails: [] as BlacklistedEmail[],
    domains: [] as BlacklistedDomain[],
    /** An answer for every list call instead of the data (then normal again when set back to null). */
    failList: null as FakeReply | null,
    csv: '\uFEFFType,Email or domain\r\n',
  };
  let nextId = 100;
  const body = (c: InternalAxiosRequestConfig) => (c.data ? (JSON.parse(String(c.data)) as Record<string, string[]>) : {});

  const page = <T extends { created_at: string; id: number }>(rows: T[], value: (r: T) => string, c: InternalAxiosRequestConfig) => {
    const p = (c.params ?? {}) as { search?: string; page?: number; per_page?: number };
    const perPage = p.per_page ?? 25;
    const n = p.page ?? 1;
    const list = rows.filter((r) => value(r).includes((p.search ?? '').toLowerCase())).sort((a, b) => b.id - a.id);
    return { status: 200, data: { data: structuredClone(list.slice((n - 1) * perPage, n * perPage)), meta: { page: n, per_page: perPage, total: list.length } } };
  };

  const add = <T>(values: string[], normalise: (s: string) => string | null, known: Set<string>, make: (v: string) => T, invalid: string) => {
    const added: T[] = [];
    const errors: Array<{ value: string; error: string }> = [];
    let duplicates = 0;
    for (const raw of values) {
      const v = normalise(raw);
      if (!v) errors.push({ value: raw, error: invalid });
      else if (known.has(v)) duplicates++;
      else {
        known.add(v);
        added.push(make(v));
      }
    }
    return { status: 200, data: { data: { added, duplicates, errors } } };
  };

  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    if (method === 'GET' && (url === '/blacklisted_emails' || url === '/domains/blacklisted_domains') && db.failList) return db.failList;
    if (url === '/blacklisted_emails' && method === 'GET') return page(db.emails, (e) => e.email, c);
    if (url === '/domains/blacklisted_domains' && method === 'GET') return page(db.domains, (d) => d.domain, c);
    if (url === '/create_blacklisted_emails' && method === 'POST') {
      return add(body(c).emails ?? [], normaliseBlacklistEmail, new Set(db.emails.map((e) => e.email)), (email) => {
        const row = emailFixture(nextId++, email);
        db.emails.push(row);
        return row;
      }, 'Not a valid email address');
    }
    if (url === '/domains/create_blacklisted_domains' && method === 'POST') {
      return add(body(c).domains ?? [], normaliseBlacklistDomain, new Set(db.domains.map((d) => d.domain)), (domain) => {
        const row: BlacklistedDomain = { id: nextId++, domain, reason: 'manual', details: 'Added by hand', created_at: at(nextId) };
        db.domains.push(row);
        return row;
      }, 'Not a valid domain (like example.com)');
    }
    if (url === '/remove_email_from_blacklist' && method === 'DELETE') {
      const id = Number((c.params as { id?: number }).id);
      if (!db.emails.some((e) => e.id === id)) return { status: 404, data: { errors: ['This email is not on the blacklist'] } };
      db.emails = db.emails.filter((e) => e.id !== id);
      return { status: 200, data: { data: { id } } };
    }
    const domain = /^\/domains\/(\d+)\/remove_domain_from_blacklist$/.exec(url);
    if (domain && method === 'DELETE') {
      const id = Number(domain[1]);
      db.domains = db.domains.filter((d) => d.id !== id);
      return { status: 200, data: { data: { id } } };
    }
    if (url === '/campaign_emails/export_blacklisted_prospects' && method === 'GET') return { status: 200, data: db.csv };
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  });

  const calls = (method: string, path: string | RegExp) =>
    adapter.calls.filter((c) => (c.method ?? 'get').toUpperCase() === method && (typeof path === 'string' ? c.url === path : path.test(c.url ?? '')));
  return { db, adapter, calls, sent: (c: InternalAxiosRequestConfig) => body(c) };
}
