import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { SocialNetwork } from '@shared/schemas/brand-awareness';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { socialPosts, socialPostSettings, socialProfiles, virtualEmployees, type SocialPostRow, type SocialPostSettingsRow, type SocialProfileRow, type VirtualEmployeeRow } from '../../db/schema';
import { credentialsBox } from '../mailboxes/credentials';

/**
 * Every read and write of brand awareness's tables, bound to the account (the tenancy guard checks it too).
 * The member's tokens are sealed here and opened here only: AES-256-GCM with the mailbox credentials' key,
 * bound to (account, employee, network, kind) so a sealed token copied into another row does not open.
 */

type Keys = Pick<Config, 'mailCredentialsKey' | 'dataDir'>;
export type TokenKind = 'access' | 'refresh';
const contextOf = (accountId: number, veId: number, network: SocialNetwork, kind: TokenKind) => `social_profiles:${accountId}:${veId}:${network}:${kind}`;

export const sealToken = (config: Keys, accountId: number, veId: number, network: SocialNetwork, kind: TokenKind, plain: string) =>
  credentialsBox(config).seal(plain, contextOf(accountId, veId, network, kind));

/** The clear token, for the server's own calls to the network; throws SecretBoxError when it does not open. */
export const openToken = (config: Keys, row: Pick<SocialProfileRow, 'accountId' | 'virtualEmployeeId' | 'socialNetwork'>, kind: TokenKind, sealed: string) =>
  credentialsBox(config).open(sealed, contextOf(row.accountId, row.virtualEmployeeId, row.socialNetwork, kind));

export async function findEmployee(db: Db, accountId: number, id: number): Promise<VirtualEmployeeRow | null> {
  const [row] = await db
    .select()
    .from(virtualEmployees)
    .where(and(eq(virtualEmployees.accountId, accountId), eq(virtualEmployees.id, id)));
  return row ?? null;
}

export async function findProfile(db: Db, accountId: number, veId: number, network: SocialNetwork): Promise<SocialProfileRow | null> {
  const [row] = await db
    .select()
    .from(socialProfiles)
    .where(and(eq(socialProfiles.accountId, accountId), eq(socialProfiles.virtualEmployeeId, veId), eq(socialProfiles.socialNetwork, network)));
  return row ?? null;
}

export type ProfileValues = Omit<typeof socialProfiles.$inferInsert, 'id' | 'accountId' | 'virtualEmployeeId' | 'socialNetwork' | 'createdAt'>;

export async function upsertProfile(db: Db, accountId: number, veId: number, network: SocialNetwork, values: ProfileValues): Promise<SocialProfileRow> {
  const [row] = await db
    .insert(socialProfiles)
    .values({ accountId, virtualEmployeeId: veId, socialNetwork: network, ...values })
    .onConflictDoUpdate({
      target: [socialProfiles.virtualEmployeeId, socialProfiles.socialNetwork],
      set: { ...values, updatedAt: new Date() },
      setWhere: eq(socialProfiles.accountId, accountId),
    })
    .returning();
  return row!;
}

/** Marks a connection expired with the reason; answers false when it already was (its expiry is told once). */
export async function expireProfile(db: Db, accountId: number, profileId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(socialProfiles)
    .set({ status: 'expired', statusReason: reason, updatedAt: new Date() })
    .where(and(eq(socialProfiles.accountId, accountId), eq(socialProfiles.id, profileId), ne(socialProfiles.status, 'expired')))
    .returning({ id: socialProfiles.id });
  return rows.length > 0;
}

export async function deleteProfile(db: Db, accountId: number, profileId: number): Promise<void> {
  await db.delete(socialProfiles).where(and(eq(socialProfiles.accountId, accountId), eq(socialProfiles.id, profileId)));
}

export async function findSettings(db: Db, accountId: number, veId: number, network: SocialNetwork): Promise<SocialPostSettingsRow | null> {
  const [row] = await db
    .select()
    .from(socialPostSettings)
    .where(and(eq(socialPostSettings.accountId, accountId), eq(socialPostSettings.virtualEmployeeId, veId), eq(socialPostSettings.socialNetwork, network)));
  return row ?? null;
}

export type SettingsValues = Partial<Omit<typeof socialPostSettings.$inferInsert, 'id' | 'accountId' | 'virtualEmployeeId' | 'socialNetwork' | 'createdAt'>>;

export async function upsertSettings(db: Db, accountId: number, veId: number, network: SocialNetwork, values: SettingsValues): Promise<SocialPostSettingsRow> {
  const [row] = await db
    .insert(socialPostSettings)
    .values({ accountId, virtualEmployeeId: veId, socialNetwork: network, ...values })
    .onConflictDoUpdate({
      target: [socialPostSettings.virtualEmployeeId, socialPostSettings.socialNetwork],
      set: { ...values, updatedAt: new Date() },
      setWhere: eq(socialPostSettings.accountId, accountId),
    })
    .returning();
  return row!;
}

export type PostWithEmployee = SocialPostRow & { employeeName: string };

export type PostFilters = {
  virtualEmployeeId?: number;
  network?: SocialNetwork;
  statuses?: SocialPostRow['status'][];
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
  order?: 'asc' | 'desc';
};

