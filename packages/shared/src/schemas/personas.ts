import { z } from 'zod';
import { linkedInProfileSchema } from './linkedin';

/**
 * Personas (the spec's `persons`): target audiences. The business-information issue adds the full
 * search-filter model; this is the part the extension and the dashboard need.
 */
export const personaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  prospects_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Persona = z.infer<typeof personaSchema>;

export const createPersonaBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(120, { error: 'Name must be at most 120 characters' }),
  description: z.string().trim().max(2000).nullable().optional(),
});
export type CreatePersonaBody = z.input<typeof createPersonaBodySchema>;

export const paginationQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const pageMetaSchema = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const PROSPECT_SOURCES = ['extension', 'import', 'manual', 'search'] as const;

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
