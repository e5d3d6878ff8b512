import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  IDENTIFICATION_SIGNAL_LABELS,
  NETWORK_KIND_LABELS,
  type PersonalLinkCampaign,
  type ProspectVisit,
  type PutTrackingCodeBody,
  type TrackingCheck,
  type TrackingCode,
  type VisitorPageView,
  type WebsiteVisitor,
  type WebsiteVisitorList,
  type websiteVisitorsQuerySchema,
} from '@shared/schemas/tracking';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  campaignLinkSettings,
  campaigns,
  onboardingAnswers,
  prospectLinks,
  prospects,
  trackingCodes,
  websitePageViews,
  websiteVisitors,
  websiteVisits,
  type TrackingCodeRow,
  type WebsiteVisitorRow,
} from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { randomToken } from '../../lib/crypto';
import { guardedFetch, GuardedFetchError } from '../../lib/guarded-fetch';
import { HttpError } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { flushPageViews } from './collect';
import { PROSPECT_OF_VISITOR } from './matching';
import { confidenceLevel } from './resolve';
import { ATTRIBUTIONS, COLLECT_PATH, gtmTagHtml, privacyParagraph, SCRIPT_PATH, snippetHtml } from './snippet';

type Auth = Pick<AuthContext, 'account' | 'user'>;
type VisitorsQuery = z.output<typeof websiteVisitorsQuerySchema>;

/** The account's tracking code row, made on first ask (the code is 16 URL-safe random characters). */
export async function codeRowOf(db: Db, accountId: number): Promise<TrackingCodeRow> {
  const [found] = await db.select().from(trackingCodes).where(eq(trackingCodes.accountId, accountId));
  if (found) return found;
  await db.insert(trackingCodes).values({ accountId, code: randomToken(12) }).onConflictDoNothing();
  const [row] = await db.select().from(trackingCodes).where(eq(trackingCodes.accountId, accountId));
  return row!;
}

/** The website onboarding recorded (your-website: domain), as an address. */
async function onboardingWebsite(db: Db, accountId: number): Promise<string | null> {
  const rows = await db.select({ answers: onboardingAnswers.answers }).from(onboardingAnswers).where(eq(onboardingAnswers.accountId, accountId));
  for (const r of rows) {
    const domain = (r.answers['your-website'] as { domain?: unknown } | undefined)?.domain;
    if (typeof domain === 'string' && domain.trim()) return /^https?:\/\//i.test(domain) ? domain.trim() : `https://${domain.trim()}`;
  }
  return null;
}

function present(row: TrackingCodeRow, origin: string, defaultWebsite: string | null): TrackingCode {
  const scriptUrl = `${origin}${SCRIPT_PATH}`;
  return {
    code: row.code,
    snippet: snippetHtml(scriptUrl, row.code),
    gtm_tag: gtmTagHtml(scriptUrl, row.code),
    script_url: scriptUrl,
    collect_url: `${origin}${COLLECT_PATH}`,
    website_url: row.websiteUrl,
    default_website_url: defaultWebsite,
    gtm_container_id: row.gtmContainerId,
    link_target_url: row.linkTargetUrl,
    last_check: (row.lastCheck as TrackingCheck | null) ?? null,
    privacy_paragraph: privacyParagraph(),
    attributions: [...ATTRIBUTIONS],
  };
}

export async function getTrackingCode(deps: Deps, auth: Auth, origin: string): Promise<TrackingCode> {
  const row = await codeRowOf(deps.db, auth.account.id);
  return present(row, origin, await onboardingWebsite(deps.db, auth.account.id));
}

export async function updateTrackingCode(deps: Deps, auth: Auth, origin: string, body: PutTrackingCodeBody & { website_url?: string | null; gtm_container_id?: string | null; link_target_url?: string | null }): Promise<TrackingCode> {
  const row = await codeRowOf(deps.db, auth.account.id);
  const set: Partial<typeof trackingCodes.$inferInsert> = { updatedAt: new Date() };
  if (body.website_url !== undefined) set.websiteUrl = body.website_url;
  if (body.gtm_container_id !== undefined) set.gtmContainerId = body.gtm_container_id;
  if (body.link_target_url !== undefined) set.linkTargetUrl = body.link_target_url;
  const [updated] = await deps.db
    .update(trackingCodes)
    .set(set)
    .where(and(eq(trackingCodes.accountId, auth.account.id), eq(trackingCodes.id, row.id)))
    .returning();
  return present(updated!, origin, await onboardingWebsite(deps.db, auth.account.id));
}

