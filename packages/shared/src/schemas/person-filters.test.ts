import { describe, expect, it } from 'vitest';
import {
  COMPANY_SIZE_BUCKETS,
  companySizeBucketOf,
  FUNDING_STAGE_LABELS,
  FUNDING_STAGES,
  fundingStageLabel,
  parsePersonFilters,
  personFiltersSchema,
  personFiltersWireResponseSchema,
  serializePersonFilters,
  serializeRange,
  type PersonFiltersInput,
} from './person-filters';
import { createPersonaBodySchema, updatePersonaBodySchema } from './personas';

const entity = (name: string) => ({ id: name.toLowerCase(), name, uid: `uid-${name.toLowerCase()}` });

const full: PersonFiltersInput = {
  employees_numbers: [{ name: '51-200', value: '51,200' }],
  companies: [entity('Ledgerly')],
  job_titles: [entity('VP Sales')],
  person_not_titles: [entity('Intern')],
  technologies: [entity('Salesforce')],
  industries: [entity('Fintech')],
  not_industries: [entity('Gambling')],
  intent_topics: [entity('CRM')],
  not_intent_topics: [entity('Payroll')],
  company_sic_codes: ['7372'],
  company_naics_codes: ['511210'],
  keywords: ['revops'],
  not_keywords: ['crypto'],
  departments: ['sales'],
  company_domains: ['ledgerly.com'],
  person_not_locations: ['Texas'],
  job_change_range_days: 90,
  organization_locations: ['New York'],
  organization_not_locations: ['London'],
  person_countries: ['United States'],
  person_subregions: ['Northern America'],
  person_regions: ['North America'],
  person_location_names: ['New York, NY'],
  organization_latest_funding_stage: { value: 'series_a' },
  organization_job_posted_at_range: { min: 0, max: 30 },
  organization_founded_year_range: { min: 2010, max: 2020 },
  organization_retail_location_count_range: { min: 1 },
  revenue_range: { max: 50_000_000 },
  management_level: [{ display_name: 'VP', value: 'vp', count: 12 }],
};

