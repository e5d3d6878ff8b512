import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePersonFilters, type PersonFiltersInput, personFiltersSchema } from '@shared/schemas/person-filters';
import { accounts, prospects } from '../../db/schema';
import type { DbHandle } from '../../db/client';
import { createTestDb, DB_KINDS } from '../../testing/databases';
import { BuiltInProspectSource } from './builtin';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const e = (name: string) => ({ id: name, name, uid: name });

const ANA = {
  fullName: 'Ana',
  email: 'ana@ledgerly.com',
  title: 'VP of Sales',
  company: 'Ledgerly',
  companyDomain: 'ledgerly.com',
  companySize: 120,
  industry: 'Financial Services',
  sicCodes: ['7372'],
  naicsCodes: ['511210'],
  technologies: ['salesforce', 'hubspot'],
  fundingStage: 'series_a',
  revenue: 20_000_000,
  foundedYear: 2015,
  retailLocationCount: 0,
  jobPostedAt: daysAgo(10),
  department: 'Sales',
  managementLevel: 'vp',
  seniority: 'vp',
  country: 'United States',
  region: 'North America',
  subregion: 'Northern America',
  city: 'New York',
  location: 'New York, New York, United States',
  companyLocation: 'New York, US',
  keywords: 'revops, forecasting',
  intentTopics: ['crm'],
  jobChangedAt: daysAgo(30),
};
const BEN = {
  fullName: 'Ben',
  email: 'ben@acme.io',
  title: 'Software Engineer',
  company: 'Acme',
  companyDomain: 'acme.io',
  companySize: 3000,
  industry: 'Computer Software',
  sicCodes: ['7371'],
  naicsCodes: ['541511'],
  technologies: ['aws'],
  fundingStage: 'series_c',
  revenue: 500_000_000,
  foundedYear: 1999,
  retailLocationCount: 12,
  jobPostedAt: daysAgo(200),
  department: 'Engineering',
  managementLevel: 'individual_contributor',
  seniority: 'entry',
  country: 'Germany',
  region: 'Europe',
  subregion: 'Western Europe',
  city: 'Berlin',
  location: 'Berlin, Germany',
  companyLocation: 'Berlin, Germany',
  keywords: 'kubernetes',
  intentTopics: ['cloud'],
  jobChangedAt: daysAgo(400),
};
/** Knows nothing but a name: excluding filters keep this one, including ones never match it. */
const CY = { fullName: 'Cy', email: 'cy@example.com' };

/**
 * Each filter: an include case and an exclude case (the exclude variant where the spec has one,
 * otherwise a value that leaves Ana out). Expected names over Ana, Ben and Cy.
 */
