import { and, desc, eq } from 'drizzle-orm';
import { PHONE_CODE_RESEND_MS, type PhoneCodeSent, type PhoneStatus } from '@shared/schemas/onboarding';
import { users, verificationCodes } from '../../db/schema';
import type { RequestBrand } from '../../lib/brand-request';
import { HttpError, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { evictUser } from '../auth/auth-cache';
import { checkCode, createCode } from '../auth/codes';
import { phoneCodeMail } from '../auth/emails';
import { deliverAuthMail } from '../auth/mail';

/**
 * The phone-number step: a 6-digit code by SMS to the number given (verification_codes purpose
 * 'phone': 15 minutes, 5 attempts, the last code sent is the only one that works), or by email to the
 * user's own address when no SMS provider is configured; the answer says which. Sending stores the
 * number on the user unverified; the right code sets phone_verified_at.
 */
export const PHONE_MESSAGES = {
  texted: (phone: string) => `We texted a 6-digit code to ${phone}.`,
  emailed: (email: string, phone: string) => `We emailed a 6-digit code to ${email} to confirm ${phone}.`,
  tooSoon: (seconds: number) => `Please wait ${seconds} s before asking for another code.`,
  noNumber: 'Enter your phone number and ask for a code first.',
  wrong: 'The code is incorrect. Check it and try again.',
  expired: 'The code has expired or was never sent. Ask for a new code.',
  tooMany: 'Too many wrong codes. Ask for a new code.',
  verified: 'Your phone number is verified.',
} as const;

export async function sendPhoneCode(deps: Deps, auth: AuthContext, brand: RequestBrand, phone: string, log: Parameters<typeof deliverAuthMail>[2]): Promise<PhoneCodeSent> {
  const [last] = await deps.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, auth.user.id), eq(verificationCodes.purpose, 'phone')))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const wait = last ? last.createdAt.getTime() + PHONE_CODE_RESEND_MS - Date.now() : 0;
  if (wait > 0) throw new HttpError(429, [PHONE_MESSAGES.tooSoon(Math.ceil(wait / 1000))]);

  const changed = auth.user.phone !== phone;
  await deps.db
    .update(users)
    .set({ phone, ...(changed ? { phoneVerifiedAt: null } : {}), updatedAt: new Date() })
    .where(and(eq(users.id, auth.user.id), eq(users.accountId, auth.account.id)));
  evictUser(deps.db, auth.user.id);
  const code = await createCode(deps, auth.user.id, 'phone');
  await deps.sms.send(phone, `${brand.brand.company_name}: your phone verification code is ${code}`);
  const verified = !changed && !!auth.user.phoneVerifiedAt;
  if (deps.sms.logOnly) {
    // No SMS provider: the code would reach no phone, so it goes to the user's own email (dev/test).
    await deliverAuthMail(deps, phoneCodeMail(brand.brand, auth.user.email, phone, code), log);
    return { phone, phone_verified: verified, channel: 'email', sent_to: auth.user.email, message: PHONE_MESSAGES.emailed(auth.user.email, phone) };
  }
  return { phone, phone_verified: verified, channel: 'sms', sent_to: phone, message: PHONE_MESSAGES.texted(phone) };
}

export async function verifyPhone(deps: Deps, auth: AuthContext, code: string): Promise<PhoneStatus> {
  if (!auth.user.phone) throw unprocessable(PHONE_MESSAGES.noNumber);
  const result = await checkCode(deps, auth.user.id, 'phone', code);
  if (result === 'wrong') throw unprocessable(PHONE_MESSAGES.wrong);
  if (result === 'expired') throw unprocessable(PHONE_MESSAGES.expired);
  if (result === 'too_many_attempts') throw unprocessable(PHONE_MESSAGES.tooMany);
  await deps.db
    .update(users)
    .set({ phoneVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, auth.user.id), eq(users.accountId, auth.account.id)));
  evictUser(deps.db, auth.user.id);
  return { phone: auth.user.phone, phone_verified: true, message: PHONE_MESSAGES.verified };
}
