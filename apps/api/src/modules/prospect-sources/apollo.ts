import type { PersonFilters } from '@shared/schemas/person-filters';
import type { SearchedProspect } from '@shared/schemas/personas';
import { ProspectSourceError, type ProspectSource, type SearchPage } from './types';

export type ApolloConfig = { apiKey: string; baseUrl: string; timeoutMs: number };

/** APOLLO_API_KEY enables the Apollo source; APOLLO_BASE_URL points it elsewhere (tests). */
export function apolloConfigFrom(env: Record<string, string | undefined> = process.env): ApolloConfig | null {
  const apiKey = env.APOLLO_API_KEY?.trim();
  if (!apiKey) return null;
  return {
    apiKey,
    baseUrl: (env.APOLLO_BASE_URL?.trim() || 'https://api.apollo.io').replace(/\/+$/, ''),
    timeoutMs: Number(env.APOLLO_TIMEOUT_MS) > 0 ? Number(env.APOLLO_TIMEOUT_MS) : 15_000,
  };
}

export const APOLLO_PEOPLE_SEARCH_PATH = '/api/v1/mixed_people/search';

const dateDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const names = (items: Array<{ name: string }> | undefined) => items?.map((i) => i.name);
const uidsOrNames = (items: Array<{ name: string; uid: string }> | undefined) => items?.map((i) => i.uid || i.name);

/**
 * The People Search body of Apollo's documented API for a filter model. Filters Apollo's people
 * search has no parameter for (industries, SIC/NAICS, intent topics, exclusions other than titles
 * and organization locations, job change, founded year, retail locations) are applied only by the
 * built-in source.
 */
export function apolloSearchBody(f: PersonFilters, page: SearchPage): Record<string, unknown> {
  const body: Record<string, unknown> = {
    person_titles: names(f.job_titles),
    person_not_titles: names(f.person_not_titles),
    person_locations: [...(f.person_location_names ?? []), ...(f.person_regions ?? []), ...(f.person_subregions ?? []), ...(f.person_countries ?? [])],
    person_seniorities: f.management_level?.map((m) => m.value),
    person_department_or_subdepartments: f.departments,
    organization_locations: f.organization_locations,
    organization_not_locations: f.organization_not_locations,
    q_organization_domains_list: f.company_domains,
    organization_names: names(f.companies),
    organization_num_employees_ranges: f.employees_numbers?.map((e) => e.value),
    q_keywords: f.keywords?.length ? f.keywords.join(' ') : undefined,
    currently_using_any_of_technology_uids: uidsOrNames(f.technologies),
    organization_latest_funding_stage_cd: f.organization_latest_funding_stage?.value ? [f.organization_latest_funding_stage.value] : undefined,
    page: page.page,
    per_page: page.perPage,
  };
  const revenue: Record<string, number> = {};
  if (typeof f.revenue_range?.min === 'number' && f.revenue_range.min >= 0) revenue.min = f.revenue_range.min;
  if (typeof f.revenue_range?.max === 'number' && f.revenue_range.max >= 0) revenue.max = f.revenue_range.max;
  if (Object.keys(revenue).length) body.revenue_range = revenue;
  // Our range is in days ago; Apollo's takes dates (min = the older date).
  const posted = f.organization_job_posted_at_range;
  const postedRange: Record<string, string> = {};
  if (typeof posted?.max === 'number' && posted.max >= 0) postedRange.min = dateDaysAgo(posted.max);
  if (typeof posted?.min === 'number' && posted.min >= 0) postedRange.max = dateDaysAgo(posted.min);
  if (Object.keys(postedRange).length) body.organization_job_posted_at_range = postedRange;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete body[key];
  }
  return body;
}

