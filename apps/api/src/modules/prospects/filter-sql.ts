import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FilterRange, PersonFilters } from '@shared/schemas/person-filters';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { prospects as p } from '../../db/schema';

/**
 * Every person-search filter of spec §3 as SQL over `prospects`. Matching rules:
 * - text equality (industries, departments, countries, regions, management level, funding stage,
 *   companies, company domains) ignores case; an exclude filter keeps rows where the field is unknown;
 * - titles and locations match when they contain the text, ignoring case (lower() LIKE, wildcards escaped);
 * - keywords search the title, headline, keywords, company, industry, department and about
 *   (full-text 'simple' configuration: whole words, any case); several keywords match if any does;
 * - technologies, intent topics, SIC and NAICS codes: array overlap (&&), NOT && to exclude;
 * - employees_numbers: company size within any of the picked "min,max" buckets;
 * - ranges: bounds below 0 are ignored (spec §5); organization_job_posted_at_range is in days ago;
 * - job_change_range_days: changed jobs within the last N days.
 */

const lowerArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v.toLowerCase()}`), sql`, `)}]::text[]`;
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const containsArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${`%${escapeLike(v.toLowerCase())}%`}`), sql`, `)}]::text[]`;

const inLower = (column: SQL | AnyPgColumn, values: string[]) => sql`lower(${column}) = any(${lowerArray(values)})`;
/** Excluding: rows with the field unknown stay in. */
const notInLower = (column: SQL | AnyPgColumn, values: string[]) => sql`coalesce(lower(${column}) <> all(${lowerArray(values)}), true)`;
/** lower() LIKE runs about twice as fast as ILIKE on PostgreSQL. */
const containsAny = (column: SQL | AnyPgColumn, values: string[]) => sql`coalesce(lower(${column}) like any(${containsArray(values)}), false)`;

/** All the places a person's location is written. */
const personPlace = sql`concat_ws(', ', ${p.location}, ${p.city}, ${p.region}, ${p.subregion}, ${p.country})`;

const keywordQuery = (keywords: string[]) =>
  sql.join(
    keywords.map((k) => sql`plainto_tsquery('simple', ${k})`),
    sql` || `,
  );

const normaliseDomain = (d: string) =>
  d
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');

function range(column: AnyPgColumn, r: FilterRange | undefined): SQL[] {
  const out: SQL[] = [];
  if (typeof r?.min === 'number' && r.min >= 0) out.push(sql`${column} >= ${r.min}`);
  if (typeof r?.max === 'number' && r.max >= 0) out.push(sql`${column} <= ${r.max}`);
  return out;
}

const names = (items: Array<{ name: string }> | undefined) => (items ?? []).map((i) => i.name).filter(Boolean);
const has = <T>(list: T[] | undefined): list is T[] => Array.isArray(list) && list.length > 0;

/** One SQL condition per filter given (all must hold). */
export function filterConditions(f: PersonFilters): SQL[] {
  const c: SQL[] = [];

  if (has(f.employees_numbers)) {
    const buckets = f.employees_numbers.map(({ value }) => {
      const [minText, maxText] = value.split(',');
      const min = Number(minText);
      const max = maxText ? Number(maxText) : null;
      return max === null ? sql`${p.companySize} >= ${min}` : sql`${p.companySize} between ${min} and ${max}`;
    });
    c.push(sql`(${sql.join(buckets, sql` or `)})`);
  }

  if (has(f.companies)) c.push(inLower(p.company, names(f.companies)));
  if (has(f.job_titles)) c.push(containsAny(p.title, names(f.job_titles)));
  if (has(f.person_not_titles)) c.push(sql`not ${containsAny(p.title, names(f.person_not_titles))}`);
  if (has(f.technologies)) c.push(sql`${p.technologies} && ${lowerArray(names(f.technologies))}`);
  if (has(f.industries)) c.push(inLower(p.industry, names(f.industries)));
  if (has(f.not_industries)) c.push(notInLower(p.industry, names(f.not_industries)));
  if (has(f.intent_topics)) c.push(sql`${p.intentTopics} && ${lowerArray(names(f.intent_topics))}`);
  if (has(f.not_intent_topics)) c.push(sql`not (${p.intentTopics} && ${lowerArray(names(f.not_intent_topics))})`);

  if (has(f.company_sic_codes)) c.push(sql`${p.sicCodes} && ${textArray(f.company_sic_codes)}`);
  if (has(f.company_naics_codes)) c.push(sql`${p.naicsCodes} && ${textArray(f.company_naics_codes)}`);

  if (has(f.keywords)) c.push(sql`${p.searchDocument} @@ (${keywordQuery(f.keywords)})`);
  if (has(f.not_keywords)) c.push(sql`not (${p.searchDocument} @@ (${keywordQuery(f.not_keywords)}))`);
  if (has(f.departments)) c.push(inLower(p.department, f.departments));
  if (has(f.company_domains)) c.push(inLower(p.companyDomain, f.company_domains.map(normaliseDomain)));
  if (has(f.person_not_locations)) c.push(sql`not ${containsAny(personPlace, f.person_not_locations)}`);
  if (typeof f.job_change_range_days === 'number') {
    c.push(sql`${p.jobChangedAt} >= current_date - ${f.job_change_range_days}::int`);
  }
  if (has(f.organization_locations)) c.push(containsAny(p.companyLocation, f.organization_locations));
  if (has(f.organization_not_locations)) c.push(sql`not ${containsAny(p.companyLocation, f.organization_not_locations)}`);

  if (has(f.person_countries)) c.push(inLower(p.country, f.person_countries));
  if (has(f.person_subregions)) c.push(inLower(p.subregion, f.person_subregions));
  if (has(f.person_regions)) c.push(inLower(p.region, f.person_regions));
  if (has(f.person_location_names)) c.push(containsAny(personPlace, f.person_location_names));

  const stage = f.organization_latest_funding_stage?.value;
  if (stage) c.push(sql`lower(${p.fundingStage}) = ${stage.toLowerCase()}`);

  const posted = f.organization_job_posted_at_range;
  if (typeof posted?.min === 'number' && posted.min >= 0) c.push(sql`${p.jobPostedAt} <= current_date - ${Math.floor(posted.min)}::int`);
  if (typeof posted?.max === 'number' && posted.max >= 0) c.push(sql`${p.jobPostedAt} >= current_date - ${Math.floor(posted.max)}::int`);
  c.push(...range(p.foundedYear, f.organization_founded_year_range));
  c.push(...range(p.retailLocationCount, f.organization_retail_location_count_range));
  c.push(...range(p.revenue, f.revenue_range));

  if (has(f.management_level)) c.push(inLower(p.managementLevel, f.management_level.map((m) => m.value)));
  return c;
}

/** The account's prospects matching every filter. */
export const whereFilters = (accountId: number, filters: PersonFilters): SQL =>
  and(eq(p.accountId, accountId), ...filterConditions(filters))!;
