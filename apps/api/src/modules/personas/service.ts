import { personaOutreach } from '../insights/persona-outreach';
import { joinRunningCampaigns } from '../campaigns/enrolment';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { canonicalLinkedInProfileUrl, type LinkedInProfile } from '@shared/schemas/linkedin';
import { parsePersonFilters, serializePersonFilters, type FilterInfoFilter } from '@shared/schemas/person-filters';
import {
  SEARCH_METADATA_FACETS,
  type createPersonaBodySchema,
  type FilterInfoItem,
  type filterInfoQuerySchema,
  type filtersBodySchema,
  type loadedProspectsQuerySchema,
  type PageMeta,
  type Persona,
  type personaListQuerySchema,
  type Prospect,
  type ProspectsPreview,
  type SearchMetadata,
  type updatePersonaBodySchema,
} from '@shared/schemas/personas';
import { prospects } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { BuiltInProspectSource, fromVendor, prospectSourceFor } from '../prospect-sources';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { isUniqueViolation } from '../auth/service';
import * as prospectsRepo from '../prospects/repository';
import * as repo from './repository';

export const MESSAGES = {
  nameTaken: 'A persona with this name already exists',
  notFound: 'Persona not found',
  badProfileUrl: 'Profile URL must be a LinkedIn profile address like https://www.linkedin.com/in/jane-doe/',
} as const;

type Page<T> = { data: T[]; meta: PageMeta };

export async function create(deps: Deps, auth: AuthContext, body: z.output<typeof createPersonaBodySchema>): Promise<Persona> {
  try {
    return repo.toPersonaJson(await repo.insert(deps.db, auth.account.id, {
        name: body.name,
        description: body.description ?? null,
        filters: serializePersonFilters(parsePersonFilters(body.filters)),
      }));
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.nameTaken);
    throw err;
  }
}

async function personaOf(db: Db, auth: AuthContext, id: number) {
  const persona = await repo.findInAccount(db, auth.account.id, id);
  // Another account's persona answers exactly like a missing one.
  if (!persona) throw notFound(MESSAGES.notFound);
  return persona;
}

export async function loadedProspects(
  deps: Deps,
  auth: AuthContext,
  personaId: number,
  q: z.output<typeof loadedProspectsQuerySchema>,
): Promise<Page<Prospect>> {
  await personaOf(deps.db, auth, personaId);
  const { rows, total } = await prospectsRepo.pageOfPersona(deps.db, auth.account.id, personaId, {
    page: q.page,
    perPage: q.per_page,
    orderBy: q.order_by,
    direction: q.order_direction,
  });
  return { data: rows.map(prospectsRepo.toProspectJson), meta: { page: q.page, per_page: q.per_page, total } };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first plausible email LinkedIn showed in the contact info, if any. */
function capturedEmail(profile: LinkedInProfile): string | null {
  const email = profile.contact_info?.emails.map((e) => e.trim().toLowerCase()).find((e) => e.length <= 254 && EMAIL.test(e));
  return email ?? null;
}

/**
 * Adds a captured LinkedIn profile to a persona in one transaction: the prospect with that URL is
 * updated (or created) and gets the membership; the same person is never stored twice.
 */
export async function addCapturedProspect(
  deps: Deps,
  auth: AuthContext,
  personaId: number,
  profile: LinkedInProfile,
): Promise<{ data: Prospect; created: boolean }> {
  const linkedinUrl = canonicalLinkedInProfileUrl(profile.profile_url);
  if (!linkedinUrl) throw unprocessable(MESSAGES.badProfileUrl);
  const accountId = auth.account.id;
  const fields = {
    linkedinUrl,
    source: 'extension' as const,
    fullName: profile.full_name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    headline: profile.headline,
    title: profile.current_title,
    company: profile.current_company,
    location: profile.location,
    photoUrl: profile.photo_url,
    about: profile.about,
    profile: { ...profile, profile_url: linkedinUrl },
  };
  const attempt = (email: string | null) =>
    deps.db.transaction(async (tx) => {
      await personaOf(tx, auth, personaId);
      const { id, created } = await prospectsRepo.upsertByLinkedInUrl(tx, accountId, { ...fields, email });
      await prospectsRepo.addToPersona(tx, accountId, personaId, id);
      await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'prospect_added', channel: 'linkedin', prospectId: id, personaId, payload: { source: 'extension', created } });
      await joinRunningCampaigns(deps, accountId, [personaId], tx);
      const row = await prospectsRepo.findInAccount(tx, accountId, id);
      return { data: prospectsRepo.toProspectJson(row!), created };
    });
  const email = capturedEmail(profile);
  try {
    return await attempt(email);
  } catch (err) {
    // Another prospect took this email between our check and the insert: keep the person, skip the email.
    if (email && isUniqueViolation(err)) return attempt(null);
    throw err;
  }
}

