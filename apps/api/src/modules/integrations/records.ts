import { and, eq } from 'drizzle-orm';
import type { IntegrationProviderId } from '@shared/schemas/integrations';
import type { Db } from '../../db/client';
import { integrationRecords, type IntegrationRecordRow } from '../../db/schema';

/**
 * Identity by the CRM's record id, not by email (issue 27): once a vendor tells us which record a prospect is, every
 * later write goes to that id (an email change updates the record instead of creating a second one); when the vendor
 * answers with another id (HubSpot and Salesforce return the surviving record of a merge), the mapping follows it.
 */

export type RecordKey = { accountId: number; provider: IntegrationProviderId; vendorAccountId: string | null; objectType: string; prospectId: number };

const where = (k: RecordKey) =>
  and(
    eq(integrationRecords.accountId, k.accountId),
    eq(integrationRecords.provider, k.provider),
    eq(integrationRecords.vendorAccountId, k.vendorAccountId ?? ''),
    eq(integrationRecords.objectType, k.objectType),
    eq(integrationRecords.prospectId, k.prospectId),
  );

export async function recordOf(db: Db, key: RecordKey): Promise<IntegrationRecordRow | null> {
  const [row] = await db.select().from(integrationRecords).where(where(key));
  return row ?? null;
}

/** Remembers (or moves, after a merge) which vendor record the prospect is. */
export async function rememberRecord(db: Db, key: RecordKey, recordId: string, email: string | null, now: Date): Promise<void> {
  await db
    .insert(integrationRecords)
    .values({ accountId: key.accountId, provider: key.provider, vendorAccountId: key.vendorAccountId ?? '', objectType: key.objectType, prospectId: key.prospectId, recordId, email, updatedAt: now })
    .onConflictDoUpdate({
      target: [integrationRecords.accountId, integrationRecords.provider, integrationRecords.vendorAccountId, integrationRecords.objectType, integrationRecords.prospectId],
      set: { recordId, email, updatedAt: now },
    });
}

/** The vendor deleted the record: the next write creates (or finds, by its duplicate answer) another. */
export async function forgetRecord(db: Db, key: RecordKey): Promise<void> {
  await db.delete(integrationRecords).where(where(key));
}
