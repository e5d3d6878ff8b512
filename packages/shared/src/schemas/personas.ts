import { z } from 'zod';
import { text, int32, dbId, queryInt } from './primitives';
import { linkedInProfileSchema } from './linkedin';
import { FILTER_INFO_FILTERS, personFiltersWireResponseSchema, personFiltersWireSchema } from './person-filters';

/**
 * Personas (the spec's `persons`): target audiences. The business-information issue adds the full
 * search-filter model; this is the part the extension and the dashboard need.
 */
export const personaSchema = z.object({
  id: dbId(),
  name: text(),
  description: text().nullable(),
  prospects_count: int32(),
  /** The saved search in its wire form (read it into the model with parsePersonFilters). */
  filters: personFiltersWireResponseSchema.optional(),
  /** With with_messaging_settings: the persona's own messaging setting id (null: it uses the account default). */
  messaging_setting_id: dbId().nullable().optional(),
  created_at: text(),
  updated_at: text(),
});
export type Persona = z.infer<typeof personaSchema>;

const personaName = text().trim().min(1, { error: 'Name is required' }).max(120, { error: 'Name must be at most 120 characters' });

/** `filters` is the wire form (serializePersonFilters); missing means no filters. */
export const createPersonaBodySchema = z.strictObject({
  name: personaName,
  description: text().trim().max(2000).nullable().optional(),
  filters: personFiltersWireSchema.optional().default({}),
});
export type CreatePersonaBody = z.input<typeof createPersonaBodySchema>;

/** PUT persons/:id: every field optional; `filters`, when given, replaces the saved search whole. */
export const updatePersonaBodySchema = z.strictObject({
  name: personaName.optional(),
  description: text().trim().max(2000).nullable().optional(),
  filters: personFiltersWireSchema.optional(),
});
export type UpdatePersonaBody = z.input<typeof updatePersonaBodySchema>;

export const PERSONA_LIST_SORTS = ['created_at', 'updated_at', 'name', 'prospects_count'] as const;
export const PERSONA_LIST_VIEWS = ['full', 'compact'] as const;

/**
 * GET persons. `filter` matches the name or description (case-insensitive); `view=compact` leaves
 * the filters out; with_messaging_settings adds each persona's messaging-setting ids.
 */
export const personaListQuerySchema = z.strictObject({
  page: queryInt().min(1).default(1),
  per_page: queryInt().min(1).max(100).default(25),
  view: z.enum(PERSONA_LIST_VIEWS).default('full'),
  sort: z.enum(PERSONA_LIST_SORTS).default('created_at'),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
  with_messaging_settings: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  filter: text().trim().max(200).optional(),
});
export type PersonaListQuery = z.input<typeof personaListQuerySchema>;

export const paginationQuerySchema = z.strictObject({
  page: queryInt().min(1).default(1),
  per_page: queryInt().min(1).max(100).default(25),
});

export const pageMetaSchema = z.object({ page: int32(), per_page: int32(), total: int32() });
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const PROSPECT_SOURCES = ['extension', 'import', 'manual', 'search', 'api'] as const;

/**
 * The prospect fields the search filters apply to (spec §3); present in every answer, optional in
 * the type so older fixtures still compile. Dates are YYYY-MM-DD.
 */
export const prospectFilterFieldsShape = {
  company_domain: text().nullable().optional(),
  /** Number of employees. */
  company_size: int32().nullable().optional(),
  industry: text().nullable().optional(),
  sic_codes: z.array(text()).optional(),
  naics_codes: z.array(text()).optional(),
  technologies: z.array(text()).optional(),
  funding_stage: text().nullable().optional(),
  /** Annual revenue in US dollars. */
  revenue: z.number().nullable().optional(),
  founded_year: int32().nullable().optional(),
  retail_location_count: int32().nullable().optional(),
  job_posted_at: text().nullable().optional(),
  department: text().nullable().optional(),
  management_level: text().nullable().optional(),
  seniority: text().nullable().optional(),
  country: text().nullable().optional(),
  region: text().nullable().optional(),
  subregion: text().nullable().optional(),
  city: text().nullable().optional(),
  /** Where the company is (headquarters), free text. */
  company_location: text().nullable().optional(),
  keywords: z.array(text()).optional(),
  intent_topics: z.array(text()).optional(),
  job_changed_at: text().nullable().optional(),
};

