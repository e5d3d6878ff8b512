import { z } from 'zod';
import { linkedInProfileSchema } from './linkedin';
import { FILTER_INFO_FILTERS, personFiltersWireResponseSchema, personFiltersWireSchema } from './person-filters';

/**
 * Personas (the spec's `persons`): target audiences. The business-information issue adds the full
 * search-filter model; this is the part the extension and the dashboard need.
 */
export const personaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  prospects_count: z.number().int(),
  /** The saved search in its wire form (read it into the model with parsePersonFilters). */
  filters: personFiltersWireResponseSchema.optional(),
  /** With with_messaging_settings: the persona's own messaging setting id (null: it uses the account default). */
  messaging_setting_id: z.number().int().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Persona = z.infer<typeof personaSchema>;

const personaName = z.string().trim().min(1, { error: 'Name is required' }).max(120, { error: 'Name must be at most 120 characters' });

/** `filters` is the wire form (serializePersonFilters); missing means no filters. */
export const createPersonaBodySchema = z.strictObject({
  name: personaName,
  description: z.string().trim().max(2000).nullable().optional(),
  filters: personFiltersWireSchema.optional().default({}),
});
export type CreatePersonaBody = z.input<typeof createPersonaBodySchema>;

/** PUT persons/:id: every field optional; `filters`, when given, replaces the saved search whole. */
export const updatePersonaBodySchema = z.strictObject({
  name: personaName.optional(),
  description: z.string().trim().max(2000).nullable().optional(),
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
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  view: z.enum(PERSONA_LIST_VIEWS).default('full'),
  sort: z.enum(PERSONA_LIST_SORTS).default('created_at'),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
  with_messaging_settings: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  filter: z.string().trim().max(200).optional(),
});
export type PersonaListQuery = z.input<typeof personaListQuerySchema>;

export const paginationQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const pageMetaSchema = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const PROSPECT_SOURCES = ['extension', 'import', 'manual', 'search'] as const;

/**
 * The prospect fields the search filters apply to (spec §3); present in every answer, optional in
 * the type so older fixtures still compile. Dates are YYYY-MM-DD.
 */
export const prospectFilterFieldsShape = {
  company_domain: z.string().nullable().optional(),
  /** Number of employees. */
  company_size: z.number().int().nullable().optional(),
  industry: z.string().nullable().optional(),
  sic_codes: z.array(z.string()).optional(),
  naics_codes: z.array(z.string()).optional(),
  technologies: z.array(z.string()).optional(),
  funding_stage: z.string().nullable().optional(),
  /** Annual revenue in US dollars. */
  revenue: z.number().nullable().optional(),
  founded_year: z.number().int().nullable().optional(),
  retail_location_count: z.number().int().nullable().optional(),
  job_posted_at: z.string().nullable().optional(),
  department: z.string().nullable().optional(),
  management_level: z.string().nullable().optional(),
  seniority: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  subregion: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  /** Where the company is (headquarters), free text. */
  company_location: z.string().nullable().optional(),
  keywords: z.array(z.string()).optional(),
  intent_topics: z.array(z.string()).optional(),
  job_changed_at: z.string().nullable().optional(),
};

/** A person loaded into one or more personas; one row per LinkedIn URL (or email) per account. */
export const prospectSchema = z.object({
  id: z.number().int(),
  linkedin_url: z.string().nullable(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  headline: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  photo_url: z.string().nullable(),
  ...prospectFilterFieldsShape,
  source: z.enum(PROSPECT_SOURCES),
  persona_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const loadedProspectsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
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
  value: z.string().trim().max(200).optional().default(''),
  use_default_vendor: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});
export const filterInfoItemSchema = z.object({ id: z.string(), name: z.string(), uid: z.string(), count: z.number().int() });
export type FilterInfoItem = z.infer<typeof filterInfoItemSchema>;
export const filterInfoResponseSchema = z.object({ data: z.array(filterInfoItemSchema) });

/** POST search_metadata and prospects_preview: the filters (wire form) to try before saving. */
export const filtersBodySchema = z.strictObject({
  filters: personFiltersWireSchema.optional().default({}),
  /** Search the configured people-data vendor instead of the account's own prospects. */
  use_default_vendor: z.boolean().optional().default(false),
});
export type FiltersBody = z.input<typeof filtersBodySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
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
    total: z.number().int(),
    facets: z.record(z.enum(SEARCH_METADATA_FACETS), z.array(facetCountSchema)),
  }),
});
export type SearchMetadata = z.infer<typeof searchMetadataResponseSchema>['data'];