type ApolloPerson = {
  id?: string;
  first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
  linkedin_url?: string | null;
  title?: string | null;
  headline?: string | null;
  email?: string | null;
  photo_url?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  seniority?: string | null;
  departments?: string[] | null;
  organization?: {
    name?: string | null;
    primary_domain?: string | null;
    estimated_num_employees?: number | null;
    industry?: string | null;
    founded_year?: number | null;
    annual_revenue?: number | null;
    latest_funding_stage?: string | null;
    sic_codes?: string[] | null;
    naics_codes?: string[] | null;
    technology_names?: string[] | null;
    city?: string | null;
    state?: string | null;
    country?: string | null;
  } | null;
};
type ApolloSearchAnswer = { people?: ApolloPerson[]; contacts?: ApolloPerson[]; pagination?: { total_entries?: number }; total_entries?: number };

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function fromApolloPerson(person: ApolloPerson): SearchedProspect {
  const org = person.organization ?? {};
  const location = [person.city, person.state, person.country].map(str).filter(Boolean).join(', ') || null;
  return {
    id: null,
    external_id: str(person.id),
    linkedin_url: str(person.linkedin_url),
    // Apollo's search does not reveal emails; a placeholder address is never shown as one.
    email: str(person.email)?.includes('email_not_unlocked') ? null : str(person.email),
    full_name: str(person.name) ?? ([person.first_name, person.last_name].map(str).filter(Boolean).join(' ') || null),
    first_name: str(person.first_name),
    last_name: str(person.last_name),
    headline: str(person.headline),
    title: str(person.title),
    company: str(org.name),
    location,
    photo_url: str(person.photo_url),
    company_domain: str(org.primary_domain),
    company_size: num(org.estimated_num_employees),
    industry: str(org.industry),
    sic_codes: (org.sic_codes ?? []).map(String),
    naics_codes: (org.naics_codes ?? []).map(String),
    technologies: (org.technology_names ?? []).map((t) => String(t).toLowerCase()),
    funding_stage: str(org.latest_funding_stage),
    revenue: num(org.annual_revenue),
    founded_year: num(org.founded_year),
    retail_location_count: null,
    job_posted_at: null,
    department: person.departments?.[0] ?? null,
    management_level: str(person.seniority),
    seniority: str(person.seniority),
    country: str(person.country),
    region: str(person.state),
    subregion: null,
    city: str(person.city),
    company_location: [org.city, org.state, org.country].map(str).filter(Boolean).join(', ') || null,
    keywords: [],
    intent_topics: [],
    job_changed_at: null,
  };
}

/** Apollo's People Search (POST /api/v1/mixed_people/search, X-Api-Key header) behind ProspectSource. */
export class ApolloProspectSource implements ProspectSource {
  readonly name = 'apollo' as const;
  constructor(private readonly config: ApolloConfig) {}

  private async call(filters: PersonFilters, page: SearchPage): Promise<ApolloSearchAnswer> {
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}${APOLLO_PEOPLE_SEARCH_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', 'X-Api-Key': this.config.apiKey, Accept: 'application/json' },
        body: JSON.stringify(apolloSearchBody(filters, page)),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProspectSourceError(timedOut ? 'Apollo did not answer in time' : 'Apollo could not be reached');
    }
    if (res.status === 401 || res.status === 403) throw new ProspectSourceError('Apollo refused the API key');
    if (res.status === 429) throw new ProspectSourceError('Apollo rate limit reached, try again later');
    if (!res.ok) throw new ProspectSourceError(`Apollo answered ${res.status}`);
    try {
      return (await res.json()) as ApolloSearchAnswer;
    } catch {
      throw new ProspectSourceError('Apollo sent an unreadable answer');
    }
  }

  async search(_accountId: number, filters: PersonFilters, page: SearchPage): Promise<SearchedProspect[]> {
    const answer = await this.call(filters, { page: page.page, perPage: Math.min(page.perPage, 100) });
    return [...(answer.people ?? []), ...(answer.contacts ?? [])].map(fromApolloPerson);
  }

  async count(_accountId: number, filters: PersonFilters): Promise<number> {
    const answer = await this.call(filters, { page: 1, perPage: 1 });
    return Number(answer.pagination?.total_entries ?? answer.total_entries ?? 0);
  }
}
