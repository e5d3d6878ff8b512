import { and, desc, eq, sql } from 'drizzle-orm';
import type { LinkedInSearch } from '@shared/schemas/linkedin-searches';
import type { Db } from '../../db/client';
import { linkedinSearches, personaProspects, personas, type LinkedinSearchRow } from '../../db/schema';

/** Saved LinkedIn searches, always read and written within one account. */

export type SearchWithPersona = LinkedinSearchRow & { personaName: string };

const withPersona = {
  id: linkedinSearches.id,
  accountId: linkedinSearches.accountId,
  personaId: linkedinSearches.personaId,
  userId: linkedinSearches.userId,
  name: linkedinSearches.name,
  url: linkedinSearches.url,
  searchKey: linkedinSearches.searchKey,
  kind: linkedinSearches.kind,
  addedCount: linkedinSearches.addedCount,
  lastPage: linkedinSearches.lastPage,
  lastCapturedAt: linkedinSearches.lastCapturedAt,
  createdAt: linkedinSearches.createdAt,
  updatedAt: linkedinSearches.updatedAt,
  personaName: personas.name,
};

export function toLinkedInSearchJson(row: SearchWithPersona): LinkedInSearch {
  return {
    id: row.id,
    person_id: row.personaId,
    person_name: row.personaName,
    name: row.name,
    url: row.url,
    kind: row.kind,
    added_count: row.addedCount,
    last_page: row.lastPage,
    last_captured_at: row.lastCapturedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function listInAccount(db: Db, accountId: number, personaId?: number): Promise<SearchWithPersona[]> {
  return db
    .select(withPersona)
    .from(linkedinSearches)
    .innerJoin(personas, and(eq(personas.id, linkedinSearches.personaId), eq(personas.accountId, accountId)))
    .where(and(eq(linkedinSearches.accountId, accountId), personaId === undefined ? undefined : eq(linkedinSearches.personaId, personaId)))
    .orderBy(desc(linkedinSearches.createdAt), desc(linkedinSearches.id));
}

export async function findInAccount(db: Db, accountId: number, id: number): Promise<SearchWithPersona | null> {
  const [row] = await db
    .select(withPersona)
    .from(linkedinSearches)
    .innerJoin(personas, and(eq(personas.id, linkedinSearches.personaId), eq(personas.accountId, accountId)))
    .where(and(eq(linkedinSearches.accountId, accountId), eq(linkedinSearches.id, id)))
    .limit(1);
  return row ?? null;
}

/** Saves the search for the persona; the same search saved again for that persona answers the first row. */
export async function insertOrFind(
  db: Db,
  input: { accountId: number; personaId: number; userId: number; name: string; url: string; searchKey: string; kind: LinkedinSearchRow['kind'] },
): Promise<number> {
  const [row] = await db.insert(linkedinSearches).values(input).onConflictDoNothing().returning({ id: linkedinSearches.id });
  if (row) return row.id;
  const [existing] = await db
    .select({ id: linkedinSearches.id })
    .from(linkedinSearches)
    .where(and(eq(linkedinSearches.accountId, input.accountId), eq(linkedinSearches.personaId, input.personaId), eq(linkedinSearches.searchKey, input.searchKey)))
    .limit(1);
  return existing!.id;
}

export async function deleteInAccount(db: Db, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(linkedinSearches)
    .where(and(eq(linkedinSearches.accountId, accountId), eq(linkedinSearches.id, id)))
    .returning({ id: linkedinSearches.id });
  return rows.length > 0;
}

/** Puts the prospects into the persona; answers those that were not in it yet (the rest already were). */
export async function addMembers(db: Db, accountId: number, personaId: number, prospectIds: number[]): Promise<Set<number>> {
  if (prospectIds.length === 0) return new Set();
  const rows = await db
    .insert(personaProspects)
    .values(prospectIds.map((prospectId) => ({ accountId, personaId, prospectId })))
    .onConflictDoNothing()
    .returning({ prospectId: personaProspects.prospectId });
  return new Set(rows.map((r) => r.prospectId));
}

export async function recordCapture(db: Db, accountId: number, id: number, input: { added: number; page: number | null; at: Date }): Promise<void> {
  await db
    .update(linkedinSearches)
    .set({
      addedCount: sql`${linkedinSearches.addedCount} + ${input.added}`,
      ...(input.page !== null ? { lastPage: input.page } : {}),
      lastCapturedAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(linkedinSearches.accountId, accountId), eq(linkedinSearches.id, id)));
}
