import { z } from 'zod';
import { dbId, text } from '@shared/schemas/primitives';
import type { WriteOperation } from '../providers';
import { forgetRecord, recordOf, rememberRecord, type RecordKey } from '../records';
import { createNote, createOrUpdateContact, updateContact, type HubSpotContactProperties } from './client';

/**
 * The writes HubSpot performs, run by the ledger's job (ledger.ts). Each is idempotent at HubSpot for the same input:
 * the contact write goes to the known record id (identity by HubSpot's id), else creates, and a duplicate (409) becomes
 * an update of the id HubSpot names; a merged contact answers with its surviving id, which the mapping follows.
 */

const propertiesSchema = z.object({
  email: text().optional(),
  firstname: text().optional(),
  lastname: text().optional(),
  company: text().optional(),
  jobtitle: text().optional(),
});

export const upsertContactInput = z.object({
  prospect_id: dbId().nullable(),
  properties: propertiesSchema,
  /** The conversation to log as a note once the contact is written (when the user turned that on). */
  note: z.object({ key: text(), body: text(), at: text(), summary: text() }).nullable().optional(),
});
export type UpsertContactInput = z.infer<typeof upsertContactInput>;

const noteInput = z.object({ contact_id: text(), body: text(), at: text() });

export const UPSERT_CONTACT = 'hubspot.upsert_contact';
export const LOG_NOTE = 'hubspot.log_note';

const upsertContact: WriteOperation = {
  provider: 'hubspot',
  async run({ deps, integration, client, now }, raw) {
    const input = upsertContactInput.parse(raw);
    const properties: HubSpotContactProperties = input.properties;
    const key: RecordKey | null =
      input.prospect_id !== null ? { accountId: integration.accountId, provider: 'hubspot', vendorAccountId: integration.vendorAccountId, objectType: 'contact', prospectId: input.prospect_id } : null;
    const known = key ? await recordOf(deps.db, key) : null;
    let answer = known ? await updateContact(client, known.recordId, properties) : null;
    // Deleted at HubSpot since (404): forget it; the create below finds a duplicate by email, if any, through its 409.
    if (known && !answer && key) await forgetRecord(deps.db, key);
    answer ??= await createOrUpdateContact(client, properties);
    if (key) await rememberRecord(deps.db, key, answer.id, properties.email ?? null, now);
    const followUps = input.note
      ? [{ key: input.note.key, operation: LOG_NOTE, summary: input.note.summary, input: { contact_id: answer.id, body: input.note.body, at: input.note.at }, prospectId: input.prospect_id, recordId: answer.id }]
      : [];
    return {
      recordId: answer.id,
      responseStatus: answer.status,
      result: { action: answer.action, ...(known && known.recordId !== answer.id ? { merged_from: known.recordId } : {}) },
      followUps,
    };
  },
};

const logNote: WriteOperation = {
  provider: 'hubspot',
  async run({ client }, raw) {
    const input = noteInput.parse(raw);
    const note = await createNote(client, input.contact_id, input.body, new Date(input.at));
    return { recordId: input.contact_id, responseStatus: note.status, result: { note_id: note.id } };
  },
};

export const hubspotOperations: Record<string, WriteOperation> = { [UPSERT_CONTACT]: upsertContact, [LOG_NOTE]: logNote };
