import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { LinkedInAccount } from '@shared/schemas/linkedin';
import type { Db } from '../../db/client';
import { asSystem } from '../../db/tenancy';
import { linkedinAccounts, type LinkedinAccountRow } from '../../db/schema';

export type Scope = { accountId: number; userId: number };
export type LinkedInAccountFields = { fullName?: string | null; headline?: string | null; photoUrl?: string | null };

export function toLinkedInAccountJson(row: LinkedinAccountRow): LinkedInAccount {
  return {
    id: row.id,
    profile_url: row.profileUrl,
    full_name: row.fullName,
    headline: row.headline,
    photo_url: row.photoUrl,
    status: 'connected',
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Connects the profile to the user, or refreshes the given fields when this user already has it.
 * One statement, so a double click cannot race: null when another user (of any account) holds it.
 */
export async function upsertForUser(db: Db, scope: Scope, profileUrl: string, fields: LinkedInAccountFields): Promise<LinkedinAccountRow | null> {
  const set: Partial<Record<'fullName' | 'headline' | 'photoUrl', SQL>> = {};
  if (fields.fullName !== undefined) set.fullName = sql`excluded.full_name`;
  if (fields.headline !== undefined) set.headline = sql`excluded.headline`;
  if (fields.photoUrl !== undefined) set.photoUrl = sql`excluded.photo_url`;
  const [row] = await db
    .insert(linkedinAccounts)
    .values({ accountId: scope.accountId, userId: scope.userId, profileUrl, ...fields })
    .onConflictDoUpdate({
      target: linkedinAccounts.profileUrl,
      // With nothing to change, a no-op assignment still lets RETURNING give the row back.
      set: Object.keys(set).length ? set : { profileUrl: sql`excluded.profile_url` },
      setWhere: and(eq(linkedinAccounts.userId, scope.userId), eq(linkedinAccounts.accountId, scope.accountId)),
    })
    .returning();
  return row ?? null;
}

/** Unscoped on purpose: only says who holds a URL, for the conflict message and account-status. */
export async function holderOf(db: Db, profileUrl: string): Promise<{ accountId: number; userId: number } | null> {
  const [row] = await asSystem('a LinkedIn profile is connected to one account across all', () =>
    db
      .select({ accountId: linkedinAccounts.accountId, userId: linkedinAccounts.userId })
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.profileUrl, profileUrl))
      .limit(1),
  );
  return row ?? null;
}

export function listInAccount(db: Db, accountId: number): Promise<LinkedinAccountRow[]> {
  return db.select().from(linkedinAccounts).where(eq(linkedinAccounts.accountId, accountId)).orderBy(asc(linkedinAccounts.id));
}

export async function findInAccountByUrl(db: Db, accountId: number, profileUrl: string): Promise<LinkedinAccountRow | null> {
  const [row] = await db
    .select()
    .from(linkedinAccounts)
    .where(and(eq(linkedinAccounts.accountId, accountId), eq(linkedinAccounts.profileUrl, profileUrl)))
    .limit(1);
  return row ?? null;
}

export async function deleteInAccount(db: Db, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(linkedinAccounts)
    .where(and(eq(linkedinAccounts.id, id), eq(linkedinAccounts.accountId, accountId)))
    .returning({ id: linkedinAccounts.id });
  return rows.length > 0;
}