export async function listPosts(db: Db, accountId: number, f: PostFilters): Promise<{ rows: PostWithEmployee[]; total: number }> {
  const where = and(
    eq(socialPosts.accountId, accountId),
    f.virtualEmployeeId ? eq(socialPosts.virtualEmployeeId, f.virtualEmployeeId) : undefined,
    f.network ? eq(socialPosts.socialNetwork, f.network) : undefined,
    f.statuses ? inArray(socialPosts.status, f.statuses) : undefined,
    f.from ? gte(socialPosts.scheduledAt, f.from) : undefined,
    f.to ? lt(socialPosts.scheduledAt, f.to) : undefined,
  );
  const rows = await db
    .select({ post: socialPosts, employeeName: virtualEmployees.name })
    .from(socialPosts)
    .innerJoin(virtualEmployees, and(eq(virtualEmployees.id, socialPosts.virtualEmployeeId), eq(virtualEmployees.accountId, accountId)))
    .where(where)
    .orderBy(f.order === 'desc' ? desc(socialPosts.scheduledAt) : asc(socialPosts.scheduledAt), asc(socialPosts.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(socialPosts).where(where);
  return { rows: rows.map((r) => ({ ...r.post, employeeName: r.employeeName })), total: Number(total?.n ?? 0) };
}

export async function findPost(db: Db, accountId: number, id: number): Promise<PostWithEmployee | null> {
  const { rows } = await listPostsByIds(db, accountId, [id]);
  return rows[0] ?? null;
}

export async function listPostsByIds(db: Db, accountId: number, ids: number[]): Promise<{ rows: PostWithEmployee[] }> {
  if (!ids.length) return { rows: [] };
  const rows = await db
    .select({ post: socialPosts, employeeName: virtualEmployees.name })
    .from(socialPosts)
    .innerJoin(virtualEmployees, and(eq(virtualEmployees.id, socialPosts.virtualEmployeeId), eq(virtualEmployees.accountId, accountId)))
    .where(and(eq(socialPosts.accountId, accountId), inArray(socialPosts.id, ids)))
    .orderBy(asc(socialPosts.scheduledAt));
  return { rows: rows.map((r) => ({ ...r.post, employeeName: r.employeeName })) };
}

export async function updatePost(db: Db, accountId: number, id: number, set: Partial<typeof socialPosts.$inferInsert>, onlyIn?: SocialPostRow['status'][]): Promise<SocialPostRow | null> {
  const [row] = await db
    .update(socialPosts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(socialPosts.accountId, accountId), eq(socialPosts.id, id), onlyIn ? inArray(socialPosts.status, onlyIn) : undefined))
    .returning();
  return row ?? null;
}

/** The slots of an employee already taken in [from, to). */
export async function takenSlots(db: Db, accountId: number, veId: number, network: SocialNetwork, from: Date, to: Date): Promise<Set<number>> {
  const rows = await db
    .select({ at: socialPosts.scheduledAt })
    .from(socialPosts)
    .where(
      and(
        eq(socialPosts.accountId, accountId),
        eq(socialPosts.virtualEmployeeId, veId),
        eq(socialPosts.socialNetwork, network),
        gte(socialPosts.scheduledAt, from),
        lt(socialPosts.scheduledAt, to),
      ),
    );
  return new Set(rows.map((r) => r.at.getTime()));
}

export async function postCount(db: Db, accountId: number, veId: number, network: SocialNetwork): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(socialPosts)
    .where(and(eq(socialPosts.accountId, accountId), eq(socialPosts.virtualEmployeeId, veId), eq(socialPosts.socialNetwork, network)));
  return Number(row?.n ?? 0);
}

export async function recentContents(db: Db, accountId: number, veId: number, network: SocialNetwork, limit = 3): Promise<string[]> {
  const rows = await db
    .select({ content: socialPosts.content })
    .from(socialPosts)
    .where(and(eq(socialPosts.accountId, accountId), eq(socialPosts.virtualEmployeeId, veId), eq(socialPosts.socialNetwork, network)))
    .orderBy(desc(socialPosts.scheduledAt))
    .limit(limit);
  return rows.map((r) => r.content);
}

/**
 * The claim that makes a publish happen at most once: approved and due → publishing, in one statement.
 * A second job for the same post (a retry, another process) finds nothing to claim.
 */
export async function claimDuePost(db: Db, accountId: number, id: number, now: Date): Promise<SocialPostRow | null> {
  const [row] = await db
    .update(socialPosts)
    .set({ status: 'publishing', claimedAt: now, attempts: sql`${socialPosts.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(socialPosts.accountId, accountId),
        eq(socialPosts.id, id),
        eq(socialPosts.status, 'approved'),
        lte(socialPosts.scheduledAt, now),
        or(isNull(socialPosts.nextAttemptAt), lte(socialPosts.nextAttemptAt, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Posts of an employee in these statuses scheduled at or after `from` (replanning, unlinking, resuming). */
export async function futurePosts(db: Db, accountId: number, veId: number, network: SocialNetwork, statuses: SocialPostRow['status'][], from: Date): Promise<SocialPostRow[]> {
  return db
    .select()
    .from(socialPosts)
    .where(
      and(
        eq(socialPosts.accountId, accountId),
        eq(socialPosts.virtualEmployeeId, veId),
        eq(socialPosts.socialNetwork, network),
        inArray(socialPosts.status, statuses),
        gte(socialPosts.scheduledAt, from),
      ),
    );
}

export async function deletePosts(db: Db, accountId: number, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(socialPosts).where(and(eq(socialPosts.accountId, accountId), inArray(socialPosts.id, ids)));
}
