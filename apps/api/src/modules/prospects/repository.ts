import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PersonFilters } from '@shared/schemas/person-filters';
import type { Prospect } from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { activities, personaProspects, personas, prospects, type ProspectRow } from '../../db/schema';
import { whereFilters } from './filter-sql';

export type ProspectWithPersonas = Omit<ProspectRow, 'searchDocument'> & { personaIds: number[] };

/** The personas a prospect is loaded into (all in its own account: memberships never cross accounts). */
const personaIds = sql<number[]>`coalesce((select array_agg(pp.persona_id order by pp.persona_id) from ${personaProspects} pp where pp.prospect_id = ${prospects.id}), '{}')`;
/** Every column but the generated search document (only the keyword filter reads it, in SQL). */
const { searchDocument: _searchDocument, ...prospectColumns } = getTableColumns(prospects);
export { prospectColumns };
const withPersonas = { ...prospectColumns, personaIds };

export type ProspectRecord = Omit<ProspectRow, 'searchDocument'>;

/** Comma-separated keywords as a list. */
export const keywordList = (keywords: string | null): string[] =>
  keywords
    ? keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : [];

/** The filter fields of a prospect record as JSON (shared by the stored and the searched answers). */
export function prospectFilterFieldsJson(row: Omit<ProspectRecord, 'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'source'>) {
  return {
    company_domain: row.companyDomain,
    company_size: row.companySize,
    industry: row.industry,
    sic_codes: row.sicCodes,
    naics_codes: row.naicsCodes,
    technologies: row.technologies,
    funding_stage: row.fundingStage,
    revenue: row.revenue === null ? null : Number(row.revenue),
    founded_year: row.foundedYear,
    retail_location_count: row.retailLocationCount,
    job_posted_at: row.jobPostedAt,
    department: row.department,
    management_level: row.managementLevel,
    seniority: row.seniority,
    country: row.country,
    region: row.region,
    subregion: row.subregion,
    city: row.city,
    company_location: row.companyLocation,
    keywords: keywordList(row.keywords),
    intent_topics: row.intentTopics,
    job_changed_at: row.jobChangedAt,
  };
}

