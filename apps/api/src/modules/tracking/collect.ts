import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { FastifyRequest } from 'fastify';
import { collectEventBodySchema, type ConsentMode } from '@shared/schemas/tracking';
import { bulkInsert } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import {
  prospectLinks,
  prospects,
  trackingCodes,
  trackingSalts,
  websitePageViews,
  websiteVisitors,
  websiteVisits,
} from '../../db/schema';
import { asSystem, inAccount } from '../../db/tenancy';
import { sha256 } from '../../lib/crypto';
import { HttpError } from '../../lib/http-error';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { PROSPECT_OF_VISITOR } from './matching';
import { comparableName } from './networks';
import { identify, isCompanyLevelOnly, networkFacts, reverseName, type Identification, type NetworkFacts, type ReverseName } from './resolve';

/**
 * The public collection endpoint's work. A page view is checked and resolved in the request (bots, Global Privacy
 * Control and Do Not Track are dropped; the code names the account; the address gives its network from the in-memory
 * tables and the day's salted session hash), then waits in memory at most config.tracking.flushMs and is written with
 * the others of its batch: a few statements per account and batch instead of per page view (what lets the endpoint
 * keep up with a busy site: `npm run bench`, visitors). The full address lives only in that buffer, for the reverse
 * DNS look-up, and never reaches the database. A crash loses at most the last flush interval's page views.
 */

/** A visit is the pages of one session hash with less than this between them (as Plausible and GA count). */
export const VISIT_GAP_MS = 30 * 60 * 1000;
/** Beyond this many page views waiting, the endpoint answers 503 rather than grow without bound. */
const BUFFER_MAX = 50_000;

type Pending = {
  accountId: number;
  at: Date;
  url: string;
  path: string;
  title: string | null;
  referrer: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  consent: ConsentMode;
  sessionHash: string;
  personalToken: string | null;
  /** Memory only: for the reverse DNS look-up at flush. */
  ip: string;
  facts: NetworkFacts;
};

type Buffer = { events: Pending[]; timer: NodeJS.Timeout | null; flushing: Promise<void> | null };
const buffers = new WeakMap<Db, Buffer>();
const bufferOf = (db: Db): Buffer => {
  let b = buffers.get(db);
  if (!b) buffers.set(db, (b = { events: [], timer: null, flushing: null }));
  return b;
};

/** The tracking code → account cache: a busy site's every page view would otherwise ask the database first. */
const CODE_TTL_MS = 60_000;
const codeCache = new Map<string, { accountId: number | null; at: number }>();

async function accountOfCode(db: Db, code: string, now: number): Promise<number | null> {
  const hit = codeCache.get(code);
  if (hit && now - hit.at < CODE_TTL_MS) return hit.accountId;
  const [row] = await asSystem('a page view names its account by the public tracking code', () =>
    db.select({ accountId: trackingCodes.accountId }).from(trackingCodes).where(eq(trackingCodes.code, code)),
  );
  if (codeCache.size > 10_000) codeCache.clear();
  codeCache.set(code, { accountId: row?.accountId ?? null, at: now });
  return row?.accountId ?? null;
}