/** Script tags and GTM containers on a page (the tracker by its script path and this account's code). */
export function findOnPage(html: string, code: string): { snippet: boolean; gtmContainers: string[] } {
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const codeAttr = new RegExp(`data-code\\s*=\\s*["']?${escaped}["'\\s>]`);
  const snippet = scripts.some((tag) => tag.includes(SCRIPT_PATH) && codeAttr.test(`${tag} `)) || (html.includes(SCRIPT_PATH) && html.includes(code));
  const gtmContainers = [...new Set([...html.matchAll(/\bGTM-[A-Z0-9]+\b/g)].map((m) => m[0]))];
  return { snippet, gtmContainers };
}

/**
 * GET tracking_codes/check: fetches the site (the guarded fetcher: no private addresses, redirects checked, 8 s, 2 MB)
 * and says whether the snippet or the saved GTM container is on the page, where it looked and when. A GTM container's
 * tags cannot be read from outside: finding the container is reported as such, and the first page view proves the tag.
 */
export async function checkWebsite(deps: Deps, auth: Auth): Promise<TrackingCheck> {
  const row = await codeRowOf(deps.db, auth.account.id);
  const target = row.websiteUrl ?? (await onboardingWebsite(deps.db, auth.account.id));
  if (!target) throw new HttpError(422, ['Add your website address first']);
  const now = deps.clock ? deps.clock() : new Date();
  let check: TrackingCheck;
  try {
    const res = await guardedFetch(target, { timeoutMs: 8000, maxBytes: 2 * 1024 * 1024, headers: { accept: 'text/html,application/xhtml+xml' } }, { allowHosts: deps.config.guardedFetch.allowHosts });
    const html = res.text();
    const found = findOnPage(html, row.code);
    const gtmFound = row.gtmContainerId ? found.gtmContainers.includes(row.gtmContainerId) : false;
    const ok = res.status >= 200 && res.status < 300;
    const message = !ok
      ? `${res.url} answered HTTP ${res.status}; the page could not be checked.`
      : found.snippet
        ? `The tracking code is on ${res.url}.`
        : gtmFound
          ? `Google Tag Manager container ${row.gtmContainerId} is on ${res.url}. Tags inside a container cannot be seen from outside: open the site once and the visit shows here when the tag runs.`
          : row.gtmContainerId && found.gtmContainers.length
            ? `${res.url} loads ${found.gtmContainers.join(', ')}, not ${row.gtmContainerId}.`
            : `Neither the tracking code${row.gtmContainerId ? ` nor ${row.gtmContainerId}` : ''} was found on ${res.url}.`;
    check = {
      checked_at: now.toISOString(),
      url: target,
      final_url: res.url,
      status: res.status,
      snippet_found: ok && found.snippet,
      gtm_found: ok && gtmFound,
      gtm_containers: found.gtmContainers,
      installed: ok && (found.snippet || gtmFound),
      message,
      error: ok ? null : `HTTP ${res.status}`,
    };
  } catch (err) {
    if (!(err instanceof GuardedFetchError)) throw err;
    check = {
      checked_at: now.toISOString(),
      url: target,
      final_url: null,
      status: null,
      snippet_found: false,
      gtm_found: false,
      gtm_containers: [],
      installed: false,
      message: `${target} could not be fetched: ${err.message}.`,
      error: err.message,
    };
  }
  await deps.db
    .update(trackingCodes)
    .set({ lastCheck: check })
    .where(and(eq(trackingCodes.accountId, auth.account.id), eq(trackingCodes.id, row.id)));
  return check;
}

// ——— Visitors ———

const IDENTIFIED = sql`v.company_name is not null and v.wrong_company_at is null`;

