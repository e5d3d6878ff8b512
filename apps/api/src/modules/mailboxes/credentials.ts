import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userCredentials, type UserCredentialRow } from '../../db/schema';
import { serverSecret } from '../../lib/server-secret';
import { secretBox, SecretBoxError, type SecretBox } from '../../lib/secret-box';
import type { CredentialKind } from '@shared/schemas/user-emails';

export const MAIL_KEY_FILE = 'mail-credentials-key';

const boxes = new Map<string, SecretBox>();

/** MAIL_CREDENTIALS_KEY, else a key generated once into the data folder (as AUTH_CODE_SECRET is). */
export function credentialsBox(config: Pick<Config, 'mailCredentialsKey' | 'dataDir'>): SecretBox {
  const secret = serverSecret(config.mailCredentialsKey, config.dataDir, MAIL_KEY_FILE);
  let box = boxes.get(secret);
  if (!box) boxes.set(secret, (box = secretBox(secret)));
  return box;
}

/** The associated data: a sealed secret opens only in the row it was written for. */
const contextOf = (accountId: number, userEmailId: number, kind: CredentialKind) => `user_credentials:${accountId}:${userEmailId}:${kind}`;

export type CredentialState = { state: 'valid' | 'invalid' | 'untested'; error: string | null };

/** Writes (or replaces) one secret of a mailbox, sealed. */
export async function storeCredential(
  db: Db,
  config: Pick<Config, 'mailCredentialsKey' | 'dataDir'>,
  accountId: number,
  userEmailId: number,
  kind: CredentialKind,
  plain: string,
  state: CredentialState,
  expiresAt: Date | null = null,
): Promise<void> {
  const secret = credentialsBox(config).seal(plain, contextOf(accountId, userEmailId, kind));
  const now = new Date();
  const values = { secret, state: state.state, error: state.error, verifiedAt: state.state === 'valid' ? now : null, expiresAt, updatedAt: now };
  await db
    .insert(userCredentials)
    .values({ accountId, userEmailId, kind, ...values })
    .onConflictDoUpdate({ target: [userCredentials.userEmailId, userCredentials.kind], set: values });
}

export async function setCredentialState(db: Db, accountId: number, userEmailId: number, kind: CredentialKind, state: CredentialState): Promise<void> {
  const now = new Date();
  await db
    .update(userCredentials)
    .set({ state: state.state, error: state.error, updatedAt: now, ...(state.state === 'valid' ? { verifiedAt: now } : {}) })
    .where(and(eq(userCredentials.accountId, accountId), eq(userCredentials.userEmailId, userEmailId), eq(userCredentials.kind, kind)));
}

/** The clear secret, for the server's own use (a connection test, a send); never for an answer. */
export async function readCredential(
  db: Db,
  config: Pick<Config, 'mailCredentialsKey' | 'dataDir'>,
  accountId: number,
  userEmailId: number,
  kind: CredentialKind,
  /** Lock the row until the caller's transaction ends (one OAuth refresh at a time per mailbox). */
  options: { forUpdate?: boolean } = {},
): Promise<{ ok: true; secret: string; expiresAt: Date | null } | { ok: false; error: string }> {
  const query = db
    .select()
    .from(userCredentials)
    .where(and(eq(userCredentials.accountId, accountId), eq(userCredentials.userEmailId, userEmailId), eq(userCredentials.kind, kind)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  const oauth = kind.startsWith('oauth_');
  if (!row) return { ok: false, error: oauth ? 'No access token is stored: reconnect the mailbox' : 'No password is stored: enter it again' };
  try {
    return { ok: true, secret: credentialsBox(config).open(row.secret, contextOf(accountId, userEmailId, kind)), expiresAt: row.expiresAt };
  } catch (err) {
    if (err instanceof SecretBoxError) return { ok: false, error: `${err.message}: ${oauth ? 'reconnect the mailbox' : 'enter the password again'}` };
    throw err;
  }
}

export async function deleteCredentials(db: Db, accountId: number, userEmailId: number, kinds: CredentialKind[]): Promise<void> {
  await db
    .delete(userCredentials)
    .where(and(eq(userCredentials.accountId, accountId), eq(userCredentials.userEmailId, userEmailId), inArray(userCredentials.kind, kinds)));
}

export async function credentialsOf(db: Db, accountId: number): Promise<UserCredentialRow[]> {
  return db.select().from(userCredentials).where(eq(userCredentials.accountId, accountId)).orderBy(userCredentials.userEmailId, userCredentials.kind);
}