export function toProspectJson(row: ProspectWithPersonas): Prospect {
  return {
    id: row.id,
    linkedin_url: row.linkedinUrl,
    email: row.email,
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    headline: row.headline,
    title: row.title,
    company: row.company,
    location: row.location,
    photo_url: row.photoUrl,
    ...prospectFilterFieldsJson(row),
    source: row.source,
    persona_ids: row.personaIds.map(Number),
    in_conversation_since: row.inConversationSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type ProspectFields = Pick<
  ProspectRow,
  'fullName' | 'firstName' | 'lastName' | 'headline' | 'title' | 'company' | 'location' | 'photoUrl' | 'about' | 'profile'
>;

/** A field the new capture did not show keeps what we knew; one it did show replaces it. */
const keepUnlessGiven = (column: string) => sql.raw(`coalesce(excluded.${column}, prospects.${column})`);

/**
 * Inserts the prospect, or updates the one with this LinkedIn URL in the account: one statement on
 * the partial unique index, so concurrent adds of one person cannot create two rows. `email` is only
 * written when no other prospect of the account has it (the email is unique per account too).
 */
export async function upsertByLinkedInUrl(
  db: Db,
  accountId: number,
  input: { linkedinUrl: string; email: string | null; source: ProspectRow['source'] } & ProspectFields,
): Promise<{ id: number; created: boolean }> {
  const email = input.email
    ? sql`(case when exists (select 1 from ${prospects} where account_id = ${accountId} and lower(email) = lower(${input.email})) then null else ${input.email}::text end)`
    : null;
  const [row] = await db
    .insert(prospects)
    .values({ ...input, accountId, email })
    .onConflictDoUpdate({
      target: [prospects.accountId, prospects.linkedinUrl],
      targetWhere: sql`linkedin_url is not null`,
      set: {
        fullName: keepUnlessGiven('full_name'),
        firstName: keepUnlessGiven('first_name'),
        lastName: keepUnlessGiven('last_name'),
        headline: keepUnlessGiven('headline'),
        title: keepUnlessGiven('title'),
        company: keepUnlessGiven('company'),
        location: keepUnlessGiven('location'),
        photoUrl: keepUnlessGiven('photo_url'),
        about: keepUnlessGiven('about'),
        email: sql.raw('coalesce(prospects.email, excluded.email)'),
        profile: sql.raw('coalesce(excluded.profile, prospects.profile)'),
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 only on a freshly inserted row version: it tells insert from update in one round trip.
    .returning({ id: prospects.id, created: sql<boolean>`(xmax = 0)` });
  return { id: row!.id, created: Boolean(row!.created) };
}

/**
 * The account's prospect with this email (any case) gets the fields given (the others keep what we knew), or a new
 * one is written: for callers that know a person by address (the API's "create a prospect", issue 27). A concurrent
 * insert of the same address fails on the unique index; the caller tries once more and finds it.
 */
export async function upsertByEmail(
  db: Db,
  accountId: number,
  input: { email: string; source: ProspectRow['source'] } & Partial<Pick<ProspectRow, 'fullName' | 'firstName' | 'lastName' | 'title' | 'company' | 'linkedinUrl'>>,
): Promise<{ id: number; created: boolean }> {
  const [existing] = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), sql`lower(${prospects.email}) = lower(${input.email})`))
    .limit(1);
  const { source, email, ...fields } = input;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
  if (existing) {
    if (Object.keys(given).length) {
      await db
        .update(prospects)
        .set({ ...given, updatedAt: sql`now()` })
        .where(and(eq(prospects.accountId, accountId), eq(prospects.id, existing.id)));
    }
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(prospects)
    .values({ ...given, email, source, accountId })
    .returning({ id: prospects.id });
  return { id: row!.id, created: true };
}

export async function addToPersona(db: Db, accountId: number, personaId: number, prospectId: number): Promise<void> {
  await db.insert(personaProspects).values({ accountId, personaId, prospectId }).onConflictDoNothing();
}

async function findOne(db: Db, where: SQL | undefined): Promise<ProspectWithPersonas | null> {
  const [row] = await db.select(withPersonas).from(prospects).where(where).limit(1);
  return row ?? null;
}

export const findInAccount = (db: Db, accountId: number, id: number) =>
  findOne(db, and(eq(prospects.accountId, accountId), eq(prospects.id, id)));

export const findInAccountByLinkedInUrl = (db: Db, accountId: number, linkedinUrl: string) =>
  findOne(db, and(eq(prospects.accountId, accountId), eq(prospects.linkedinUrl, linkedinUrl)));

export type ProspectOrder = { orderBy: 'created_at' | 'updated_at' | 'full_name' | 'company'; direction: 'asc' | 'desc' };

const ORDER_COLUMNS = {
  created_at: prospects.createdAt,
  updated_at: prospects.updatedAt,
  full_name: prospects.fullName,
  company: prospects.company,
} as const;

/** One page of a persona's prospects (the persona must already be known to be the account's). */
export async function pageOfPersona(
  db: Db,
  accountId: number,
  personaId: number,
  page: { page: number; perPage: number } & ProspectOrder,
): Promise<{ rows: ProspectWithPersonas[]; total: number }> {
  const column = ORDER_COLUMNS[page.orderBy];
  const dir = page.direction === 'asc' ? asc : desc;
  const inPersona = and(eq(personaProspects.accountId, accountId), eq(personaProspects.personaId, personaId));
  const [rows, [total]] = await Promise.all([
    db
      .select(withPersonas)
      .from(prospects)
      .innerJoin(personaProspects, eq(personaProspects.prospectId, prospects.id))
      .where(and(inPersona, eq(prospects.accountId, accountId)))
      // Names and companies may be missing: those go last either way; the id keeps pages stable.
      .orderBy(sql`${column} ${sql.raw(page.direction)} nulls last`, dir(prospects.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(personaProspects).where(inPersona),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// The account-wide prospects page: list, select, add to a persona, erase, export.
// ---------------------------------------------------------------------------------------------

export type ProspectQueryInput = { search: string; filters: PersonFilters; persona: 'all' | 'none' | number };

/** The outer row's id, qualified (drizzle writes a bare "id" in a one-table select, which a subquery could capture). */
const prospectId = sql.raw('"prospects"."id"');
const inPersonaOf = (personaId: number) =>
  sql`exists (select 1 from ${personaProspects} pp where pp.prospect_id = ${prospectId} and pp.persona_id = ${personaId})`;
const inNoPersona = sql`not exists (select 1 from ${personaProspects} pp where pp.prospect_id = ${prospectId})`;

/** LIKE pattern for "contains", with the wildcards in the user's text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The account's prospects a query matches: text search, the persona filters and membership. */
export function whereQuery(accountId: number, q: ProspectQueryInput): SQL {
  const pattern = q.search ? containsPattern(q.search) : null;
  return and(
    whereFilters(accountId, q.filters),
    pattern
      ? or(
          ilike(prospects.fullName, pattern),
          ilike(prospects.email, pattern),
          ilike(prospects.company, pattern),
          ilike(prospects.linkedinUrl, pattern),
        )
      : undefined,
    q.persona === 'none' ? inNoPersona : typeof q.persona === 'number' ? inPersonaOf(q.persona) : undefined,
  )!;
}

const LIST_ORDER = {
  created_at: prospects.createdAt,
  updated_at: prospects.updatedAt,
  full_name: sql`lower(${prospects.fullName})`,
  company: sql`lower(${prospects.company})`,
  email: sql`lower(${prospects.email})`,
} as const;

/**
 * One page of the account's prospects matching a query, with the total. The page's ids are found first
 * (the sort then carries only the key and the id, not every column of every match), then those rows are read.
 */
export async function pageInAccount(
  db: Db,
  accountId: number,
  q: ProspectQueryInput,
  page: { page: number; perPage: number; sort: keyof typeof LIST_ORDER; direction: 'asc' | 'desc' },
): Promise<{ rows: ProspectWithPersonas[]; total: number }> {
  const where = whereQuery(accountId, q);
  const dir = page.direction === 'asc' ? asc : desc;
  const key = LIST_ORDER[page.sort];
  // created_at is never null; the other keys may be, and those go last either way. The id keeps pages stable.
  const order = page.sort === 'created_at' ? dir(prospects.createdAt) : sql`${key} ${sql.raw(page.direction)} nulls last`;
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: prospects.id })
      .from(prospects)
      .where(where)
      .orderBy(order, dir(prospects.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(prospects).where(where),
  ]);
  const picked = ids.map((r) => r.id);
  const rows = picked.length
    ? await db
        .select(withPersonas)
        .from(prospects)
        .where(and(eq(prospects.accountId, accountId), inArray(prospects.id, picked)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: picked.map((id) => byId.get(id)!).filter(Boolean), total: Number(total?.n ?? 0) };
}

export type Selection = { ids: number[] } | { query: ProspectQueryInput };

const whereSelection = (accountId: number, s: Selection): SQL =>
  'ids' in s ? and(eq(prospects.accountId, accountId), inArray(prospects.id, s.ids))! : whereQuery(accountId, s.query);

/** Adds the selected prospects to a persona (of the same account); members already there stay once. */
export async function addSelectionToPersona(db: Db, accountId: number, personaId: number, s: Selection) {
  const result = await db.execute(sql`
    with picked as (select ${prospects.id} as id from ${prospects} where ${whereSelection(accountId, s)}),
    added as (
      insert into ${personaProspects} (persona_id, prospect_id, account_id)
      select ${personaId}, id, ${accountId} from picked
      on conflict do nothing
      returning 1
    )
    select (select count(*) from added)::int as added, (select count(*) from picked)::int as picked`);
  const [row] = (result as unknown as { rows: Array<{ added: number | string; picked: number | string }> }).rows;
  const added = Number(row?.added ?? 0);
  return { added, already: Number(row?.picked ?? 0) - added };
}

/**
 * Erasure: the selected prospects and everything recorded about them — their persona memberships
 * (cascade), their activity-log entries, and their use as a messaging setting's example (set null).
 */
export async function eraseSelection(db: Db, accountId: number, s: Selection): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = (await tx.select({ id: prospects.id }).from(prospects).where(whereSelection(accountId, s))).map((r) => r.id);
    if (!ids.length) return 0;
    for (let i = 0; i < ids.length; i += 5000) {
      const chunk = ids.slice(i, i + 5000);
      await tx.delete(activities).where(and(eq(activities.accountId, accountId), inArray(activities.prospectId, chunk)));
      await tx.delete(prospects).where(and(eq(prospects.accountId, accountId), inArray(prospects.id, chunk)));
    }
    return ids.length;
  });
}

/** Every selected prospect with its persona names, for a CSV (newest first): only the exported columns. */
export async function exportRows(db: Db, accountId: number, s: Selection) {
  return db
    .select({
      id: prospects.id,
      fullName: prospects.fullName,
      firstName: prospects.firstName,
      lastName: prospects.lastName,
      email: prospects.email,
      linkedinUrl: prospects.linkedinUrl,
      title: prospects.title,
      company: prospects.company,
      companyDomain: prospects.companyDomain,
      industry: prospects.industry,
      companySize: prospects.companySize,
      location: prospects.location,
      country: prospects.country,
      source: prospects.source,
      createdAt: prospects.createdAt,
      personaNames: sql<string | null>`(select string_agg(pe.name, '; ' order by lower(pe.name)) from ${personaProspects} pp join ${personas} pe on pe.id = pp.persona_id where pp.prospect_id = ${prospectId})`,
    })
    .from(prospects)
    .where(whereSelection(accountId, s))
    .orderBy(desc(prospects.createdAt), desc(prospects.id));
}