/** A prospect a search found; `id` is null for a vendor's person not yet loaded into the account. */
export const searchedProspectSchema = prospectSchema
  .omit({ id: true, persona_ids: true, created_at: true, updated_at: true, source: true })
  .extend({ id: z.number().int().nullable(), external_id: z.string().nullable().optional() });
export type SearchedProspect = z.infer<typeof searchedProspectSchema>;
export const prospectsPreviewResponseSchema = z.object({
  data: z.object({ count: z.number().int(), sample: z.array(searchedProspectSchema) }),
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
  file_name: z.string().trim().min(1, { error: 'File name is required' }).max(255),
  content: z.string().optional(),
  content_base64: z.string().optional(),
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
    errors: z.array(z.string()),
    encoding: z.enum(['utf-8', 'latin1']),
    delimiter: z.enum(CSV_DELIMITERS),
    size: z.number().int(),
  }),
});
export type UploadValidation = z.infer<typeof validateUploadResponseSchema>['data'];

export const filePreviewBodySchema = z
  .strictObject({ ...uploadFileShape, rows: z.number().int().min(1).max(50).optional().default(5) })
  .refine(oneContent, oneContentError);
export type FilePreviewBody = z.input<typeof filePreviewBodySchema>;
export const filePreviewResponseSchema = z.object({
  data: z.object({
    headers: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    total_rows: z.number().int(),
    encoding: z.enum(['utf-8', 'latin1']),
    delimiter: z.enum(CSV_DELIMITERS),
  }),
});
export type FilePreview = z.infer<typeof filePreviewResponseSchema>['data'];

/** Header → field (null: not imported). */
export const importMappingSchema = z.record(z.string().max(300), z.enum(IMPORT_FIELDS).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const generateFieldsBodySchema = z.strictObject({ headers: z.array(z.string().max(300)).min(1).max(500) });
export const generateFieldsResponseSchema = z.object({
  data: z.object({
    mapping: importMappingSchema,
    fields: z.array(z.enum(IMPORT_FIELDS)),
    /** Headers whose field came from the account's remembered mapping. */
    remembered: z.array(z.string()),
  }),
});
export type GeneratedFields = z.infer<typeof generateFieldsResponseSchema>['data'];

export const uploadBodySchema = z
  .strictObject({ ...uploadFileShape, mapping: importMappingSchema, persona_id: z.number().int().positive().nullable().optional() })
  .refine(oneContent, oneContentError);
export type UploadBody = z.input<typeof uploadBodySchema>;
export const uploadResponseSchema = z.object({ data: z.object({ job_id: z.number().int() }) });

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importRowErrorSchema = z.object({ row: z.number().int(), reason: z.string() });
export const importConflictSchema = z.object({
  row: z.number().int(),
  /** The earlier row of this file with that email, if the prospect came from this file. */
  other_row: z.number().int().nullable(),
  /** The prospect the email belongs to (null: another row of this file that was not written). */
  prospect_id: z.number().int().nullable(),
  email: z.string(),
  reason: z.string(),
});
export const importMergeSchema = z.object({
  /** The rows merged into the prospect (as a spreadsheet numbers them). */
  rows: z.array(z.number().int()),
  prospect_id: z.number().int().nullable(),
  /** The row of this file that created the prospect; null when it existed before the import. */
  first_row: z.number().int().nullable(),
});
export const importJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  persona_id: z.number().int().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  error_count: z.number().int(),
  /** Row numbers count the header as row 1, as a spreadsheet shows them; capped at IMPORT_ERRORS_CAP. */
  errors: z.array(importRowErrorSchema),
  failure: z.string().nullable(),
  /** Valid rows with a LinkedIn URL and no email (LinkedIn and phone steps need no email). */
  linkedin_only: z.number().int(),
  /**
   * Rows not merged because their email names another row or prospect whose LinkedIn URL is someone else's
   * (two people sharing an address); capped at IMPORT_ERRORS_CAP, conflict_count has the full number.
   */
  conflicts: z.array(importConflictSchema),
  conflict_count: z.number().int(),
  /** Which rows were merged into which prospect (capped at IMPORT_ERRORS_CAP prospects). */
  merges: z.array(importMergeSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