/** Today's salt (UTC day), made by whichever process asks first; yesterday's and older are deleted then. */
const saltCache = new Map<string, string>();
async function saltOf(db: Db, day: string): Promise<string> {
  const cached = saltCache.get(day);
  if (cached) return cached;
  await db.insert(trackingSalts).values({ day, salt: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(trackingSalts).where(eq(trackingSalts.day, day));
  await db.delete(trackingSalts).where(lt(trackingSalts.day, day));
  saltCache.clear();
  saltCache.set(day, row!.salt);
  return row!.salt;
}

/** The stored form of a page address: scheme, host and path, the utm_* parameters kept, anything else (emails, tokens) dropped. */
export function cleanPageUrl(raw: string): { url: string; path: string; utm: Pending['utm'] } | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const keep = new URLSearchParams();
  for (const [k, v] of u.searchParams) if (/^utm_(source|medium|campaign|term|content)$/.test(k)) keep.set(k, v.slice(0, 200));
  const query = keep.toString();
  const cut = (v: string | null) => (v ? v.slice(0, 200) : null);
  return {
    url: `${u.origin}${u.pathname}${query ? `?${query}` : ''}`.slice(0, 2000),
    path: u.pathname.slice(0, 1000) || '/',
    utm: { source: cut(u.searchParams.get('utm_source')), medium: cut(u.searchParams.get('utm_medium')), campaign: cut(u.searchParams.get('utm_campaign')) },
  };
}

/** A referrer as stored: its origin and path (no query). */
function cleanReferrer(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}${u.pathname}`.slice(0, 1000) : null;
  } catch {
    return null;
  }
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export type CollectOutcome = 'accepted' | 'dropped';

/** POST tracking/events: check and resolve one page view, then queue it for the next flush. */
export async function acceptPageView(deps: Deps, req: FastifyRequest, rawBody: unknown): Promise<CollectOutcome> {
  let json: unknown;
  try {
    json = typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody;
  } catch {
    throw new HttpError(400, ['The body must be JSON: {"code", "url", "referrer", "title"}']);
  }
  const parsed = collectEventBodySchema.safeParse(json);
  if (!parsed.success) throw new HttpError(422, parsed.error.issues.map((i) => i.message));
  const body = parsed.data;
  const ua = header(req, 'user-agent') ?? '';
  // Crawlers, monitors and headless fetchers are not visitors; the browser's own privacy signals are honoured here too.
  if (!ua || isbot(ua)) return 'dropped';
  if (header(req, 'sec-gpc') === '1' || header(req, 'dnt') === '1') return 'dropped';
  const page = cleanPageUrl(body.url);
  if (!page) throw new HttpError(422, ['url must be an http(s) address']);
  const now = deps.clock ? deps.clock() : new Date();
  const accountId = await accountOfCode(deps.db, body.code, now.getTime());
  if (accountId === null) throw new HttpError(404, ['Unknown tracking code']);
  const buffer = bufferOf(deps.db);
  if (buffer.events.length >= BUFFER_MAX) throw new HttpError(503, ['Too many page views are waiting to be written; try again shortly']);
  const ip = req.ip;
  const facts = await networkFacts(ip);
  const consent: ConsentMode = body.consent === 'consented' && body.vid ? 'consented' : 'cookieless';
  const salt = await asSystem('the daily salt of the cookieless session hash is global', () => saltOf(deps.db, now.toISOString().slice(0, 10)));
  // Cookieless: the day's salt, the site, the address and the browser (unlinkable tomorrow). Consented: the site's own
  // random visitor id, so a returning visitor is one visitor.
  const sessionHash = consent === 'consented' ? sha256(`v|${body.code}|${body.vid}`) : sha256(`${salt}|${body.code}|${ip}|${ua}`);
  buffer.events.push({
    accountId,
    at: now,
    url: page.url,
    path: page.path,
    title: body.title?.trim().slice(0, 500) || null,
    referrer: cleanReferrer(body.referrer),
    utm: page.utm,
    consent,
    sessionHash,
    personalToken: body.pl ?? null,
    ip,
    facts,
  });
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushPageViews(deps).catch((err: unknown) => req.log.error({ err }, 'writing page views failed')), deps.config.tracking.flushMs);
    buffer.timer.unref();
  }
  return 'accepted';
}

/**
 * Writes every page view waiting for this database (the timer calls it; reads of the visitors call it first, so a
 * process sees what it accepted; the app's close calls it last). One at a time per database.
 */
export async function flushPageViews(deps: Deps): Promise<void> {
  const buffer = bufferOf(deps.db);
  if (buffer.flushing) await buffer.flushing;
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  if (buffer.events.length === 0) return;
  const events = buffer.events.splice(0);
  const run = (async () => {
    const byAccount = new Map<number, Pending[]>();
    for (const e of events) {
      const list = byAccount.get(e.accountId);
      if (list) list.push(e);
      else byAccount.set(e.accountId, [e]);
    }
    for (const [accountId, list] of byAccount) {
      await inAccount(accountId, null, () => writeBatch(deps, accountId, list));
    }
  })();
  buffer.flushing = run;
  try {
    await run;
  } finally {
    buffer.flushing = null;
  }
}

type Tie = { prospectId: number; campaignId: number | null; companyName: string | null; domain: string | null };

/** The prospects behind the batch's personal link tokens (tokens of other accounts are unknown here). */
async function tiesOf(db: Db, accountId: number, tokens: string[]): Promise<Map<string, Tie>> {
  const out = new Map<string, Tie>();
  if (!tokens.length) return out;
  const rows = await db
    .select({ token: prospectLinks.token, prospectId: prospectLinks.prospectId, campaignId: prospectLinks.campaignId, company: prospects.company, companyDomain: prospects.companyDomain, email: prospects.email, fullName: prospects.fullName })
    .from(prospectLinks)
    .innerJoin(prospects, and(eq(prospects.id, prospectLinks.prospectId), eq(prospects.accountId, accountId)))
    .where(and(eq(prospectLinks.accountId, accountId), inArray(prospectLinks.token, tokens)));
  for (const r of rows) {
    const emailDomain = r.email?.includes('@') ? r.email.slice(r.email.lastIndexOf('@') + 1).toLowerCase() : null;
    const domain = r.companyDomain?.toLowerCase() || (emailDomain && !FREE_MAIL.has(emailDomain) ? emailDomain : null);
    out.set(r.token, { prospectId: r.prospectId, campaignId: r.campaignId, companyName: r.company || domain || r.fullName, domain });
  }
  return out;
}

const FREE_MAIL = new Set(['gmail.com', 'googlemail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com', 'icloud.com', 'me.com', 'aol.com', 'gmx.de', 'gmx.net', 'web.de', 'proton.me', 'protonmail.com', 'yandex.ru', 'mail.ru']);

/** What a page view's visitor row is: the personal link's prospect's company, else what the network says. */
function identificationOf(e: Pending, rdns: ReverseName, tie: Tie | undefined): Identification & { evidence: Record<string, unknown> } {
  const evidence = { asn: e.facts.asn, as_org: e.facts.asOrg, reverse_dns: rdns?.host ?? null, network: e.facts.network, country: e.facts.country };
  if (tie) {
    return {
      networkKey: tie.domain ? `domain:${tie.domain}` : `prospect:${tie.prospectId}`,
      kind: e.facts.kind === 'unknown' || e.facts.kind === 'isp' || e.facts.kind === 'mobile' ? 'business' : e.facts.kind,
      companyName: tie.companyName,
      domain: tie.domain,
      signal: 'personal_link',
      confidence: 1,
      reverseDns: rdns?.host ?? null,
      evidence,
    };
  }
  return { ...identify(e.facts, rdns), evidence };
}

function sourceOf(e: Pending): string {
  if (e.utm.source) return e.utm.source;
  if (e.referrer) {
    try {
      const host = new URL(e.referrer).hostname.replace(/^www\./, '');
      if (host !== new URL(e.url).hostname.replace(/^www\./, '')) return host;
    } catch {
      // a referrer that is not a URL is no source
    }
  }
  return 'direct';
}

async function writeBatch(deps: Deps, accountId: number, events: Pending[]): Promise<void> {
  const db = deps.db;
  const { reverseDns, reverseDnsTimeoutMs } = deps.config.tracking;
  // Reverse DNS (outside the transaction: a look-up may take a second), once per address; only where a name can help.
  const rdnsByIp = new Map<string, ReverseName>();
  if (reverseDns) {
    const ips = [...new Set(events.filter((e) => ['business', 'education', 'isp'].includes(e.facts.kind)).map((e) => e.ip))];
    await Promise.all(ips.map(async (ip) => rdnsByIp.set(ip, await reverseName(deps.mail.dns, ip, reverseDnsTimeoutMs))));
  }
  const ties = await tiesOf(db, accountId, [...new Set(events.map((e) => e.personalToken).filter((t): t is string => !!t))]);
  // EU and UK visitors are company-level only: a personal link ties a visit to its person only with their consent.
  const tieOf = (e: Pending) => (e.personalToken && (!isCompanyLevelOnly(e.facts.country) || e.consent === 'consented') ? ties.get(e.personalToken) : undefined);

  await db.transaction(async (tx) => {
    const hashes = [...new Set(events.map((e) => e.sessionHash))];
    const earliest = new Date(Math.min(...events.map((e) => e.at.getTime())) - VISIT_GAP_MS);
    const open = await tx
      .select()
      .from(websiteVisits)
      .where(and(eq(websiteVisits.accountId, accountId), inArray(websiteVisits.sessionHash, hashes), gt(websiteVisits.lastSeenAt, earliest)))
      .orderBy(websiteVisits.lastSeenAt);
    type VisitState = { id: number | null; visitorId: number | null; key: string; lastSeenAt: Date; prospectId: number | null; campaignId: number | null; pages: number; signalled: boolean; isNew: boolean; first: Pending };
    const visitByHash = new Map<string, VisitState>();
    for (const v of open) {
      visitByHash.set(v.sessionHash, { id: v.id, visitorId: v.visitorId, key: '', lastSeenAt: v.lastSeenAt, prospectId: v.prospectId, campaignId: v.campaignId, pages: 0, signalled: v.signalled, isNew: false, first: events[0]! });
    }
    // Each page view joins its session's open visit, or starts one whose visitor is what this page view identifies.
    const identities = new Map<string, ReturnType<typeof identificationOf> & { first: Pending; last: Pending }>();
    const assigned: Array<{ e: Pending; visit: VisitState }> = [];
    const newVisits: VisitState[] = [];
    for (const e of events) {
      let visit = visitByHash.get(e.sessionHash);
      const tie = tieOf(e);
      // A personal link opened starts the prospect's own visit, even inside a session that was anonymous until then.
      if (!visit || e.at.getTime() - visit.lastSeenAt.getTime() > VISIT_GAP_MS || (tie && visit.prospectId !== tie.prospectId)) {
        const ident = identificationOf(e, rdnsByIp.get(e.ip) ?? null, tie);
        const known = identities.get(ident.networkKey);
        if (known) known.last = e;
        else identities.set(ident.networkKey, { ...ident, first: e, last: e });
        visit = { id: null, visitorId: null, key: ident.networkKey, lastSeenAt: e.at, prospectId: tie?.prospectId ?? null, campaignId: tie?.campaignId ?? null, pages: 0, signalled: false, isNew: true, first: e };
        visitByHash.set(e.sessionHash, visit);
        newVisits.push(visit);
      }
      if (e.at > visit.lastSeenAt) visit.lastSeenAt = e.at;
      visit.pages++;
      assigned.push({ e, visit });
    }

    // The visitors of new visits: one upsert for the batch (distinct keys).
    if (identities.size) {
      const rows = await tx
        .insert(websiteVisitors)
        .values(
          [...identities.entries()].map(([key, i]) => ({
            accountId,
            networkKey: key,
            networkKind: i.kind,
            companyName: i.companyName,
            domain: i.domain,
            companyKey: i.companyName ? comparableName(i.companyName) : null,
            signal: i.signal,
            confidence: i.confidence,
            evidence: i.evidence,
            source: sourceOf(i.first),
            firstSeenAt: i.first.at,
            lastSeenAt: i.last.at,
          })),
        )
        .onConflictDoUpdate({
          target: [websiteVisitors.accountId, websiteVisitors.networkKey],
          set: {
            // The latest evidence stands (a reverse DNS name that appeared, a network re-registered); the first sighting stays.
            networkKind: sql`excluded.network_kind`,
            companyName: sql`coalesce(excluded.company_name, ${websiteVisitors.companyName})`,
            domain: sql`coalesce(excluded.domain, ${websiteVisitors.domain})`,
            companyKey: sql`coalesce(excluded.company_key, ${websiteVisitors.companyKey})`,
            signal: sql`coalesce(excluded.signal, ${websiteVisitors.signal})`,
            confidence: sql`greatest(excluded.confidence, ${websiteVisitors.confidence})`,
            evidence: sql`excluded.evidence`,
          },
          setWhere: eq(websiteVisitors.accountId, accountId),
        })
        .returning({ id: websiteVisitors.id, networkKey: websiteVisitors.networkKey });
      const idOf = new Map(rows.map((r) => [r.networkKey, r.id]));
      for (const v of newVisits) v.visitorId = idOf.get(v.key)!;
    }
    if (newVisits.length) {
      const inserted = await bulkInsert(
        tx,
        websiteVisits,
        newVisits.map((v) => ({
          accountId,
          visitorId: v.visitorId!,
          sessionHash: v.first.sessionHash,
          prospectId: v.prospectId,
          campaignId: v.campaignId,
          consent: v.first.consent,
          network: v.first.facts.network,
          country: v.first.facts.country,
          landingUrl: v.first.url,
          referrer: v.first.referrer,
          utmSource: v.first.utm.source,
          utmMedium: v.first.utm.medium,
          utmCampaign: v.first.utm.campaign,
          pages: v.pages,
          startedAt: v.first.at,
          lastSeenAt: v.lastSeenAt,
        })),
        { returning: 'all' },
      );
      inserted.forEach((row, i) => (newVisits[i]!.id = row.id));
    }
    for (const v of visitByHash.values()) {
      if (v.isNew || v.pages === 0) continue;
      await tx
        .update(websiteVisits)
        .set({ pages: sql`${websiteVisits.pages} + ${v.pages}`, lastSeenAt: sql`greatest(${websiteVisits.lastSeenAt}, ${v.lastSeenAt})` })
        .where(and(eq(websiteVisits.accountId, accountId), eq(websiteVisits.id, v.id!)));
    }
    // Each visitor's counts: visits started, pages viewed, last seen.
    const perVisitor = new Map<number, { visits: number; pages: number; last: Date }>();
    for (const v of visitByHash.values()) {
      if (v.pages === 0) continue;
      const c = perVisitor.get(v.visitorId!) ?? { visits: 0, pages: 0, last: v.lastSeenAt };
      c.visits += v.isNew ? 1 : 0;
      c.pages += v.pages;
      if (v.lastSeenAt > c.last) c.last = v.lastSeenAt;
      perVisitor.set(v.visitorId!, c);
    }
    for (const [visitorId, c] of perVisitor) {
      await tx
        .update(websiteVisitors)
        .set({ visits: sql`${websiteVisitors.visits} + ${c.visits}`, pages: sql`${websiteVisitors.pages} + ${c.pages}`, lastSeenAt: sql`greatest(${websiteVisitors.lastSeenAt}, ${c.last})` })
        .where(and(eq(websiteVisitors.accountId, accountId), eq(websiteVisitors.id, visitorId)));
    }
    await bulkInsert(
      tx,
      websitePageViews,
      assigned.map(({ e, visit }) => ({ accountId, visitId: visit.id!, visitorId: visit.visitorId!, url: e.url, path: e.path, title: e.title, referrer: e.referrer, occurredAt: e.at })),
    );
    await signalVisits(deps, tx, accountId, [...visitByHash.values()].filter((v) => !v.signalled && v.isNew), assigned);
  });
}

/**
 * A visit by a prospect (through their personal link) or by the company of a prospect whose sequence is running is
 * news for the outreach: one `website_visited` activity per visit and prospect (the prospect's timeline, the inbox
 * side panel, the interactions, notifications, and the agent's next step read it). Networks marked "wrong company"
 * and anonymous networks signal nothing.
 */
async function signalVisits(deps: Deps, tx: Db, accountId: number, visits: Array<{ id: number | null; visitorId: number | null; prospectId: number | null; campaignId: number | null; first: Pending }>, assigned: Array<{ e: Pending; visit: { id: number | null } }>) {
  if (!visits.length) return;
  const visitorIds = [...new Set(visits.map((v) => v.visitorId!))];
  const visitors = await tx
    .select()
    .from(websiteVisitors)
    .where(and(eq(websiteVisitors.accountId, accountId), inArray(websiteVisitors.id, visitorIds)));
  const byId = new Map(visitors.map((v) => [v.id, v]));
  for (const visit of visits) {
    const visitor = byId.get(visit.visitorId!);
    if (!visitor || visitor.wrongCompanyAt || !visitor.companyName) continue;
    const targets = new Map<number, number | null>();
    if (visit.prospectId !== null) targets.set(visit.prospectId, visit.campaignId);
    else {
      // The company's prospects in a running sequence (at most five: a big customer's visit is one signal, not fifty).
      const result = (await tx.execute(sql`
        select p.id as prospect_id, e.campaign_id
        from prospects p
        join campaign_enrolments e on e.account_id = p.account_id and e.prospect_id = p.id and e.status = 'active'
        join campaigns c on c.account_id = p.account_id and c.id = e.campaign_id and c.status = 'running'
        join website_visitors v on v.account_id = p.account_id and v.id = ${visitor.id}
        where p.account_id = ${accountId} and ${PROSPECT_OF_VISITOR}
        order by e.created_at desc
        limit 5`)) as unknown as { rows: Array<{ prospect_id: unknown; campaign_id: unknown }> };
      for (const r of result.rows) {
        targets.set(Number(r.prospect_id), Number(r.campaign_id));
      }
    }
    if (!targets.size) continue;
    const pages = assigned.filter((a) => a.visit.id === visit.id).map((a) => ({ path: a.e.path, title: a.e.title }));
    for (const [prospectId, campaignId] of targets) {
      await recordActivity(tx, {
        accountId,
        actorType: 'system',
        verb: 'website_visited',
        prospectId,
        occurredAt: visit.first.at,
        payload: {
          visitor_id: visitor.id,
          visit_id: visit.id,
          campaign_id: campaignId,
          company_name: visitor.companyName,
          signal: visit.prospectId === prospectId ? 'personal_link' : visitor.signal,
          confidence: visit.prospectId === prospectId ? 1 : visitor.confidence,
          pages: pages.slice(0, 10),
        },
      });
    }
    await tx.update(websiteVisits).set({ signalled: true }).where(and(eq(websiteVisits.accountId, accountId), eq(websiteVisits.id, visit.id!)));
  }
}