describe('person filter serialisation (spec §3, §5)', () => {
  it('reduces SIC and NAICS codes to their digits and drops codes with none', () => {
    const wire = serializePersonFilters({ company_sic_codes: ['73-72', ' 7375 (software)', 'n/a', 8742], company_naics_codes: ['NAICS 511.210', '', '---'] });
    expect(wire.company_sic_codes).toEqual(['7372', '7375', '8742']);
    expect(wire.company_naics_codes).toEqual(['511210']);
    // Nothing left after reduction: the filter is not sent at all.
    expect(serializePersonFilters({ company_sic_codes: ['abc', ' '] })).toEqual({});
    expect(serializePersonFilters({ company_sic_codes: ['7372', '73 72'] }).company_sic_codes).toEqual(['7372']);
  });

  it('sends min and max only when they are 0 or more', () => {
    expect(serializeRange({ min: 0, max: 10 })).toEqual({ min: 0, max: 10 });
    expect(serializeRange({ min: -1, max: 10 })).toEqual({ max: 10 });
    expect(serializeRange({ min: 5, max: -3 })).toEqual({ min: 5 });
    expect(serializeRange({ min: -1, max: -1 })).toBeNull();
    expect(serializeRange({ min: null, max: undefined })).toBeNull();
    const wire = serializePersonFilters({
      revenue_range: { min: -1, max: 1_000_000 },
      organization_founded_year_range: { min: -5, max: -1 },
      organization_retail_location_count_range: { min: 0 },
      organization_job_posted_at_range: { min: null, max: 0 },
    });
    expect(wire).toEqual({
      revenue_range: { max: 1_000_000 },
      organization_retail_location_count_range: { min: 0 },
      organization_job_posted_at_range: { max: 0 },
    });
    expect('organization_founded_year_range' in wire).toBe(false);
  });

  it('sends person_location_names as locations, and reads locations back', () => {
    const wire = serializePersonFilters({ person_location_names: ['Berlin, Germany'] });
    expect(wire).toEqual({ locations: ['Berlin, Germany'] });
    expect('person_location_names' in wire).toBe(false);
    expect(parsePersonFilters({ locations: ['Berlin, Germany'] })).toEqual({ person_location_names: ['Berlin, Germany'] });
    // The wire form does not take the model's name, and the model does not take the wire's.
    expect(() => parsePersonFilters({ person_location_names: ['x'] })).toThrow();
    expect(() => serializePersonFilters({ locations: ['x'] } as unknown as PersonFiltersInput)).toThrow();
  });

  it('round-trips the full model', () => {
    const wire = serializePersonFilters(full);
    expect(Object.keys(wire)).toHaveLength(Object.keys(full).length);
    expect(wire.locations).toEqual(['New York, NY']);
    expect(parsePersonFilters(wire)).toEqual(personFiltersSchema.parse(full));
    expect(serializePersonFilters(parsePersonFilters(wire))).toEqual(wire);
    // JSON round trip (what the server stores and answers) changes nothing.
    expect(parsePersonFilters(JSON.parse(JSON.stringify(wire)))).toEqual(personFiltersSchema.parse(full));
    // The response schema takes the wire form as is.
    expect(personFiltersWireResponseSchema.parse(wire)).toEqual(wire);
  });

  it('drops blanks and empty lists, and trims text', () => {
    expect(serializePersonFilters({ keywords: ['  saas ', '', '   '], job_titles: [], departments: [] })).toEqual({ keywords: ['saas'] });
    expect(serializePersonFilters({})).toEqual({});
  });

  it('refuses malformed filters', () => {
    const bad: unknown[] = [
      { job_titles: [{ name: 'VP' }] },
      { employees_numbers: [{ name: 'big', value: 'lots' }] },
      { job_change_range_days: -1 },
      { revenue_range: { min: 'ten' } },
      { unknown_filter: [] },
      { keywords: 'not a list' },
    ];
    for (const input of bad) expect(() => serializePersonFilters(input as PersonFiltersInput), JSON.stringify(input)).toThrow();
  });

  it('is what persona bodies carry', () => {
    expect(createPersonaBodySchema.parse({ name: 'A' }).filters).toEqual({});
    const parsed = createPersonaBodySchema.parse({ name: 'A', filters: { company_sic_codes: ['73-72'], locations: ['Paris'] } });
    expect(parsed.filters).toEqual({ company_sic_codes: ['7372'], locations: ['Paris'] });
    expect(updatePersonaBodySchema.parse({}).filters).toBeUndefined();
    expect(() => updatePersonaBodySchema.parse({ filters: { person_location_names: ['x'] } })).toThrow();
  });
});

describe('company-size buckets and funding stages', () => {
  it('buckets are contiguous and never overlap, and every size falls in exactly one', () => {
    const bounds = COMPANY_SIZE_BUCKETS.map((b) => b.value.split(',').map((n) => (n === '' ? Infinity : Number(n))) as [number, number]);
    expect(bounds[0]![0]).toBe(1);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]![0]).toBe(bounds[i - 1]![1] + 1);
    expect(bounds.at(-1)![1]).toBe(Infinity);
    for (const size of [1, 10, 11, 50, 51, 200, 201, 1000, 1001, 5000, 10000, 10001, 250000]) {
      expect(bounds.filter(([min, max]) => size >= min && size <= max)).toHaveLength(1);
      expect(companySizeBucketOf(size)).not.toBeNull();
    }
    expect(companySizeBucketOf(0)).toBeNull();
    expect(companySizeBucketOf(null)).toBeNull();
  });

  it('writes funding stages as people do', () => {
    expect(fundingStageLabel('series_a')).toBe('Series A');
    expect(fundingStageLabel('ipo')).toBe('IPO');
    expect(fundingStageLabel('some_new_stage')).toBe('some new stage');
    for (const stage of FUNDING_STAGES) expect(FUNDING_STAGE_LABELS[stage]).toMatch(/^[A-Z]/);
  });
});
