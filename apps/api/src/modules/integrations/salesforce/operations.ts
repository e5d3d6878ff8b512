import { z } from 'zod';
import { dbId, text } from '@shared/schemas/primitives';
import type { WriteOperation } from '../providers';
import { forgetRecord, recordOf, rememberRecord, type RecordKey } from '../records';
import { NeedsReconnectError } from '../tokens';
import { VendorError, type VendorClient } from '../vendor-fetch';
import { salesforceClient, SalesforceApiError, SalesforceReconnectError, soqlString, type SalesforceClient, type SObjectType } from './client';

/**
 * The writes Salesforce performs, run by the ledger's job. Identity by Salesforce's record id: a prospect written once
 * is PATCHed at its id from then on (an email change updates that record). A record merged away answers
 * ENTITY_IS_DELETED: queryAll gives its MasterRecordId, the survivor, which gets the update and the mapping. A create the
 * org's duplicate rule refuses (DUPLICATES_DETECTED) updates the record the rule matched instead: never
 * search-then-create (search lags, and the rule is the org's own definition of "the same person").
 */

export const UPSERT_PERSON = 'salesforce.upsert_person';
export const LOG_TASK = 'salesforce.log_task';

const fieldsSchema = z.object({
  FirstName: text().optional(),
  LastName: text(),
  Company: text().optional(),
  Email: text().optional(),
  Title: text().optional(),
});
export type SalesforcePersonFields = z.infer<typeof fieldsSchema>;

export const upsertPersonInput = z.object({
  prospect_id: dbId().nullable(),
  object: z.enum(['Lead', 'Contact']),
  fields: fieldsSchema,
  /** The conversation to log as a completed Task on the record once it is written (log_conversation on). */
  task: z.object({ key: text(), summary: text(), subject: text(), description: text(), at: text() }).nullable().optional(),
});
export type UpsertPersonInput = z.infer<typeof upsertPersonInput>;

const taskInput = z.object({ who_id: text(), subject: text(), description: text(), at: text() });

/** Salesforce's errors as the ledger reads vendor errors (a refusal fails the write with Salesforce's words). */
export async function speaking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SalesforceApiError) throw new VendorError(err.status, err.message, err.errors);
    if (err instanceof SalesforceReconnectError) throw new NeedsReconnectError('salesforce', err.message);
    throw err;
  }
}

/** A Salesforce REST client of the integration, over the core's vendor client (pacing, token, guarded fetch). */
export const sfOf = (client: VendorClient): SalesforceClient => salesforceClient((req) => client.request({ method: req.method, path: req.path, json: req.json }));

/** The fields an object takes: a Contact has no Company (it belongs to an Account). */
const fieldsFor = (object: SObjectType, fields: SalesforcePersonFields): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && v !== '' && !(object === 'Contact' && k === 'Company'))) as Record<string, string>;

/** PATCH the record at its id; a merged-away record is followed to its survivor. null: deleted for good. */
async function updateFollowingMerges(sf: SalesforceClient, object: SObjectType, id: string, fields: Record<string, string>): Promise<{ id: string; mergedFrom: string | null } | null> {
  try {
    await sf.update(object, id, fields);
    return { id, mergedFrom: null };
  } catch (err) {
    if (!(err instanceof SalesforceApiError) || !(err.has('ENTITY_IS_DELETED') || err.status === 404)) throw err;
  }
  const { records } = await sf.query(`SELECT Id, MasterRecordId FROM ${object} WHERE Id = ${soqlString(id)}`, { all: true });
  const master = records[0]?.MasterRecordId;
  if (typeof master !== 'string' || !master) return null;
  await sf.update(object, master, fields);
  return { id: master, mergedFrom: id };
}

const upsertPerson: WriteOperation = {
  provider: 'salesforce',
  async run({ deps, integration, client, now }, raw) {
    const input = upsertPersonInput.parse(raw);
    const sf = sfOf(client);
    const fields = fieldsFor(input.object, input.fields);
    const key: RecordKey | null =
      input.prospect_id !== null ? { accountId: integration.accountId, provider: 'salesforce', vendorAccountId: integration.vendorAccountId, objectType: input.object, prospectId: input.prospect_id } : null;
    const known = key ? await recordOf(deps.db, key) : null;
    return speaking(async () => {
      let outcome: { id: string; action: 'updated' | 'created' | 'updated_duplicate'; status: number; mergedFrom: string | null } | null = null;
      if (known) {
        const updated = await updateFollowingMerges(sf, input.object, known.recordId, fields);
        if (updated) outcome = { id: updated.id, action: 'updated', status: 204, mergedFrom: updated.mergedFrom };
        else if (key) await forgetRecord(deps.db, key);
      }
      if (!outcome) {
        try {
          outcome = { id: await sf.create(input.object, fields), action: 'created', status: 201, mergedFrom: null };
        } catch (err) {
          const dup = err instanceof SalesforceApiError && err.has('DUPLICATES_DETECTED') ? err.duplicateIds()[0] : undefined;
          if (!dup) throw err;
          await sf.update(input.object, dup, fields);
          outcome = { id: dup, action: 'updated_duplicate', status: 204, mergedFrom: null };
        }
      }
      if (key) await rememberRecord(deps.db, key, outcome.id, fields.Email ?? null, now);
      const followUps = input.task
        ? [{ key: input.task.key, operation: LOG_TASK, summary: input.task.summary, input: { who_id: outcome.id, subject: input.task.subject, description: input.task.description, at: input.task.at }, prospectId: input.prospect_id, recordId: outcome.id }]
        : [];
      return {
        recordId: outcome.id,
        responseStatus: outcome.status,
        result: { action: outcome.action, object: input.object, ...(outcome.mergedFrom ? { merged_from: outcome.mergedFrom } : {}) },
        followUps,
      };
    });
  },
};

/** A completed Task on the Lead or Contact (WhoId): the conversation, as an email activity of that day. */
const logTask: WriteOperation = {
  provider: 'salesforce',
  async run({ client }, raw) {
    const input = taskInput.parse(raw);
    const sf = sfOf(client);
    return speaking(async () => {
      const id = await sf.create('Task', {
        WhoId: input.who_id,
        Subject: input.subject.slice(0, 255),
        Description: input.description.slice(0, 32000),
        Status: 'Completed',
        Priority: 'Normal',
        TaskSubtype: 'Email',
        ActivityDate: input.at.slice(0, 10),
      });
      return { recordId: input.who_id, responseStatus: 201, result: { task_id: id } };
    });
  },
};

export const salesforceOperations: Record<string, WriteOperation> = { [UPSERT_PERSON]: upsertPerson, [LOG_TASK]: logTask };
