import { count, desc, sql } from 'drizzle-orm';
import { COMPANY_SIZE_BUCKETS, type PersonFilters } from '@shared/schemas/person-filters';
import type { FacetCount, SearchedProspect, SearchMetadata } from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { prospects as p } from '../../db/schema';
import { prospectColumns, prospectFilterFieldsJson, type ProspectRecord } from '../prospects/repository';
import { whereFilters } from '../prospects/filter-sql';
import type { ProspectSource, SearchPage } from './types';

export function toSearchedProspect(row: ProspectRecord): SearchedProspect {
  return {
    id: row.id,
    external_id: null,
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
  };
}

/** The account's own prospects (imported, captured, added by hand), every filter applied in SQL. */
export class BuiltInProspectSource implements ProspectSource {
  readonly name = 'built-in' as const;
  constructor(private readonly db: Db) {}

  async search(accountId: number, filters: PersonFilters, page: SearchPage): Promise<SearchedProspect[]> {
    const rows = await this.db
      .select(prospectColumns)
      .from(p)
      .where(whereFilters(accountId, filters))
      // Newest first by id (identity order): walks the primary key backwards and stops at the page.
      .orderBy(desc(p.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage);
    return rows.map(toSearchedProspect);
  }

  async count(accountId: number, filters: PersonFilters): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(p).where(whereFilters(accountId, filters));
    return Number(row?.n ?? 0);
  }

  /** Ids of every match (loading a saved search into its persona). */
  async ids(accountId: number, filters: PersonFilters): Promise<number[]> {
    const rows = await this.db.select({ id: p.id }).from(p).where(whereFilters(accountId, filters));
    return rows.map((r) => r.id);
  }

  /** Counts per facet over the matching prospects (the top 20 values of each). */
  async facets(accountId: number, filters: PersonFilters): Promise<SearchMetadata> {
    const where = whereFilters(accountId, filters);
    const top = async (expr: ReturnType<typeof sql<string>>): Promise<FacetCount[]> => {
      const rows = await this.db
        .select({ value: sql<string>`${expr}`.as('value'), n: count() })
        .from(p)
        .where(sql`${where} and ${expr} is not null and ${expr} <> ''`)
        .groupBy(sql`1`)
        .orderBy(sql`2 desc`, sql`1`)
        .limit(20);
      return rows.map((r) => ({ value: String(r.value), count: Number(r.n) }));
    };
    const technologies = async (): Promise<FacetCount[]> => {
      const result = (await this.db.execute(
        sql`select t as value, count(*) as n from ${p}, unnest(${p.technologies}) t where ${where} group by 1 order by 2 desc, 1 limit 20`,
      )) as unknown as { rows: Array<{ value: string; n: number | string }> };
      return result.rows.map((r) => ({ value: r.value, count: Number(r.n) }));
    };
    // The shared buckets (COMPANY_SIZE_BUCKETS), so a facet value is always one the filter UI offers.
    const employees = sql<string>`case when ${p.companySize} is null or ${p.companySize} < 1 then null ${sql.join(
      COMPANY_SIZE_BUCKETS.map((b) => {
        const [min, max] = b.value.split(',');
        return max ? sql`when ${p.companySize} <= ${Number(max)} then ${b.value}` : sql`when ${p.companySize} >= ${Number(min)} then ${b.value}`;
      }),
      sql` `,
    )} end`;
    const [total, industries, departments, management, seniority, countries, funding, tech, sizes] = await Promise.all([
      this.count(accountId, filters),
      top(sql`${p.industry}`),
      top(sql`${p.department}`),
      top(sql`${p.managementLevel}`),
      top(sql`${p.seniority}`),
      top(sql`${p.country}`),
      top(sql`${p.fundingStage}`),
      technologies(),
      top(employees),
    ]);
    return {
      total,
      facets: {
        industries,
        departments,
        management_level: management,
        seniority,
        person_countries: countries,
        funding_stage: funding,
        technologies: tech,
        employees_numbers: sizes,
      },
    };
  }
}
