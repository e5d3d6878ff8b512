import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { User } from '@shared/schemas/auth';
import type { Db } from '../../db/client';
import { asSystem } from '../../db/tenancy';
import { accounts, users, type AccountRow, type UserRow } from '../../db/schema';
import { evictUser } from './auth-cache';

export type UserWithAccount = { user: UserRow; account: AccountRow };

export function toUserJson({ user, account }: UserWithAccount): User {
  return {
    id: user.id,
    account_id: user.accountId,
    email: user.email,
    uid: user.uid,
    provider: user.provider,
    name: user.name,
    phone: user.phone,
    image: user.image,
    confirmed: user.confirmedAt !== null,
    onboarding_finished: user.onboardingFinishedAt !== null,
    tariff_plan: account.tariffPlan as User['tariff_plan'],
    holder_id: account.holderId,
    created_at: user.createdAt.toISOString(),
    unconfirmed_email: user.unconfirmedEmail,
    role: user.role,
    account_name: account.name,
  };
}

async function withAccount(db: Db, where: SQL | undefined): Promise<UserWithAccount | null> {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/**
 * Look-ups before anyone is signed in, for the auth flows only (and the address-taken check of an email
 * change). Brands are separate tenants: by email or uid only within one brand (holder_id); the link-token
 * look-ups need no brand (the token is the proof). Across accounts by nature, so in the tenancy guard's
 * system scope (db/tenancy.ts).
 */
const acrossAccounts = (db: Db, where: SQL | undefined) => asSystem('finds a user by email, uid or link token', () => withAccount(db, where));
export const findUserByEmail = (db: Db, holderId: number, email: string) =>
  acrossAccounts(db, and(eq(users.holderId, holderId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
export const findUserByUid = (db: Db, holderId: number, uid: string) => acrossAccounts(db, and(eq(users.holderId, holderId), eq(users.uid, uid)));
export const findUserByConfirmationHash = (db: Db, hash: string) => acrossAccounts(db, eq(users.confirmationTokenHash, hash));
export const findUserByResetHash = (db: Db, hash: string) => acrossAccounts(db, eq(users.resetPasswordTokenHash, hash));
export const findUserByEmailChangeHash = (db: Db, hash: string) => acrossAccounts(db, eq(users.emailChangeTokenHash, hash));
export const findUserByEmailUndoHash = (db: Db, hash: string) => acrossAccounts(db, eq(users.emailUndoTokenHash, hash));

export type NewUser = {
  email: string;
  provider: 'email' | 'google_oauth2';
  uid: string;
  encryptedPassword: string | null;
  name: string | null;
  phone: string | null;
  image?: string | null;
  confirmedAt?: Date | null;
  onboardingFinishedAt?: Date | null;
};

/** A new user always gets their own account (the tenant), branded with the holder they signed up under. */
export async function createUserWithAccount(
  db: Db,
  input: NewUser & { accountName: string; holderId: number; tariffPlan?: string },
): Promise<UserWithAccount> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: input.accountName, holderId: input.holderId, tariffPlan: input.tariffPlan ?? 'Trial' })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        holderId: input.holderId,
        email: input.email.toLowerCase(),
        provider: input.provider,
        uid: input.uid,
        encryptedPassword: input.encryptedPassword,
        name: input.name,
        phone: input.phone,
        image: input.image ?? null,
        confirmedAt: input.confirmedAt ?? null,
        onboardingFinishedAt: input.onboardingFinishedAt ?? null,
      })
      .returning();
    return { user: user!, account: account! };
  });
}

/** Tenancy lives here: a user row is only ever changed within its own account. */
export async function updateUser(
  db: Db,
  scope: { accountId: number; userId: number },
  patch: Partial<Omit<UserRow, 'id' | 'accountId' | 'createdAt'>>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.id, scope.userId), eq(users.accountId, scope.accountId)))
    .returning();
  evictUser(db, scope.userId);
  return row ?? null;
}

export async function getUserInAccount(db: Db, scope: { accountId: number; userId: number }): Promise<UserWithAccount | null> {
  return withAccount(db, and(eq(users.id, scope.userId), eq(users.accountId, scope.accountId)));
}
