import { z } from 'zod';
import { text, int32 } from './primitives';

/**
 * The person-search filter model of spec §3: what a persona's saved search holds. One schema drives
 * the filter UI (its form state is `PersonFiltersInput`), the client serialisation
 * (`serializePersonFilters` → the wire form sent in bodies) and the server validation
 * (`personFiltersWireSchema`, read back with `parsePersonFilters`).
 *
 * Rules (spec §5): SIC and NAICS codes are reduced to their digits (a code with no digits is
 * dropped); a range's min and max are sent only when they are 0 or more; person_location_names is
 * sent as `locations`. Empty lists and empty ranges are left out of the wire form.
 */

const MAX_ITEMS = 200;
const shortText = text().trim().max(300);

/** A picked entity (company, job title, technology, industry, intent topic): id, name and uid. */
export const filterEntitySchema = z.object({
  id: z.union([text().max(300), z.number()]),
  name: shortText.min(1, { error: 'Name is required' }),
  uid: text().max(300),
});
export type FilterEntity = z.infer<typeof filterEntitySchema>;

/** An employee-count bucket: `value` is "min,max" (max may be empty: "10001,"), as vendors send it. */
export const employeesNumberSchema = z.object({
  name: shortText.min(1),
  value: text()
    .trim()
    .regex(/^\d+,\d*$/, { error: 'Employee range must look like "min,max", e.g. "51,200"' }),
});
export type EmployeesNumber = z.infer<typeof employeesNumberSchema>;

/** A management level with the count search_metadata gave it. */
export const managementLevelSchema = z.object({
  display_name: shortText.min(1),
  value: shortText.min(1),
  count: int32().min(0).nullable().optional(),
});
export type ManagementLevel = z.infer<typeof managementLevelSchema>;

/** A min/max range; a bound below 0 (or missing) means "no bound" and is never sent. */
export const filterRangeSchema = z.object({
  min: z.number().finite().nullable().optional(),
  max: z.number().finite().nullable().optional(),
});
export type FilterRange = z.infer<typeof filterRangeSchema>;

/** SIC/NAICS codes: each reduced to its digits; one with no digits left is dropped; duplicates once. */
export const industryCodesSchema = z
  .array(z.union([text().max(100), z.number()]))
  .max(MAX_ITEMS)
  .transform((codes) => [...new Set(codes.map((c) => String(c).replace(/\D+/g, '')).filter((c) => c.length > 0))]);

/** Free-text lists (keywords, locations, domains…): trimmed, blanks dropped. */
const textList = z
  .array(shortText)
  .max(MAX_ITEMS)
  .transform((items) => items.filter((s) => s.length > 0));

const entities = z.array(filterEntitySchema).max(MAX_ITEMS);

export const FUNDING_STAGES = [
  'seed',
  'angel',
  'venture',
  'series_a',
  'series_b',
  'series_c',
  'series_d',
  'series_e',
  'series_f',
  'debt_financing',
  'equity_crowdfunding',
  'convertible_note',
  'private_equity',
  'ipo',
  'other',
] as const;

/** How each funding stage is written ("Series A", not "Series a"). */
export const FUNDING_STAGE_LABELS: Record<(typeof FUNDING_STAGES)[number], string> = {
  seed: 'Seed',
  angel: 'Angel',
  venture: 'Venture (round not specified)',
  series_a: 'Series A',
  series_b: 'Series B',
  series_c: 'Series C',
  series_d: 'Series D',
  series_e: 'Series E',
  series_f: 'Series F',
  debt_financing: 'Debt financing',
  equity_crowdfunding: 'Equity crowdfunding',
  convertible_note: 'Convertible note',
  private_equity: 'Private equity',
  ipo: 'IPO',
  other: 'Other',
};

/** A funding stage as people read it; an unknown value is shown as given, underscores as spaces. */
export const fundingStageLabel = (value: string): string =>
  FUNDING_STAGE_LABELS[value.toLowerCase() as keyof typeof FUNDING_STAGE_LABELS] ?? value.replace(/_/g, ' ');

/**
 * THE company-size buckets (employees_numbers): contiguous and never overlapping, so a company is in
 * exactly one. Onboarding, the filter UI and the search facets all use these. Saved searches with other
 * "min,max" values (older buckets such as "11,20") still filter as saved and show as their own choice.
 */
export const COMPANY_SIZE_BUCKETS = [
  { name: '1–10', value: '1,10' },
  { name: '11–50', value: '11,50' },
  { name: '51–200', value: '51,200' },
  { name: '201–500', value: '201,500' },
  { name: '501–1,000', value: '501,1000' },
  { name: '1,001–5,000', value: '1001,5000' },
  { name: '5,001–10,000', value: '5001,10000' },
  { name: '10,001+', value: '10001,' },
] as const satisfies readonly EmployeesNumber[];

/** The bucket a company of this many employees is in ("min,max" value), null when unknown. */
export function companySizeBucketOf(size: number | null | undefined): string | null {
  if (size === null || size === undefined || !Number.isFinite(size) || size < 1) return null;
  return (
    COMPANY_SIZE_BUCKETS.find((b) => {
      const [min, max] = b.value.split(',');
      return size >= Number(min) && (max === '' || size <= Number(max));
    })?.value ?? null
  );
}

/**
 * Every filter field except the person location names (their name differs between model and wire).
 * `codes` and `list` are the normalising schemas on input; responses use plain arrays (no
 * transforms), since a response schema is encoded, not parsed.
 */