function whereOf(accountId: number, q: VisitorsQuery) {
  const parts = [sql`v.account_id = ${accountId}`];
  if (q.filter === 'companies') parts.push(IDENTIFIED);
  if (q.filter === 'unidentified') parts.push(sql`v.company_name is null`);
  if (q.filter === 'wrong_company') parts.push(sql`v.wrong_company_at is not null`);
  if (q.filter === 'prospects') parts.push(sql`${IDENTIFIED} and exists (select 1 from prospects p where p.account_id = ${accountId} and ${PROSPECT_OF_VISITOR})`);
  if (q.filter === 'in_sequence') {
    parts.push(sql`${IDENTIFIED} and exists (
      select 1 from prospects p
      join campaign_enrolments e on e.account_id = p.account_id and e.prospect_id = p.id and e.status = 'active'
      join campaigns c on c.account_id = p.account_id and c.id = e.campaign_id and c.status = 'running'
      where p.account_id = ${accountId} and ${PROSPECT_OF_VISITOR})`);
  }
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(lower(coalesce(v.company_name, '')) like ${like} or lower(coalesce(v.domain, '')) like ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const SORT_SQL: Record<VisitorsQuery['sort'], string> = {
  last_seen_at: 'v.last_seen_at',
  first_seen_at: 'v.first_seen_at',
  visits: 'v.visits',
  pages: 'v.pages',
  company_name: "lower(coalesce(v.company_name, v.domain, ''))",
};

function evidenceOf(v: WebsiteVisitorRow): WebsiteVisitor['evidence'] {
  const e = v.evidence as { asn?: number | null; as_org?: string | null; reverse_dns?: string | null; network?: string | null; country?: string | null };
  const signal = v.wrongCompanyAt ? null : v.signal;
  const level = signal ? confidenceLevel(v.confidence) : null;
  let summary: string;
  if (v.wrongCompanyAt) summary = `Marked wrong company: visits from this network are not shown as ${v.companyName ?? 'a company'}.`;
  else if (signal === 'personal_link') summary = 'A prospect opened their personal link: the visit is theirs.';
  else if (signal === 'reverse_dns') summary = `The address's reverse DNS name ${e.reverse_dns ?? ''} belongs to ${v.domain ?? 'the company'}${e.as_org && v.networkKind === 'business' ? `, on ${e.as_org}'s own network (AS${e.asn})` : ''}.`;
  else if (signal === 'asn_owner') summary = `The visit came from AS${e.asn}, a network registered to ${e.as_org}. A company's own network usually means its office or VPN.`;
  else summary = `${NETWORK_KIND_LABELS[v.networkKind]}${e.as_org ? ` (${e.as_org})` : ''}: such networks do not name the visitor's company.`;
  return {
    signal,
    confidence: level,
    summary: level && signal ? `${IDENTIFICATION_SIGNAL_LABELS[signal]}, ${level} confidence. ${summary}` : summary,
    asn: e.asn ?? null,
    as_org: e.as_org ?? null,
    reverse_dns: e.reverse_dns ?? null,
    network: e.network ?? null,
    country: e.country ?? null,
  };
}

type ProspectRow = { visitor_id: number; id: number; full_name: string | null; title: string | null; active: boolean; contacted: boolean; campaign_name: string | null };

/** The known prospects of the listed companies, with their outreach state (at most five per company). */
async function prospectsOfVisitors(db: Db, accountId: number, visitorIds: number[]): Promise<Map<number, WebsiteVisitor['prospects']>> {
  const out = new Map<number, WebsiteVisitor['prospects']>();
  if (!visitorIds.length) return out;
  const result = (await db.execute(sql`
    select * from (
      select v.id as visitor_id, p.id, p.full_name, p.title,
             exists (select 1 from campaign_enrolments e join campaigns c on c.account_id = e.account_id and c.id = e.campaign_id and c.status = 'running'
                     where e.account_id = p.account_id and e.prospect_id = p.id and e.status = 'active') as active,
             exists (select 1 from campaign_enrolments e where e.account_id = p.account_id and e.prospect_id = p.id) as contacted,
             (select c.name from campaign_enrolments e join campaigns c on c.account_id = e.account_id and c.id = e.campaign_id
               where e.account_id = p.account_id and e.prospect_id = p.id order by (e.status = 'active') desc, e.created_at desc limit 1) as campaign_name,
             row_number() over (partition by v.id order by p.id) as n
      from website_visitors v
      join prospects p on p.account_id = v.account_id and ${PROSPECT_OF_VISITOR}
      where v.account_id = ${accountId} and v.id in (${sql.join(visitorIds.map((id) => sql`${id}`), sql`, `)})
    ) x where n <= 5`)) as unknown as { rows: ProspectRow[] };
  for (const r of result.rows) {
    const list = out.get(Number(r.visitor_id)) ?? [];
    list.push({
      id: Number(r.id),
      full_name: r.full_name ?? 'Unnamed prospect',
      title: r.title,
      outreach_state: r.active ? 'in_sequence' : r.contacted ? 'contacted' : 'not_contacted',
      campaign_name: r.campaign_name,
    });
    out.set(Number(r.visitor_id), list);
  }
  return out;
}

function toVisitor(v: WebsiteVisitorRow, prospectsOf: Map<number, WebsiteVisitor['prospects']>): WebsiteVisitor {
  const shown = !v.wrongCompanyAt;
  return {
    id: v.id,
    company_name: v.companyName,
    domain: v.domain,
    network_kind: v.networkKind,
    visits: v.visits,
    pages: v.pages,
    first_seen_at: v.firstSeenAt.toISOString(),
    last_seen_at: v.lastSeenAt.toISOString(),
    source: v.source,
    evidence: evidenceOf(v),
    prospects: shown && v.companyName ? (prospectsOf.get(v.id) ?? []) : [],
    wrong_company: !!v.wrongCompanyAt,
  };
}

async function visitorRows(db: Db, accountId: number, q: VisitorsQuery, limit: number | null, offset: number): Promise<WebsiteVisitorRow[]> {
  const order = sql.raw(`${SORT_SQL[q.sort]} ${q.direction}, v.id ${q.direction}`);
  const result = (await db.execute(sql`
    select v.id from website_visitors v where ${whereOf(accountId, q)} order by ${order}
    ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`)) as unknown as { rows: Array<{ id: unknown }> };
  const ids = result.rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  const rows = await db.select().from(websiteVisitors).where(and(eq(websiteVisitors.accountId, accountId), inArray(websiteVisitors.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** GET website_visitors: one page of companies (newest visit first by default), with their evidence and prospects. */
export async function listVisitors(deps: Deps, auth: Auth, q: VisitorsQuery): Promise<WebsiteVisitorList> {
  await flushPageViews(deps);
  const accountId = auth.account.id;
  const rows = await visitorRows(deps.db, accountId, q, q.per_page, (q.page - 1) * q.per_page);
  const counts = (await deps.db.execute(sql`
    select (select count(*) from website_visitors v where ${whereOf(accountId, q)}) as total,
           (select coalesce(sum(v.visits), 0) from website_visitors v where v.account_id = ${accountId} and (v.company_name is null or v.wrong_company_at is not null)) as unidentified`)) as unknown as {
    rows: Array<{ total: unknown; unidentified: unknown }>;
  };
  const prospectsOf = await prospectsOfVisitors(deps.db, accountId, rows.map((r) => r.id));
  return {
    data: rows.map((r) => toVisitor(r, prospectsOf)),
    meta: { page: q.page, per_page: q.per_page, total: Number(counts.rows[0]!.total), unidentified_visits: Number(counts.rows[0]!.unidentified) },
  };
}

/** GET website_visitors/export_to_csv: the whole filtered list in the list's order. */
export async function exportVisitorsCsv(deps: Deps, auth: Auth, q: VisitorsQuery): Promise<string> {
  await flushPageViews(deps);
  const rows = await visitorRows(deps.db, auth.account.id, q, 10_000, 0);
  const prospectsOf = await prospectsOfVisitors(deps.db, auth.account.id, rows.map((r) => r.id));
  const visitors = rows.map((r) => toVisitor(r, prospectsOf));
  return toCsv(
    ['Company', 'Domain', 'Visits', 'Pages', 'First seen', 'Last seen', 'Source', 'Network', 'Signal', 'Confidence', 'Evidence', 'Prospects'],
    visitors.map((v) => [
      v.company_name ?? '',
      v.domain ?? '',
      v.visits,
      v.pages,
      v.first_seen_at,
      v.last_seen_at,
      v.source,
      NETWORK_KIND_LABELS[v.network_kind],
      v.evidence.signal ? IDENTIFICATION_SIGNAL_LABELS[v.evidence.signal] : '',
      v.evidence.confidence ?? '',
      v.evidence.summary,
      v.prospects.map((p) => `${p.full_name} (${p.outreach_state.replace(/_/g, ' ')})`).join('; '),
    ]),
  );
}

async function visitorOf(db: Db, accountId: number, id: number): Promise<WebsiteVisitorRow> {
  const [row] = await db.select().from(websiteVisitors).where(and(eq(websiteVisitors.accountId, accountId), eq(websiteVisitors.id, id)));
  if (!row) throw new HttpError(404, ['Visitor not found']);
  return row;
}

/** GET website_visitors/{id}/pages: the company's page-by-page trail, newest first (at most 500 pages). */
export async function visitorTrail(deps: Deps, auth: Auth, id: number): Promise<VisitorPageView[]> {
  await flushPageViews(deps);
  await visitorOf(deps.db, auth.account.id, id);
  const rows = await deps.db
    .select({ view: websitePageViews, visit: websiteVisits })
    .from(websitePageViews)
    .innerJoin(websiteVisits, and(eq(websiteVisits.id, websitePageViews.visitId), eq(websiteVisits.accountId, auth.account.id)))
    .where(and(eq(websitePageViews.accountId, auth.account.id), eq(websitePageViews.visitorId, id)))
    .orderBy(desc(websitePageViews.occurredAt), desc(websitePageViews.id))
    .limit(500);
  return rows.map(({ view, visit }) => ({
    visit_id: visit.id,
    url: view.url,
    path: view.path,
    title: view.title,
    referrer: view.referrer,
    utm_source: visit.utmSource,
    utm_medium: visit.utmMedium,
    utm_campaign: visit.utmCampaign,
    prospect_id: visit.prospectId,
    occurred_at: view.occurredAt.toISOString(),
  }));
}

/** PUT website_visitors/{id}/wrong_company: this network is not that company (remembered for the account), or undo. */
export async function markWrongCompany(deps: Deps, auth: Auth, id: number, wrong: boolean): Promise<WebsiteVisitor> {
  await visitorOf(deps.db, auth.account.id, id);
  const [row] = await deps.db
    .update(websiteVisitors)
    .set(wrong ? { wrongCompanyAt: new Date(), wrongCompanyBy: auth.user.id } : { wrongCompanyAt: null, wrongCompanyBy: null })
    .where(and(eq(websiteVisitors.accountId, auth.account.id), eq(websiteVisitors.id, id)))
    .returning();
  const prospectsOf = await prospectsOfVisitors(deps.db, auth.account.id, [id]);
  return toVisitor(row!, prospectsOf);
}

// ——— Personal links ———

/** The account's campaigns and whether each sends personal links (off until turned on). */
export async function personalLinkCampaigns(deps: Deps, auth: Auth): Promise<PersonalLinkCampaign[]> {
  const rows = await deps.db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, enabled: campaignLinkSettings.enabled })
    .from(campaigns)
    .leftJoin(campaignLinkSettings, and(eq(campaignLinkSettings.campaignId, campaigns.id), eq(campaignLinkSettings.accountId, auth.account.id)))
    .where(and(eq(campaigns.accountId, auth.account.id), sql`${campaigns.status} <> 'archived'`))
    .orderBy(asc(campaigns.name));
  return rows.map((r) => ({ campaign_id: r.id, name: r.name, status: r.status, enabled: r.enabled ?? false }));
}

export async function setPersonalLinks(deps: Deps, auth: Auth, campaignId: number, enabled: boolean): Promise<PersonalLinkCampaign> {
  const [campaign] = await deps.db.select().from(campaigns).where(and(eq(campaigns.accountId, auth.account.id), eq(campaigns.id, campaignId)));
  if (!campaign) throw new HttpError(404, ['Campaign not found']);
  await deps.db
    .insert(campaignLinkSettings)
    .values({ campaignId, accountId: auth.account.id, enabled })
    .onConflictDoUpdate({ target: campaignLinkSettings.campaignId, set: { enabled, updatedAt: new Date() }, setWhere: eq(campaignLinkSettings.accountId, auth.account.id) });
  return { campaign_id: campaign.id, name: campaign.name, status: campaign.status, enabled };
}

/**
 * A prospect's personal link for a campaign (for the emails that carry it, and the landing pages): the account's link
 * target (its website unless set) with an unguessable pl token that ties the visit to the prospect. Null when the
 * campaign has not turned personal links on: the product sends no tracked link unless the user asked for one.
 * `campaignId` null: a link outside any campaign (the user's own 1:1 email), which the user asks for explicitly.
 */
export async function issueProspectLink(db: Db, accountId: number, prospectId: number, campaignId: number | null): Promise<string | null> {
  if (campaignId !== null) {
    const [setting] = await db
      .select()
      .from(campaignLinkSettings)
      .where(and(eq(campaignLinkSettings.accountId, accountId), eq(campaignLinkSettings.campaignId, campaignId)));
    if (!setting?.enabled) return null;
  }
  const [prospect] = await db.select({ id: prospects.id }).from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, prospectId)));
  if (!prospect) return null;
  const code = await codeRowOf(db, accountId);
  const target = code.linkTargetUrl ?? code.websiteUrl ?? (await onboardingWebsite(db, accountId));
  if (!target) return null;
  await db.insert(prospectLinks).values({ accountId, prospectId, campaignId, token: randomToken(18) }).onConflictDoNothing();
  const [link] = await db
    .select()
    .from(prospectLinks)
    .where(and(eq(prospectLinks.accountId, accountId), eq(prospectLinks.prospectId, prospectId), campaignId === null ? sql`${prospectLinks.campaignId} is null` : eq(prospectLinks.campaignId, campaignId)));
  const url = new URL(target);
  url.searchParams.set('pl', link!.token);
  return url.toString();
}

/**
 * A prospect's visits: through their personal link, or by their company while identified (the prospect's page, the
 * inbox thread's side panel). Newest first, at most `limit`.
 */
export async function prospectVisits(deps: Deps, accountId: number, prospectId: number, limit = 10): Promise<ProspectVisit[]> {
  await flushPageViews(deps);
  const result = (await deps.db.execute(sql`
    select wv.id, wv.started_at, wv.last_seen_at, wv.prospect_id, v.company_name, v.signal
    from website_visits wv
    join website_visitors v on v.account_id = wv.account_id and v.id = wv.visitor_id
    where wv.account_id = ${accountId} and (
      wv.prospect_id = ${prospectId}
      or (v.company_name is not null and v.wrong_company_at is null and exists (
        select 1 from prospects p where p.account_id = ${accountId} and p.id = ${prospectId} and ${PROSPECT_OF_VISITOR})))
    order by wv.started_at desc
    limit ${limit}`)) as unknown as { rows: Array<{ id: unknown; started_at: unknown; last_seen_at: unknown; prospect_id: unknown; company_name: string | null; signal: string | null }> };
  const ids = result.rows.map((r) => Number(r.id));
  const pages = ids.length
    ? await deps.db
        .select()
        .from(websitePageViews)
        .where(and(eq(websitePageViews.accountId, accountId), inArray(websitePageViews.visitId, ids)))
        .orderBy(asc(websitePageViews.occurredAt))
    : [];
  const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
  return result.rows.map((r) => ({
    visit_id: Number(r.id),
    started_at: iso(r.started_at),
    last_seen_at: iso(r.last_seen_at),
    pages: pages.filter((p) => p.visitId === Number(r.id)).map((p) => ({ path: p.path, title: p.title, occurred_at: p.occurredAt.toISOString() })),
    signal: Number(r.prospect_id) === prospectId ? 'personal_link' : (r.signal as ProspectVisit['signal']),
    company_name: r.company_name,
  }));
}