/**
 * Adds a person known by email to a persona (the API's "create a prospect in a persona", issue 27): the account's
 * prospect with that address is updated with the fields given (or created), joins the persona and its running
 * campaigns, and prospect_added is logged (created: whether the person is new), all in one transaction.
 */
export async function addProspectByEmail(
  deps: Deps,
  auth: AuthContext,
  personaId: number,
  input: { email: string; firstName?: string; lastName?: string; fullName?: string; company?: string; title?: string; linkedinUrl?: string },
): Promise<{ data: Prospect; created: boolean }> {
  const accountId = auth.account.id;
  const fullName = input.fullName ?? ([input.firstName, input.lastName].filter(Boolean).join(' ') || undefined);
  const attempt = () =>
    deps.db.transaction(async (tx) => {
      await personaOf(tx, auth, personaId);
      const { id, created } = await prospectsRepo.upsertByEmail(tx, accountId, { ...input, fullName, source: 'api' });
      await prospectsRepo.addToPersona(tx, accountId, personaId, id);
      await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'prospect_added', channel: 'email', prospectId: id, personaId, payload: { source: 'api', created } });
      await joinRunningCampaigns(deps, accountId, [personaId], tx);
      const row = await prospectsRepo.findInAccount(tx, accountId, id);
      return { data: prospectsRepo.toProspectJson(row!), created };
    });
  try {
    return await attempt();
  } catch (err) {
    // The same address arrived twice at once (or the LinkedIn URL is another prospect's): once more finds the row.
    if (isUniqueViolation(err)) {
      try {
        return await attempt();
      } catch (again) {
        if (isUniqueViolation(again)) throw unprocessable('Another prospect of this account has this LinkedIn URL');
        throw again;
      }
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Business information: the persona form, saved searches, previews and the performance export.
// ---------------------------------------------------------------------------------------------

function personaJson(row: repo.PersonaWithCount, view: 'full' | 'compact' = 'full'): Persona {
  const json = repo.toPersonaJson(row);
  if (view === 'compact') delete json.filters;
  return json;
}

/** GET persons with view, sort, sort_direction, filter (name/description contains) and paging. */
export async function listPersonas(deps: Deps, auth: AuthContext, q: z.output<typeof personaListQuerySchema>): Promise<Page<Persona>> {
  const { rows, total } = await repo.pageInAccount(deps.db, auth.account.id, {
    page: q.page,
    perPage: q.per_page,
    sort: q.sort,
    direction: q.sort_direction,
    filter: q.filter,
    withMessagingSettings: q.with_messaging_settings,
  });
  return { data: rows.map((r) => personaJson(r, q.view)), meta: { page: q.page, per_page: q.per_page, total } };
}

export async function edit(deps: Deps, auth: AuthContext, id: number): Promise<Persona> {
  const row = await repo.findWithCount(deps.db, auth.account.id, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return personaJson(row);
}

export async function update(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updatePersonaBodySchema>): Promise<Persona> {
  const changes: Parameters<typeof repo.update>[3] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.description !== undefined) changes.description = body.description;
  // Stored in wire form, normalised (codes to digits, blanks and empty lists dropped).
  if (body.filters !== undefined) changes.filters = serializePersonFilters(parsePersonFilters(body.filters));
  try {
    if (!(await repo.update(deps.db, auth.account.id, id, changes))) throw notFound(MESSAGES.notFound);
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.nameTaken);
    throw err;
  }
  return edit(deps, auth, id);
}

export async function remove(deps: Deps, auth: AuthContext, id: number): Promise<{ id: number }> {
  if (!(await repo.remove(deps.db, auth.account.id, id))) throw notFound(MESSAGES.notFound);
  return { id };
}

/** Where filter_info finds each facet's values among the account's prospects (constant SQL). */
const FILTER_INFO_SQL: Record<FilterInfoFilter, string> = {
  job_titles: 'title',
  companies: 'company',
  industries: 'industry',
  technologies: 'unnest(technologies)',
  intent_topics: 'unnest(intent_topics)',
  departments: 'department',
  management_level: 'management_level',
  seniority: 'seniority',
  funding_stage: 'funding_stage',
  company_domains: 'company_domain',
  person_countries: 'country',
  person_regions: 'region',
  person_subregions: 'subregion',
  locations: 'location',
  organization_locations: 'company_location',
  keywords: "trim(unnest(string_to_array(keywords, ',')))",
  company_sic_codes: 'unnest(sic_codes)',
  company_naics_codes: 'unnest(naics_codes)',
};

/**
 * Typeahead for a filter facet: the account's own distinct values containing `value` (any case), most
 * frequent first, at most 20. use_default_vendor answers the same (Apollo's people search has no
 * typeahead call; its values are free text).
 */
export async function filterInfo(deps: Deps, auth: AuthContext, q: z.output<typeof filterInfoQuerySchema>): Promise<FilterInfoItem[]> {
  const expr = sql.raw(FILTER_INFO_SQL[q.filter]);
  const pattern = `%${q.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = (await deps.db.execute(sql`
    select v, count(*)::int as n from (select ${expr} as v from ${prospects} where account_id = ${auth.account.id}) s
    where v is not null and v <> '' and v ilike ${pattern}
    group by v order by n desc, v limit 20`)) as unknown as { rows: Array<{ v: string; n: number | string }> };
  return result.rows.map((r) => ({ id: String(r.v), name: String(r.v), uid: String(r.v), count: Number(r.n) }));
}

/** Counts per facet for the prospects the filters match (a vendor gives its total only). */
export async function searchMetadata(deps: Deps, auth: AuthContext, body: z.output<typeof filtersBodySchema>): Promise<SearchMetadata> {
  const filters = parsePersonFilters(body.filters);
  if (body.use_default_vendor) {
    const source = prospectSourceFor(deps.db, true);
    const total = await fromVendor(() => source.count(auth.account.id, filters));
    return { total, facets: Object.fromEntries(SEARCH_METADATA_FACETS.map((f) => [f, []])) as unknown as SearchMetadata['facets'] };
  }
  return new BuiltInProspectSource(deps.db).facets(auth.account.id, filters);
}

export const PREVIEW_SAMPLE_SIZE = 10;

/** What a search would load before it is saved: the count and the first 10. */
export async function prospectsPreview(deps: Deps, auth: AuthContext, body: z.output<typeof filtersBodySchema>): Promise<ProspectsPreview> {
  const filters = parsePersonFilters(body.filters);
  const source = prospectSourceFor(deps.db, body.use_default_vendor);
  const [count, sample] = await fromVendor(() =>
    Promise.all([source.count(auth.account.id, filters), source.search(auth.account.id, filters, { page: 1, perPage: PREVIEW_SAMPLE_SIZE })]),
  );
  return { count, sample };
}

export const PERFORMANCE_CSV_HEADER = [
  'Persona ID',
  'Persona',
  'Description',
  'Prospects',
  'Prospects with email',
  'Prospects with LinkedIn',
  'Prospects added in the last 30 days',
  'Emails sent',
  'Replies',
  'Positive replies',
  'Meetings booked',
  'Bounces',
  'Unsubscribes',
  'Created at',
  'Updated at',
];

/** The account's personas with their prospect numbers and their outreach (all time, as insights count it), as CSV (formula cells escaped). */
export async function performanceCsv(deps: Deps, auth: AuthContext): Promise<string> {
  const [rows, outreach] = await Promise.all([repo.performanceRows(deps.db, auth.account.id), personaOutreach(deps.db, auth.account.id)]);
  const none = { sent: 0, replies: 0, positive: 0, meetings: 0, bounces: 0, unsubscribes: 0 };
  return toCsv(
    PERFORMANCE_CSV_HEADER,
    rows.map((r) => {
      const o = outreach.get(r.id) ?? none;
      return [r.id, r.name, r.description, Number(r.prospects), Number(r.withEmail), Number(r.withLinkedIn), Number(r.addedLast30Days), o.sent, o.replies, o.positive, o.meetings, o.bounces, o.unsubscribes, r.createdAt, r.updatedAt];
    }),
  );
}
