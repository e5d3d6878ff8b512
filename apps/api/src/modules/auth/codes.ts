import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { randomCode, sameSecret, sha256 } from '../../lib/crypto';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

type Purpose = 'confirmation' | 'phone';

/** A new code replaces any earlier one, so only the last code sent works. */
export async function createCode(db: Db, userId: number, purpose: Purpose): Promise<string> {
  const code = randomCode();
  await db.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
  await db.insert(verificationCodes).values({ userId, purpose, codeHash: sha256(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'too_many_attempts';

/** Each wrong guess counts; after CODE_MAX_ATTEMPTS the code is dead and a new one must be sent. */
export async function checkCode(db: Db, userId: number, purpose: Purpose, code: string): Promise<CodeCheck> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired';
  if (row.attempts >= CODE_MAX_ATTEMPTS) return 'too_many_attempts';
  if (!sameSecret(row.codeHash, sha256(code))) {
    await db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(eq(verificationCodes.id, row.id));
    return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'wrong';
  }
  await db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, row.id));
  return 'ok';
}
