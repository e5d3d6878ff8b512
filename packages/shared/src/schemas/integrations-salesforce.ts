import { z } from 'zod';
import { dbId, text } from './primitives';

/**
 * Salesforce's calls (spec §7 integrations/salesforce_lists, replies/{id}/import_contact_to_salesforce; issue 27).
 * The integration's settings (salesforce_object: Lead or Contact, suppression_list_id: a list view) are in
 * ./integrations.ts with every provider's.
 */

export const SALESFORCE_OBJECTS = ['Lead', 'Contact'] as const;
export type SalesforceObject = (typeof SALESFORCE_OBJECTS)[number];
const objectSchema = z.enum(SALESFORCE_OBJECTS, { error: 'Object must be Lead or Contact' });

/** A list view id (15 or 18 characters, 00B…). */
/** A Salesforce list view id (00B…, 15 or 18 characters). */
export const SALESFORCE_LIST_VIEW_ID = /^00B[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?$/;
/**
 * The path's list view id: any short text here, and a 404 from the route when it names no list view (an id of another
 * shape included), so the body's own errors are reported too.
 */
export const salesforceListParamsSchema = z.strictObject({ id: text().min(1).max(40) });

export const salesforceListsQuerySchema = z.strictObject({ sobject: objectSchema.optional() });

export const salesforceListItemSchema = z.object({
  /** The list view's id (00B…). */
  id: text(),
  label: text(),
  sobject_type: objectSchema,
  /** This is the integration's suppression list (settings.suppression_list_id). */
  suppression: z.boolean(),
});
export type SalesforceListItem = z.infer<typeof salesforceListItemSchema>;
export const salesforceListsSchema = z.object({ data: z.array(salesforceListItemSchema) });

/** POST replies/{id}/import_contact_to_salesforce: as a Lead or a Contact (absent: the integration's setting, else Lead). */
export const importToSalesforceBodySchema = z.strictObject({ object: objectSchema.optional() });

/**
 * POST integrations/salesforce_lists/{id}/import_to_blacklist: { sobject } starts a preview (what would be added, what
 * is on the blacklist already, what has no address); { sync_id, confirm: true } applies exactly that preview.
 */
export const salesforceBlacklistImportBodySchema = z.union([
  z.strictObject({ sync_id: dbId('Sync id'), confirm: z.literal(true, { error: 'confirm must be true' }) }),
  z.strictObject({ sobject: objectSchema, list_name: text().trim().max(200).optional() }),
]);