/** A person loaded into one or more personas; one row per LinkedIn URL (or email) per account. */
export const prospectSchema = z.object({
  id: dbId(),
  linkedin_url: text().nullable(),
  email: text().nullable(),
  full_name: text().nullable(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  headline: text().nullable(),
  title: text().nullable(),
  company: text().nullable(),
  location: text().nullable(),
  photo_url: text().nullable(),
  ...prospectFilterFieldsShape,
  source: z.enum(PROSPECT_SOURCES),
  persona_ids: z.array(dbId()),
  /** When they first answered as a person: no campaign enrols them automatically since (issue 25). */
  in_conversation_since: text().nullable().optional(),
  created_at: text(),
  updated_at: text(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const loadedProspectsQuerySchema = z.strictObject({
  page: queryInt().min(1).default(1),
  per_page: queryInt().min(1).max(100).default(25),
  order_by: z.enum(['created_at', 'updated_at', 'full_name', 'company']).default('created_at'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
});

/** Adds a captured LinkedIn profile to a persona; the same LinkedIn URL updates, never duplicates. */
export const addCapturedProspectBodySchema = z.strictObject({ profile: linkedInProfileSchema });
export type AddCapturedProspectBody = z.input<typeof addCapturedProspectBodySchema>;
export const addCapturedProspectResponseSchema = z.object({ data: prospectSchema, created: z.boolean() });

/** PUT/GET persons/:id answers. */
export const personaResponseSchema = z.object({ data: personaSchema });

/** GET filter_info: typeahead values for one facet (distinct values of the account's prospects). */
export const filterInfoQuerySchema = z.strictObject({
  filter: z.enum(FILTER_INFO_FILTERS),
  value: text().trim().max(200).optional().default(''),
  use_default_vendor: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});
export const filterInfoItemSchema = z.object({ id: text(), name: text(), uid: text(), count: int32() });
export type FilterInfoItem = z.infer<typeof filterInfoItemSchema>;
export const filterInfoResponseSchema = z.object({ data: z.array(filterInfoItemSchema) });

/** POST search_metadata and prospects_preview: the filters (wire form) to try before saving. */
export const filtersBodySchema = z.strictObject({
  filters: personFiltersWireSchema.optional().default({}),
  /** Search the configured people-data vendor instead of the account's own prospects. */
  use_default_vendor: z.boolean().optional().default(false),
});
export type FiltersBody = z.input<typeof filtersBodySchema>;

export const facetCountSchema = z.object({ value: text(), count: int32() });
export type FacetCount = z.infer<typeof facetCountSchema>;
export const SEARCH_METADATA_FACETS = [
  'industries',
  'departments',
  'management_level',
  'seniority',
  'person_countries',
  'funding_stage',
  'technologies',
  'employees_numbers',
] as const;
export const searchMetadataResponseSchema = z.object({
  data: z.object({
    total: int32(),
    facets: z.record(z.enum(SEARCH_METADATA_FACETS), z.array(facetCountSchema)),
  }),
});
export type SearchMetadata = z.infer<typeof searchMetadataResponseSchema>['data'];

/** A prospect a search found; `id` is null for a vendor's person not yet loaded into the account. */
export const searchedProspectSchema = prospectSchema
  .omit({ id: true, persona_ids: true, created_at: true, updated_at: true, source: true })
  .extend({ id: dbId().nullable(), external_id: text().nullable().optional() });
export type SearchedProspect = z.infer<typeof searchedProspectSchema>;
export const prospectsPreviewResponseSchema = z.object({
  data: z.object({ count: int32(), sample: z.array(searchedProspectSchema) }),
});
export type ProspectsPreview = z.infer<typeof prospectsPreviewResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_ERRORS_CAP = 1000;

/** The prospect fields a CSV column can be mapped to. */
export const IMPORT_FIELDS = [
  'email',
  'linkedin_url',
  'full_name',
  'first_name',
  'last_name',
  'title',
  'headline',
  'company',
  'company_domain',
  'company_size',
  'industry',
  'sic_codes',
  'naics_codes',
  'technologies',
  'funding_stage',
  'revenue',
  'founded_year',
  'retail_location_count',
  'job_posted_at',
  'department',
  'management_level',
  'seniority',
  'location',
  'city',
  'region',
  'subregion',
  'country',
  'company_location',
  'keywords',
  'intent_topics',
  'job_changed_at',
  'about',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * The file comes either as multipart/form-data (what the web app sends: the raw bytes in a `file` part,
 * its name becoming `file_name`, and the other fields beside it), or in a JSON body: `content` is the
 * text (already decoded), or `content_base64` the raw bytes. From raw bytes the encoding (UTF-8 or
 * Latin-1) is detected.
 */
export const uploadFileShape = {
  file_name: text().trim().min(1, { error: 'File name is required' }).max(255),
  content: text().optional(),
  content_base64: text().optional(),
};
const oneContent = (v: { content?: string | undefined; content_base64?: string | undefined }) =>
  v.content === undefined || v.content_base64 === undefined;
/** Neither a file part nor content (the server checks, knowing whether a file part came). */
export const FILE_CONTENT_REQUIRED = 'Send the file as a multipart "file" part, or as content or content_base64 (one of them)';
const oneContentError = { error: FILE_CONTENT_REQUIRED };

/** A file sent as multipart/form-data by the API client: the bytes and the name. */
export type FileUpload = { file: Blob; file_name: string };

export const validateUploadBodySchema = z.strictObject(uploadFileShape).refine(oneContent, oneContentError);
export type ValidateUploadBody = z.input<typeof validateUploadBodySchema>;
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export const validateUploadResponseSchema = z.object({
  data: z.object({
    valid: z.boolean(),
    errors: z.array(text()),
    encoding: z.enum(['utf-8', 'latin1']),
    delimiter: z.enum(CSV_DELIMITERS),
    size: int32(),
  }),
});
export type UploadValidation = z.infer<typeof validateUploadResponseSchema>['data'];

export const filePreviewBodySchema = z
  .strictObject({ ...uploadFileShape, rows: int32().min(1).max(50).optional().default(5) })
  .refine(oneContent, oneContentError);
export type FilePreviewBody = z.input<typeof filePreviewBodySchema>;
export const filePreviewResponseSchema = z.object({
  data: z.object({
    headers: z.array(text()),
    rows: z.array(z.array(text())),
    total_rows: int32(),
    encoding: z.enum(['utf-8', 'latin1']),
    delimiter: z.enum(CSV_DELIMITERS),
  }),
});
export type FilePreview = z.infer<typeof filePreviewResponseSchema>['data'];

/** Header → field (null: not imported). */
export const importMappingSchema = z.record(text().max(300), z.enum(IMPORT_FIELDS).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const generateFieldsBodySchema = z.strictObject({ headers: z.array(text().max(300)).min(1).max(500) });
export const generateFieldsResponseSchema = z.object({
  data: z.object({
    mapping: importMappingSchema,
    fields: z.array(z.enum(IMPORT_FIELDS)),
    /** Headers whose field came from the account's remembered mapping. */
    remembered: z.array(text()),
  }),
});
export type GeneratedFields = z.infer<typeof generateFieldsResponseSchema>['data'];

export const uploadBodySchema = z
  .strictObject({ ...uploadFileShape, mapping: importMappingSchema, persona_id: dbId().nullable().optional() })
  .refine(oneContent, oneContentError);
export type UploadBody = z.input<typeof uploadBodySchema>;
export const uploadResponseSchema = z.object({ data: z.object({ job_id: dbId() }) });

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importRowErrorSchema = z.object({ row: int32(), reason: text() });
export const importConflictSchema = z.object({
  row: int32(),
  /** The earlier row of this file with that email, if the prospect came from this file. */
  other_row: int32().nullable(),
  /** The prospect the email belongs to (null: another row of this file that was not written). */
  prospect_id: dbId().nullable(),
  email: text(),
  reason: text(),
});
export const importMergeSchema = z.object({
  /** The rows merged into the prospect (as a spreadsheet numbers them). */
  rows: z.array(int32()),
  prospect_id: dbId().nullable(),
  /** The row of this file that created the prospect; null when it existed before the import. */
  first_row: int32().nullable(),
});
export const importJobSchema = z.object({
  id: dbId(),
  status: z.enum(IMPORT_STATUSES),
  file_name: text(),
  persona_id: dbId().nullable(),
  total: int32(),
  processed: int32(),
  created: int32(),
  merged: int32(),
  error_count: int32(),
  /** Row numbers count the header as row 1, as a spreadsheet shows them; capped at IMPORT_ERRORS_CAP. */
  errors: z.array(importRowErrorSchema),
  failure: text().nullable(),
  /** Valid rows with a LinkedIn URL and no email (LinkedIn and phone steps need no email). */
  linkedin_only: int32(),
  /**
   * Rows not merged because their email names another row or prospect whose LinkedIn URL is someone else's
   * (two people sharing an address); capped at IMPORT_ERRORS_CAP, conflict_count has the full number.
   */
  conflicts: z.array(importConflictSchema),
  conflict_count: int32(),
  /** Which rows were merged into which prospect (capped at IMPORT_ERRORS_CAP prospects). */
  merges: z.array(importMergeSchema),
  created_at: text(),
  finished_at: text().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
