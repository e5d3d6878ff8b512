import { createHmac } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { randomCode, sameSecret } from '../../lib/crypto';
import { serverSecret } from '../../lib/server-secret';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

type Purpose = 'confirmation' | 'phone';
type CodeDeps = { db: Db; config: Pick<Config, 'authCodeSecret' | 'dataDir'> };

export const CODE_SECRET_FILE = 'auth-code-secret';
/**
 * The server secret codes are keyed with: AUTH_CODE_SECRET, else one generated once and kept in the data
 * folder (mode 0600), so a database dump alone cannot reverse a 6-digit code (a plain hash of one of a
 * million values can be). Several instances must share AUTH_CODE_SECRET.
 */
export const codeSecret = (config: CodeDeps['config']): string => serverSecret(config.authCodeSecret, config.dataDir, CODE_SECRET_FILE);

/** Versioned, so codes stored the old way (plain sha256) never match and simply expire. */
export const codeHash = (secret: string, userId: number, purpose: Purpose, code: string) =>
  `h1$${createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('hex')}`;

/** A new code replaces any earlier one, so only the last code sent works. */
export async function createCode({ db, config }: CodeDeps, userId: number, purpose: Purpose): Promise<string> {
  const code = randomCode();
  await db.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
  await db.insert(verificationCodes).values({ userId, purpose, codeHash: codeHash(codeSecret(config), userId, purpose, code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'too_many_attempts';

/** Each wrong guess counts; after CODE_MAX_ATTEMPTS the code is dead and a new one must be sent. */
export async function checkCode({ db, config }: CodeDeps, userId: number, purpose: Purpose, code: string): Promise<CodeCheck> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired';
  if (row.attempts >= CODE_MAX_ATTEMPTS) return 'too_many_attempts';
  if (!sameSecret(row.codeHash, codeHash(codeSecret(config), userId, purpose, code))) {
    await db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.userId, userId)));
    return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'wrong';
  }
  await db.update(verificationCodes).set({ consumedAt: new Date() }).where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.userId, userId)));
  return 'ok';
}
