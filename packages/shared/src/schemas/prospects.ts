import { z } from 'zod';
import { dbId, int32, text } from './primitives';
import { personFiltersWireSchema } from './person-filters';
import { pageMetaSchema, prospectSchema } from './personas';

/**
 * The account-wide prospects page (/cabinet/prospects): every prospect of the account, also those in
 * no persona. One query shape drives the list, the export and "select all matching".
 */

export const PROSPECT_LIST_SORTS = ['created_at', 'updated_at', 'full_name', 'company', 'email'] as const;
export type ProspectListSort = (typeof PROSPECT_LIST_SORTS)[number];

/** Which memberships to show: every prospect, those in no persona, or those of one persona. */
export const PROSPECT_MEMBERSHIPS = ['all', 'none'] as const;

const id = dbId();

/** What narrows the list: text search (name, email, company, LinkedIn URL), the persona filters, membership. */
export const prospectQuerySchema = z.strictObject({
  /** Name, email, company or LinkedIn URL contains this (any case). */
  search: text().trim().max(200, { error: 'Search must be at most 200 characters' }).optional().default(''),
  /** The persona filters (wire form, as personas save them). */
  filters: personFiltersWireSchema.optional().default({}),
  /** 'none': only prospects in no persona; a number: only that persona's prospects. */
  persona: z.union([z.enum(PROSPECT_MEMBERSHIPS), id]).optional().default('all'),
});
export type ProspectQuery = z.input<typeof prospectQuerySchema>;

/** POST prospects/search: one page of the matching prospects. */
export const prospectSearchBodySchema = prospectQuerySchema.extend({
  page: int32().min(1).max(100000).optional().default(1),
  per_page: int32().min(1).max(200).optional().default(50),
  sort: z.enum(PROSPECT_LIST_SORTS).optional().default('created_at'),
  sort_direction: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type ProspectSearchBody = z.input<typeof prospectSearchBodySchema>;
export const prospectSearchResponseSchema = z.object({ data: z.array(prospectSchema), meta: pageMetaSchema });

export const PROSPECT_BULK_MAX = 1000;

/** The prospects an action applies to: the ones picked (at most 1000), or every one matching a query. */
export const prospectSelectionSchema = z
  .strictObject({
    ids: z
      .array(id)
      .min(1, { error: 'Select at least one prospect' })
      .max(PROSPECT_BULK_MAX, { error: `Select at most ${PROSPECT_BULK_MAX} prospects at a time, or choose all matching` })
      .optional(),
    all_matching: prospectQuerySchema.optional(),
  })
  .refine((s) => (s.ids === undefined) !== (s.all_matching === undefined), { error: 'Give either ids or all_matching' });
export type ProspectSelection = z.input<typeof prospectSelectionSchema>;

/** POST prospects/add_to_persona. */
export const addProspectsToPersonaBodySchema = z.strictObject({
  persona_id: id,
  selection: prospectSelectionSchema,
});
export type AddProspectsToPersonaBody = z.input<typeof addProspectsToPersonaBodySchema>;
export const addProspectsToPersonaResponseSchema = z.object({
  /** Newly added to the persona (already members are not counted). */
  data: z.object({ added: int32(), already: int32() }),
});

/** POST prospects/delete: erases the prospects and everything recorded about them. */
export const deleteProspectsBodySchema = z.strictObject({ selection: prospectSelectionSchema });
export type DeleteProspectsBody = z.input<typeof deleteProspectsBodySchema>;
export const deleteProspectsResponseSchema = z.object({ data: z.object({ deleted: int32() }) });

/** POST prospects/export: the selection as CSV. */
export const exportProspectsBodySchema = z.strictObject({ selection: prospectSelectionSchema });
export type ExportProspectsBody = z.input<typeof exportProspectsBodySchema>;

/** The columns of every prospect CSV (the account-wide export and one persona's). */
export const PROSPECT_CSV_HEADER = [
  'Prospect ID',
  'Full name',
  'First name',
  'Last name',
  'Email',
  'LinkedIn URL',
  'Title',
  'Company',
  'Company domain',
  'Industry',
  'Company size',
  'Location',
  'Country',
  'Source',
  'Personas',
  'Added at',
] as const;

/**
 * The outreach state `campaign_emails/export_prospects_by_person/{id}` adds after PROSPECT_CSV_HEADER: the
 * prospect's most recent enrolment (any campaign), the step it reached, the last touch on any channel, and
 * what came back. Empty cells for a prospect never enrolled.
 */
export const PROSPECT_OUTREACH_CSV_HEADER = [
  'Campaign',
  'Enrolment status',
  'Step reached',
  'Steps',
  'Last touch at',
  'Last touch channel',
  'Replied',
  'Reply status',
  'Outcome',
  'Stopped reason',
] as const;
