import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TrackingCheck, TrackingCode, WebsiteVisitor, WebsiteVisitorList } from '@shared/schemas/tracking';
import { activities, prospects, trackingSalts, websiteVisitors, websiteVisits } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startDnsServer } from '../../testing/mail-servers';
import { composedCampaignOf, personaWithProspects } from '../campaigns/ownership.test-helpers';
import { clearReverseCache } from './resolve';
import { issueProspectLink } from './service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Networks as the shipped IP-to-ASN data has them (checked against the package's files). */
const SIEMENS = '194.138.39.59'; // AS15465 SIEMENS AG, DE: a company's own network
const APPLE = '17.253.144.10'; // AS714 Apple Inc., US
const COMCAST = '73.15.1.1'; // AS7922 Comcast Cable, US: an ISP
const AMAZON = '52.95.110.1'; // AS16509 Amazon.com, US: a cloud host
const TELEKOM = '80.187.0.5'; // AS3320 Deutsche Telekom, DE: an ISP, with a business's reverse DNS name below

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A loopback "company website": its HTML is whatever the test sets. */
async function startSite() {
  let html = '<html><head><title>Home</title></head><body>Hi</body></html>';
  const server = http.createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}`, setHtml: (h: string) => void (html = h), close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(DB_KINDS)('website tracking and visitors on %s', (kind) => {
  let t: TestApp;
  let limited: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let a: Person;
  let code: TrackingCode;

  beforeAll(async () => {
    site = await startSite();
    dns = await startDnsServer({
      '5.0.187.80.in-addr.arpa': { PTR: ['gw1.smallco-gmbh.de'] },
      '59.39.138.194.in-addr.arpa': { PTR: ['proxy-ber.siemens.com'] },
      '1.1.15.73.in-addr.arpa': { PTR: ['c-73-15-1-1.hsd1.ca.comcast.net'] },
    });
    clearReverseCache();
    const env = { TRUST_PROXY: '1', DNS_SERVERS: dns.server, GUARDED_FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`, TRACKING_FLUSH_MS: '5000' };
    t = await startTestApp(kind, { env });
    limited = await startTestApp(kind, { env: { ...env, TRACKING_IP_MAX: '3', TRACKING_CODE_MAX: '5' } });
    a = await signedInUser(t, 'tracking');
    const res = await t.app.inject({ method: 'GET', url: v1('/tracking_codes'), headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    code = res.json<{ data: TrackingCode }>().data;
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
    await site.close();
    await dns.close();
  });

  const collect = (app: TestApp, body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: v1('/tracking/events'),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, 'x-forwarded-for': ip, ...headers },
      payload: JSON.stringify(body),
    });
  const view = (ip: string, path = '/', extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    collect(t, { code: code.code, url: `https://www.example.com${path}`, referrer: 'https://www.google.com/', title: `Page ${path}`, ...extra }, ip, headers);
  const visitors = async (query = '', p: Person = a) => {
    const res = await t.app.inject({ method: 'GET', url: v1(`/website_visitors${query}`), headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebsiteVisitorList>();
  };
  const visitorByName = async (name: string, query = '?filter=companies&per_page=100') => (await visitors(query)).data.find((v) => v.company_name === name);

  it('gives each account a code, a first-party async snippet, a GTM tag, the privacy paragraph and the attribution', async () => {
    expect(code.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(code.snippet).toBe(`<script async src="${code.script_url}" data-code="${code.code}"></script>`);
    expect(code.script_url).toMatch(/\/api\/v1\/tracking\/script\.js$/);
    expect(code.gtm_tag).toContain(code.code);
    expect(code.privacy_paragraph).toMatch(/legitimate interest/i);
    expect(code.attributions.map((x) => x.url)).toContain('https://db-ip.com');
    const again = await t.app.inject({ method: 'GET', url: v1('/tracking_codes'), headers: a.headers });
    expect(again.json().data.code).toBe(code.code);
    const script = await t.app.inject({ method: 'GET', url: v1('/tracking/script.js') });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body.length).toBeLessThan(4096);
    expect(script.body).toContain('globalPrivacyControl');
    expect(script.body).not.toMatch(/document\.cookie/);
  });

  it('validates the GTM container id by the spec’s rule and saves the website', async () => {
    for (const bad of ['gtm-ABC123', 'GTM-abc', 'GTM-', 'GTM-AB 12', 'UA-12345']) {
      const res = await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { gtm_container_id: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.join(' ')).toMatch(/GTM- followed by uppercase letters or digits/);
    }
    const bad = await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { website_url: 'ftp://x' } });
    expect(bad.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { gtm_container_id: 'GTM-AB12CD3', website_url: `${site.url}/moved` } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ gtm_container_id: 'GTM-AB12CD3', website_url: `${site.url}/moved`, code: code.code });
  });

  it('checks the website through the guarded fetcher: without the code, with the GTM container, with the snippet', async () => {
    const check = async () => {
      const res = await t.app.inject({ method: 'GET', url: v1('/tracking_codes/check'), headers: a.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: TrackingCheck }>().data;
    };
    site.setHtml('<html><head><title>x</title></head><body>nothing</body></html>');
    const none = await check();
    expect(none).toMatchObject({ installed: false, snippet_found: false, gtm_found: false, url: `${site.url}/moved`, final_url: `${site.url}/`, status: 200 });
    expect(none.message).toMatch(/Neither the tracking code nor GTM-AB12CD3 was found/);
    expect(Date.parse(none.checked_at)).not.toBeNaN();

    site.setHtml(`<head><script async src="https://www.googletagmanager.com/gtm.js?id=GTM-OTHER1"></script></head>`);
    expect((await check()).message).toMatch(/loads GTM-OTHER1, not GTM-AB12CD3/);
    site.setHtml(`<head><script async src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3"></script></head>`);
    expect(await check()).toMatchObject({ installed: true, gtm_found: true, snippet_found: false });

    site.setHtml(`<head>${code.snippet}</head>`);
    const found = await check();
    expect(found).toMatchObject({ installed: true, snippet_found: true });
    // Another account's code on the page is not ours.
    site.setHtml(`<head>${code.snippet.replace(code.code, 'someoneelsescode1')}</head>`);
    expect((await check()).snippet_found).toBe(false);
    const saved = await t.app.inject({ method: 'GET', url: v1('/tracking_codes'), headers: a.headers });
    expect(saved.json().data.last_check).toMatchObject({ snippet_found: false, url: `${site.url}/moved` });

    // A private address is refused by the guard, and said so.
    await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { website_url: 'http://10.1.2.3/' } });
    const blocked = await check();
    expect(blocked).toMatchObject({ installed: false, status: null });
    expect(blocked.error).toMatch(/not an allowed address/);
  });

  it('resolves a company’s own network, never an ISP, a mobile carrier or a cloud host, and stores no address', async () => {
    for (const ip of [SIEMENS, COMCAST, AMAZON, APPLE]) expect((await view(ip, '/pricing')).statusCode).toBe(202);
    const list = await visitors('?per_page=100');
    const siemens = list.data.find((v) => v.domain === 'siemens.com');
    expect(siemens).toMatchObject({ company_name: 'Siemens AG', network_kind: 'business', visits: 1, pages: 1, source: 'google.com' });
    // The network's owner and its reverse DNS name agree: high confidence, with the evidence spelled out.
    expect(siemens!.evidence).toMatchObject({ signal: 'reverse_dns', confidence: 'high', asn: 15465, as_org: 'SIEMENS AG', reverse_dns: 'proxy-ber.siemens.com', network: '194.138.39.0/24', country: 'DE' });
    expect(siemens!.evidence.summary).toMatch(/siemens\.com/);
    const apple = list.data.find((v) => v.company_name === 'Apple Inc.');
    expect(apple!.evidence).toMatchObject({ signal: 'asn_owner', confidence: 'medium', asn: 714, reverse_dns: null });
    expect(list.data.some((v) => /comcast|amazon/i.test(v.company_name ?? ''))).toBe(false);
    expect(list.meta.unidentified_visits).toBeGreaterThanOrEqual(2);
    const unidentified = await visitors('?filter=unidentified&per_page=100');
    expect(unidentified.data.map((v) => v.network_kind).sort()).toEqual(expect.arrayContaining(['hosting', 'isp']));
    expect(unidentified.data.every((v) => v.company_name === null)).toBe(true);
    // Only truncated networks are stored.
    const dump = JSON.stringify(await t.db.db.execute(sql`select v.*, wv.* from website_visitors v join website_visits wv on wv.visitor_id = v.id`));
    for (const ip of [SIEMENS, COMCAST, AMAZON, APPLE]) expect(dump).not.toContain(ip);
  });

  it('names a business on an ISP line by its reverse DNS name, with low confidence', async () => {
    expect((await view(TELEKOM, '/')).statusCode).toBe(202);
    const smallco = (await visitors('?per_page=100')).data.find((v) => v.domain === 'smallco-gmbh.de');
    expect(smallco).toMatchObject({ network_kind: 'isp', company_name: 'smallco-gmbh.de' });
    expect(smallco!.evidence).toMatchObject({ signal: 'reverse_dns', confidence: 'low', as_org: 'Deutsche Telekom AG' });
  });

  it('drops bots and visitors whose browser sends Global Privacy Control or Do Not Track, yet answers 202', async () => {
    const before = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(websiteVisits).where(sql`true`))[0]!.n;
    expect((await view(APPLE, '/bot', {}, { 'user-agent': GOOGLEBOT })).statusCode).toBe(202);
    expect((await view(APPLE, '/gpc', {}, { 'user-agent': FIREFOX, 'sec-gpc': '1' })).statusCode).toBe(202);
    expect((await view(APPLE, '/dnt', {}, { 'user-agent': FIREFOX, dnt: '1' })).statusCode).toBe(202);
    expect((await view(APPLE, '/no-ua', {}, { 'user-agent': '' })).statusCode).toBe(202);
    await visitors();
    const after = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(websiteVisits).where(sql`true`))[0]!.n;
    expect(after).toBe(before);
  });

  it('answers client mistakes with 4xx: bad JSON, a missing field, an unknown code, a non-http page', async () => {
    const raw = await t.app.inject({ method: 'POST', url: v1('/tracking/events'), headers: { 'user-agent': CHROME, 'content-type': 'text/plain' }, payload: '{not json' });
    expect(raw.statusCode).toBe(400);
    expect((await collect(t, { url: 'https://x.example/' }, APPLE)).statusCode).toBe(422);
    const unknown = await collect(t, { code: 'no-such-code-123', url: 'https://x.example/' }, APPLE);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Unknown tracking code'] });
    expect((await collect(t, { code: code.code, url: 'javascript:alert(1)' }, APPLE)).statusCode).toBe(422);
    // JSON sent as application/json (the contract's form) works as well as the snippet's text/plain.
    const json = await t.app.inject({ method: 'POST', url: v1('/tracking/events'), headers: { 'user-agent': CHROME, 'x-forwarded-for': APPLE }, payload: { code: code.code, url: 'https://www.example.com/json', referrer: null, title: 'JSON' } });
    expect(json.statusCode).toBe(202);
    expect(json.headers['access-control-allow-origin']).toBe('*');
  });

  it('limits page views per IP and per tracking code', async () => {
    const other = await signedInUser(limited, 'tracking-limited');
    const own = (await limited.app.inject({ method: 'GET', url: v1('/tracking_codes'), headers: other.headers })).json<{ data: TrackingCode }>().data;
    const send = (ip: string) => collect(limited, { code: own.code, url: 'https://site.example/' }, ip);
    for (let i = 0; i < 3; i++) expect((await send('17.253.144.20')).statusCode).toBe(202);
    const perIp = await send('17.253.144.20');
    expect(perIp.statusCode).toBe(429);
    // Other addresses still get through, until the code's own limit (5 in the window) is reached.
    expect((await send('17.253.144.21')).statusCode).toBe(202);
    expect((await send('17.253.144.22')).statusCode).toBe(202);
    const perCode = await send('17.253.144.23');
    expect(perCode.statusCode).toBe(429);
    expect(perCode.json().errors[0]).toMatch(/this tracking code/);
  });

  it('counts visits by session: cookieless by the day’s salted hash, consented by the site’s visitor id', async () => {
    const ip = '17.253.144.30';
    await view(ip, '/a');
    await view(ip, '/b');
    await view(ip, '/c', {}, { 'user-agent': FIREFOX }); // another browser on the same network: another visit
    const apple = await visitorByName('Apple Inc.');
    expect(apple!.visits).toBeGreaterThanOrEqual(3);
    const [salt] = await t.db.db.select().from(trackingSalts);
    expect(salt!.day).toBe(new Date().toISOString().slice(0, 10));
    const before = apple!.visits;
    // Consented: one visitor id across two addresses is one visit.
    await view('17.253.144.31', '/x', { consent: 'consented', vid: 'visitor-abc-123' });
    await view('17.253.144.32', '/y', { consent: 'consented', vid: 'visitor-abc-123' });
    const after = await visitorByName('Apple Inc.');
    expect(after!.visits).toBe(before + 1);
    expect(after!.pages).toBe(apple!.pages + 2);
    const rows = await t.db.db.select().from(websiteVisits).where(eq(websiteVisits.consent, 'consented'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pages).toBe(2);
  });

  it('shows a company’s page-by-page trail, sorts and filters, and exports CSV', async () => {
    const apple = await visitorByName('Apple Inc.');
    const trail = await t.app.inject({ method: 'GET', url: v1(`/website_visitors/${apple!.id}/pages`), headers: a.headers });
    expect(trail.statusCode).toBe(200);
    const pages = trail.json<{ data: Array<{ path: string; url: string; occurred_at: string }> }>().data;
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/pricing', '/a', '/b', '/x', '/y']));
    expect(pages.every((p, i) => i === 0 || p.occurred_at <= pages[i - 1]!.occurred_at)).toBe(true);

    const byVisits = await visitors('?sort=visits&direction=desc&per_page=100');
    expect(byVisits.data[0]!.visits).toBeGreaterThanOrEqual(byVisits.data.at(-1)!.visits);
    const byName = await visitors('?sort=company_name&direction=asc&per_page=100');
    const names = byName.data.map((v) => (v.company_name ?? '').toLowerCase());
    expect(names).toEqual([...names].sort());
    const paged = await visitors('?per_page=1&page=2');
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1 });
    expect(paged.meta.total).toBeGreaterThanOrEqual(3);
    const search = await visitors('?search=siemens');
    expect(search.data.map((v) => v.company_name)).toEqual(['Siemens AG']);
    const bad = await t.app.inject({ method: 'GET', url: v1('/website_visitors?sort=ip&direction=up'), headers: a.headers });
    expect(bad.statusCode).toBe(422);

    const csv = await t.app.inject({ method: 'GET', url: v1('/website_visitors/export_to_csv?search=siemens'), headers: a.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Company,Domain,Visits,Pages');
    expect(csv.body).toContain('Siemens AG,siemens.com');
  });

  it('remembers “wrong company” for the network: later visits stay unidentified', async () => {
    const apple = await visitorByName('Apple Inc.');
    const res = await t.app.inject({ method: 'PUT', url: v1(`/website_visitors/${apple!.id}/wrong_company`), headers: a.headers, payload: { wrong: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: WebsiteVisitor }>().data).toMatchObject({ wrong_company: true, evidence: { signal: null } });
    await view('17.253.144.40', '/after');
    expect(await visitorByName('Apple Inc.')).toBeUndefined();
    const wrong = await visitors('?filter=wrong_company');
    expect(wrong.data.map((v) => v.id)).toContain(apple!.id);
    const undo = await t.app.inject({ method: 'PUT', url: v1(`/website_visitors/${apple!.id}/wrong_company`), headers: a.headers, payload: { wrong: false } });
    expect(undo.json().data.wrong_company).toBe(false);
    expect((await t.app.inject({ method: 'PUT', url: v1('/website_visitors/999999/wrong_company'), headers: a.headers, payload: { wrong: true } })).statusCode).toBe(404);
  });

  it('ties a personal link’s visit to its prospect: certain, on the prospect, and company-level only in the EU without consent', async () => {
    const { accountId, prospects: [prospect] } = await personaWithProspects(t, a, 1, 'link');
    await t.db.db.update(prospects).set({ company: 'Northwind Traders', companyDomain: 'northwind.example' }).where(and(eq(prospects.accountId, accountId), eq(prospects.id, prospect!.id)));
    // No target yet besides the website: the link points there, with the token.
    await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { website_url: 'https://www.example.com/', link_target_url: 'https://www.example.com/for-you' } });
    const link = await issueProspectLink(t.db.db, accountId, prospect!.id, null);
    expect(link).toMatch(/^https:\/\/www\.example\.com\/for-you\?pl=[A-Za-z0-9_-]{24}$/);
    expect(await issueProspectLink(t.db.db, accountId, prospect!.id, null)).toBe(link);
    const token = new URL(link!).searchParams.get('pl')!;

    // From an EU address without consent: company-level only, the person is not tied.
    await view(TELEKOM, '/for-you', { pl: token }, { 'user-agent': FIREFOX });
    expect((await visitors('?per_page=100')).data.find((v) => v.company_name === 'Northwind Traders')).toBeUndefined();
    // From a US address: the visit is the prospect's, and the stored page has no token.
    expect((await view(COMCAST, '/for-you', { pl: token })).statusCode).toBe(202);
    const northwind = (await visitors('?per_page=100')).data.find((v) => v.company_name === 'Northwind Traders');
    expect(northwind).toMatchObject({ domain: 'northwind.example', evidence: { signal: 'personal_link', confidence: 'certain' } });
    expect(northwind!.prospects.map((p) => p.id)).toEqual([prospect!.id]);
    const trail = await t.app.inject({ method: 'GET', url: v1(`/website_visitors/${northwind!.id}/pages`), headers: a.headers });
    expect(trail.body).not.toContain(token);
    const visits = await t.app.inject({ method: 'GET', url: v1(`/prospects/${prospect!.id}/website_visits`), headers: a.headers });
    expect(visits.statusCode).toBe(200);
    expect(visits.json().data[0]).toMatchObject({ signal: 'personal_link', pages: [{ path: '/for-you' }] });
    const [activity] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'website_visited'), eq(activities.prospectId, prospect!.id)));
    expect(activity!.payload).toMatchObject({ signal: 'personal_link', company_name: 'Northwind Traders', pages: [{ path: '/for-you' }] });
    // A token of another account is nobody here.
    const stranger = await signedInUser(t, 'tracking-stranger');
    const strangerVisits = await t.app.inject({ method: 'GET', url: v1(`/prospects/${prospect!.id}/website_visits`), headers: stranger.headers });
    expect(strangerVisits.statusCode).toBe(404);
  });

  it('signals a visit by the company of a prospect in a running sequence, once per visit', async () => {
    const b = await signedInUser(t, 'tracking-seq');
    const { prospects: [prospect], accountId, campaign } = await composedCampaignOf(t, b);
    await t.db.db.update(prospects).set({ company: 'Apple', companyDomain: null }).where(and(eq(prospects.accountId, accountId), eq(prospects.id, prospect!.id)));
    const own = (await t.app.inject({ method: 'GET', url: v1('/tracking_codes'), headers: b.headers })).json<{ data: TrackingCode }>().data;
    const send = (path: string) => collect(t, { code: own.code, url: `https://b.example${path}`, title: path === '/pricing' ? 'Pricing | B Corp' : 'Case studies | B Corp' }, '17.253.144.50');
    await send('/pricing');
    await send('/case-studies');
    await t.app.inject({ method: 'GET', url: v1('/website_visitors'), headers: b.headers });
    const rows = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'website_visited')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ prospectId: prospect!.id, payload: { company_name: 'Apple Inc.', signal: 'asn_owner', campaign_id: campaign.id } });
    // The interactions show it, with the pages read.
    const inter = await t.app.inject({ method: 'GET', url: v1('/campaign_emails?interaction_view=interactions&per_page=100'), headers: b.headers });
    expect(inter.statusCode, inter.body).toBe(200);
    const visit = inter.json<{ data: Array<{ kind: string; summary: string; detail: string | null }> }>().data.find((i) => i.kind === 'website_visit');
    expect(visit).toMatchObject({ summary: 'Apple Inc. visited your website', detail: 'Pricing | B Corp · Case studies | B Corp' });
    const listed = (await t.app.inject({ method: 'GET', url: v1('/website_visitors?filter=in_sequence'), headers: b.headers })).json<WebsiteVisitorList>();
    expect(listed.data[0]!.prospects[0]).toMatchObject({ id: prospect!.id, outreach_state: 'in_sequence', campaign_name: campaign.name });
    // The agent's next step speaks to what they read, and never says it saw them.
    await t.app.jobs.drain();
    const emails = (await t.app.inject({ method: 'GET', url: v1(`/campaigns/${campaign.id}/campaign_emails?sort=step&sort_direction=asc`), headers: b.headers })).json<{ data: Array<{ step: number; body_text: string; status: string }> }>().data;
    const followUp = emails.find((e) => e.step === 2);
    if (followUp) {
      expect(followUp.body_text).toMatch(/questions about pricing at this point/);
      expect(followUp.body_text).not.toMatch(/visit|website|saw|noticed|read/i);
      const regenerated = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'message_generated'), sql`${activities.payload}->>'reason' = 'website_visit'`));
      expect(regenerated).toHaveLength(1);
    } else {
      expect.fail(`the fixture campaign has no follow-up step: ${JSON.stringify(emails.map((e) => e.step))}`);
    }
    // User A sees none of B's visitors.
    const [bVisitor] = await t.db.db.select().from(websiteVisitors).where(eq(websiteVisitors.accountId, accountId));
    expect((await visitors('?per_page=100')).data.map((v) => v.id)).not.toContain(bVisitor!.id);
  });
});