const CASES: Array<[string, PersonFiltersInput, string[]]> = [
  ['employees_numbers include', { employees_numbers: [{ name: '51-200', value: '51,200' }] }, ['Ana']],
  ['employees_numbers open-ended', { employees_numbers: [{ name: '1000+', value: '1001,' }, { name: '1-10', value: '1,10' }] }, ['Ben']],
  ['companies include (any case)', { companies: [e('ledgerly')] }, ['Ana']],
  ['companies leaves others out', { companies: [e('Acme')] }, ['Ben']],
  ['job_titles include (contains, any case)', { job_titles: [e('vp of sales')] }, ['Ana']],
  ['job_titles escapes wildcards', { job_titles: [e('%')] }, []],
  ['person_not_titles exclude', { person_not_titles: [e('engineer')] }, ['Ana', 'Cy']],
  ['technologies include', { technologies: [e('Salesforce'), e('nothing')] }, ['Ana']],
  ['technologies leaves others out', { technologies: [e('aws')] }, ['Ben']],
  ['industries include', { industries: [e('financial services')] }, ['Ana']],
  ['not_industries exclude', { not_industries: [e('Financial Services')] }, ['Ben', 'Cy']],
  ['intent_topics include', { intent_topics: [e('CRM')] }, ['Ana']],
  ['not_intent_topics exclude', { not_intent_topics: [e('crm')] }, ['Ben', 'Cy']],
  ['company_sic_codes include (digits)', { company_sic_codes: ['73-72'] }, ['Ana']],
  ['company_sic_codes leaves others out', { company_sic_codes: ['7371', '9999'] }, ['Ben']],
  ['company_naics_codes include', { company_naics_codes: ['511210'] }, ['Ana']],
  ['company_naics_codes leaves others out', { company_naics_codes: ['541511'] }, ['Ben']],
  ['keywords include (whole word, any case)', { keywords: ['RevOps'] }, ['Ana']],
  ['keywords match title words too', { keywords: ['engineer', 'nomatch'] }, ['Ben']],
  ['not_keywords exclude', { not_keywords: ['forecasting'] }, ['Ben', 'Cy']],
  ['departments include', { departments: ['sales'] }, ['Ana']],
  ['departments leaves others out', { departments: ['Engineering'] }, ['Ben']],
  ['company_domains include (normalised)', { company_domains: ['https://www.Ledgerly.com/about'] }, ['Ana']],
  ['company_domains leaves others out', { company_domains: ['acme.io'] }, ['Ben']],
  ['person_not_locations exclude', { person_not_locations: ['berlin'] }, ['Ana', 'Cy']],
  ['job_change_range_days include', { job_change_range_days: 90 }, ['Ana']],
  ['job_change_range_days leaves older out', { job_change_range_days: 10 }, []],
  ['organization_locations include', { organization_locations: ['new york'] }, ['Ana']],
  ['organization_not_locations exclude', { organization_not_locations: ['New York'] }, ['Ben', 'Cy']],
  ['person_countries include', { person_countries: ['united states'] }, ['Ana']],
  ['person_countries leaves others out', { person_countries: ['Germany'] }, ['Ben']],
  ['person_subregions include', { person_subregions: ['Northern America'] }, ['Ana']],
  ['person_subregions leaves others out', { person_subregions: ['western europe'] }, ['Ben']],
  ['person_regions include', { person_regions: ['North America'] }, ['Ana']],
  ['person_regions leaves others out', { person_regions: ['Europe'] }, ['Ben']],
  ['person_location_names include', { person_location_names: ['New York'] }, ['Ana']],
  ['person_location_names leaves others out', { person_location_names: ['germany'] }, ['Ben']],
  ['organization_latest_funding_stage include', { organization_latest_funding_stage: { value: 'Series_A' } }, ['Ana']],
  ['organization_latest_funding_stage leaves others out', { organization_latest_funding_stage: { value: 'series_c' } }, ['Ben']],
  ['organization_job_posted_at_range include (days ago)', { organization_job_posted_at_range: { min: 0, max: 30 } }, ['Ana']],
  ['organization_job_posted_at_range leaves recent out', { organization_job_posted_at_range: { min: 31 } }, ['Ben']],
  ['organization_founded_year_range include', { organization_founded_year_range: { min: 2010, max: 2020 } }, ['Ana']],
  ['organization_founded_year_range negative bound ignored', { organization_founded_year_range: { min: -1, max: 2000 } }, ['Ben']],
  ['organization_retail_location_count_range include (0 counts)', { organization_retail_location_count_range: { max: 0 } }, ['Ana']],
  ['organization_retail_location_count_range leaves others out', { organization_retail_location_count_range: { min: 1 } }, ['Ben']],
  ['revenue_range include', { revenue_range: { min: 1_000_000, max: 50_000_000 } }, ['Ana']],
  ['revenue_range leaves others out', { revenue_range: { min: 100_000_000 } }, ['Ben']],
  ['management_level include', { management_level: [{ display_name: 'VP', value: 'VP', count: 1 }] }, ['Ana']],
  ['management_level leaves others out', { management_level: [{ display_name: 'IC', value: 'individual_contributor' }] }, ['Ben']],
  ['no filters: every prospect of the account', {}, ['Ana', 'Ben', 'Cy']],
  [
    'five filters together',
    {
      person_countries: ['United States'],
      industries: [e('Financial Services')],
      employees_numbers: [{ name: '51-200', value: '51,200' }],
      technologies: [e('hubspot')],
      person_not_titles: [e('intern')],
    },
    ['Ana'],
  ],
];

describe.each(DB_KINDS)('built-in prospect source: every filter in SQL on %s', (kind) => {
  let db: DbHandle;
  let source: BuiltInProspectSource;
  let accountId: number;
  beforeAll(async () => {
    db = await createTestDb(kind);
    source = new BuiltInProspectSource(db.db);
    const [a, b] = await db.db.insert(accounts).values([{ name: 'A' }, { name: 'B' }]).returning();
    accountId = a!.id;
    await db.db.insert(prospects).values([
      { ...ANA, accountId, source: 'import' },
      { ...BEN, accountId, source: 'import' },
      { ...CY, accountId, source: 'manual' },
      // Another account's Ana: never found.
      { ...ANA, fullName: 'Other Ana', accountId: b!.id, source: 'import' },
    ]);
  });
  afterAll(() => db.close());

  it.each(CASES)('%s', async (_label, input, expected) => {
    const filters = personFiltersSchema.parse(input);
    const found = await source.search(accountId, filters, { page: 1, perPage: 50 });
    expect(found.map((r) => r.full_name).sort()).toEqual(expected);
    expect(await source.count(accountId, filters)).toBe(expected.length);
  });

  it('reads wire filters (locations) the same way', async () => {
    const filters = parsePersonFilters({ locations: ['berlin'] });
    expect((await source.search(accountId, filters, { page: 1, perPage: 10 })).map((r) => r.full_name)).toEqual(['Ben']);
  });

  it('pages the results and counts facets', async () => {
    const all = personFiltersSchema.parse({});
    const first = await source.search(accountId, all, { page: 1, perPage: 2 });
    const second = await source.search(accountId, all, { page: 2, perPage: 2 });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second].map((r) => r.id)).size).toBe(3);
    const meta = await source.facets(accountId, all);
    expect(meta.total).toBe(3);
    expect(meta.facets.industries).toEqual([
      { value: 'Computer Software', count: 1 },
      { value: 'Financial Services', count: 1 },
    ]);
    expect(meta.facets.technologies.map((t) => t.value).sort()).toEqual(['aws', 'hubspot', 'salesforce']);
    expect(meta.facets.employees_numbers).toEqual([
      { value: '1001,5000', count: 1 },
      { value: '51,200', count: 1 },
    ]);
  });
});