const shape = <C extends z.ZodType, L extends z.ZodType>(codes: C, list: L) => ({
  employees_numbers: z.array(employeesNumberSchema).max(MAX_ITEMS).optional(),

  companies: entities.optional(),
  job_titles: entities.optional(),
  person_not_titles: entities.optional(),
  technologies: entities.optional(),
  industries: entities.optional(),
  not_industries: entities.optional(),
  intent_topics: entities.optional(),
  not_intent_topics: entities.optional(),

  company_sic_codes: codes.optional(),
  company_naics_codes: codes.optional(),

  keywords: list.optional(),
  not_keywords: list.optional(),
  departments: list.optional(),
  company_domains: list.optional(),
  person_not_locations: list.optional(),
  /** Only people who changed jobs within this many days. */
  job_change_range_days: int32().min(0).max(36500).nullable().optional(),
  organization_locations: list.optional(),
  organization_not_locations: list.optional(),

  person_countries: list.optional(),
  person_subregions: list.optional(),
  person_regions: list.optional(),

  organization_latest_funding_stage: z.object({ value: shortText }).nullable().optional(),

  /** Days since the organization last posted a job: min..max days ago. */
  organization_job_posted_at_range: filterRangeSchema.optional(),
  organization_founded_year_range: filterRangeSchema.optional(),
  organization_retail_location_count_range: filterRangeSchema.optional(),
  /** Annual revenue in US dollars. */
  revenue_range: filterRangeSchema.optional(),

  management_level: z.array(managementLevelSchema).max(MAX_ITEMS).optional(),
});
const commonShape = shape(industryCodesSchema, textList);
const plainList = z.array(text());

/** THE filter model (UI form state and what the server applies). */
export const personFiltersSchema = z.strictObject({ ...commonShape, person_location_names: textList.optional() });
export type PersonFiltersInput = z.input<typeof personFiltersSchema>;
export type PersonFilters = z.output<typeof personFiltersSchema>;

/** The same model as sent over the wire: person_location_names travels as `locations`. */
export const personFiltersWireSchema = z.strictObject({ ...commonShape, locations: textList.optional() });
export type PersonFiltersWire = z.output<typeof personFiltersWireSchema>;
/** The wire form in responses (already normalised, so no transforms). */
export const personFiltersWireResponseSchema = z.strictObject({ ...shape(plainList, plainList), locations: plainList.optional() });

export const RANGE_FILTERS = [
  'organization_job_posted_at_range',
  'organization_founded_year_range',
  'organization_retail_location_count_range',
  'revenue_range',
] as const;
export type RangeFilterName = (typeof RANGE_FILTERS)[number];

export const ENTITY_FILTERS = [
  'companies',
  'job_titles',
  'person_not_titles',
  'technologies',
  'industries',
  'not_industries',
  'intent_topics',
  'not_intent_topics',
] as const;

export const TEXT_LIST_FILTERS = [
  'keywords',
  'not_keywords',
  'departments',
  'company_domains',
  'person_not_locations',
  'organization_locations',
  'organization_not_locations',
  'person_countries',
  'person_subregions',
  'person_regions',
  'person_location_names',
] as const;

/** A range as sent: only the bounds that are 0 or more; null when neither is. */
export function serializeRange(range: FilterRange | null | undefined): { min?: number; max?: number } | null {
  if (!range) return null;
  const out: { min?: number; max?: number } = {};
  if (typeof range.min === 'number' && range.min >= 0) out.min = range.min;
  if (typeof range.max === 'number' && range.max >= 0) out.max = range.max;
  return out.min === undefined && out.max === undefined ? null : out;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

/**
 * The wire form of a filter model: validated and normalised (codes to digits, blanks dropped),
 * person_location_names renamed to `locations`, ranges reduced to their non-negative bounds, empty
 * lists and ranges left out. Throws a ZodError on input the schema refuses.
 */
export function serializePersonFilters(filters: PersonFiltersInput): PersonFiltersWire {
  const model = personFiltersSchema.parse(filters);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(model)) {
    if ((RANGE_FILTERS as readonly string[]).includes(key)) {
      const range = serializeRange(value as FilterRange | undefined);
      if (range) out[key] = range;
      continue;
    }
    if (isEmpty(value)) continue;
    out[key === 'person_location_names' ? 'locations' : key] = value;
  }
  return out as PersonFiltersWire;
}

/**
 * Reads a wire form (a request body, a saved persona) back into the model: `locations` becomes
 * person_location_names, ranges keep only their non-negative bounds. Throws a ZodError on bad input.
 */
export function parsePersonFilters(wire: unknown): PersonFilters {
  const parsed = personFiltersWireSchema.parse(wire ?? {});
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if ((RANGE_FILTERS as readonly string[]).includes(key)) {
      const range = serializeRange(value as FilterRange | undefined);
      if (range) out[key] = range;
      continue;
    }
    if (isEmpty(value)) continue;
    out[key === 'locations' ? 'person_location_names' : key] = value;
  }
  return out as PersonFilters;
}

/** True when no filter narrows the search. */
export function hasNoFilters(filters: PersonFilters): boolean {
  return Object.keys(serializePersonFilters(filters)).length === 0;
}

/** The facets filter_info answers typeahead for (distinct values of the account's prospects). */
export const FILTER_INFO_FILTERS = [
  'job_titles',
  'companies',
  'industries',
  'technologies',
  'intent_topics',
  'departments',
  'management_level',
  'seniority',
  'funding_stage',
  'company_domains',
  'person_countries',
  'person_regions',
  'person_subregions',
  'locations',
  'organization_locations',
  'keywords',
  'company_sic_codes',
  'company_naics_codes',
] as const;
export type FilterInfoFilter = (typeof FILTER_INFO_FILTERS)[number];
