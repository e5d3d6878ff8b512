import type { z } from 'zod';
import { API_PREFIX } from '@shared/constants';
import type { passwordUpdateBodySchema, signUpBodySchema } from '@shared/schemas/auth';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { unauthorized, unprocessable } from '../../lib/http-error';
import type { RequestBrand } from '../../lib/brand-request';
import type { AuthContext, Deps } from '../../lib/route';
import {
  createUserWithAccount,
  findUserByConfirmationHash,
  findUserByEmail,
  findUserByResetHash,
  updateUser,
  type UserWithAccount,
} from '../auth/repository';
import { checkCode, createCode } from './codes';
import { codeMail, confirmationMail, resetPasswordMail, signUpAttemptMail } from './emails';
import { deliverAuthMail } from './mail';
import { ensureDefaultRules } from '../notifications/service';
import { issueToken, revokeAllTokens, revokeOtherTokens, type IssuedToken } from './tokens';

export const MESSAGES = {
  invalidCredentials: 'Invalid login credentials. Please try again.',
  unconfirmed: (email: string) =>
    `Please confirm your email address before signing in. We sent a confirmation link and code to ${email}; you can ask for a new one on the verification page.`,
  emailTaken: 'Email has already been taken',
  signUpReceived: 'Check your email: we sent it a 6-digit code and a link to confirm your account.',
  confirmationSent: 'If this email belongs to an account that is not yet confirmed, we sent it new confirmation instructions.',
  codeSent: 'If this email belongs to an account waiting for confirmation, we sent it a 6-digit code.',
  resetSent: 'If this email belongs to an account, we sent it instructions to reset the password.',
  /**
   * One answer for a wrong, expired, used-up or never-sent code and an unknown or confirmed address:
   * before sign-in, a different message would tell a stranger which addresses have a pending account.
   */
  codeRefused: 'The code is incorrect or has expired. Check it, or ask for a new code (a code allows 5 tries).',
  resetTokenInvalid: 'The reset password link is invalid or has expired. Please ask for a new one.',
  currentPasswordWrong: 'Current password is invalid',
  passwordChanged: 'Your password has been changed successfully.',
  passwordMissingProof: 'Send reset_password_token (from the email) or current_password to change the password.',
} as const;

const CONFIRMATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 6 * 60 * 60 * 1000;

type SignUp = z.output<typeof signUpBodySchema>;
type PasswordUpdate = z.output<typeof passwordUpdateBodySchema>;

type Log = Parameters<typeof deliverAuthMail>[2];

/** The link points at the brand's configured origin, whatever Host the request came on (brand.origin). */
async function sendConfirmation(deps: Deps, brand: RequestBrand, found: UserWithAccount, log: Log): Promise<void> {
  const token = randomToken();
  await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, {
    confirmationTokenHash: sha256(token),
    confirmationSentAt: new Date(),
  });
  const code = await createCode(deps, found.user.id, 'confirmation');
  const link = `${brand.origin}${API_PREFIX}/auth/confirmation?confirmation_token=${encodeURIComponent(token)}`;
  await deliverAuthMail(deps, confirmationMail(brand.brand, found.user.email, link, code), log);
}

/**
 * Sign-up answers the same whether the email is new or not (no enumeration). New: the account and its
 * confirmation mail. Taken and still unconfirmed: a fresh confirmation (the person is most likely
 * retrying). Taken and confirmed: the owner is told someone tried, with links to sign in or reset.
 * The password is hashed in every case, so the answer time does not tell them apart either.
 */
export async function register(deps: Deps, brand: RequestBrand, body: SignUp, log: Log): Promise<void> {
  const email = body.email.toLowerCase();
  const encryptedPassword = await hashPassword(body.password, deps.config.passwordScryptN);
  const existing = await findUserByEmail(deps.db, brand.holderId, email);
  if (existing) return tellExistingOwner(deps, brand, existing, log, encryptedPassword);
  const name = body.name?.trim() || null;
  let created: UserWithAccount;
  try {
    created = await createUserWithAccount(deps.db, {
      email,
      provider: 'email',
      uid: email,
      encryptedPassword,
      name,
      phone: body.phone ?? null,
      accountName: name ?? email.split('@')[0]!,
      holderId: brand.holderId,
    });
  } catch (err) {
    // A concurrent sign-up with the same email won the race: answer as for any taken address.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findUserByEmail(deps.db, brand.holderId, email);
    if (winner) await tellExistingOwner(deps, brand, winner, log, encryptedPassword);
    return;
  }
  // Default notification settings from the start (spec §1); a failure here must not lose the sign-up.
  await ensureDefaultRules(deps.db, created.account.id).catch((err: unknown) => log.error({ err }, 'default notification rules failed'));
  await sendConfirmation(deps, brand, created, log);
}

/**
 * A password change (or reset) drops a pending email change: whoever asked for it with the old password
 * cannot finish it after the owner took the account back.
 */
const NO_PENDING_EMAIL_CHANGE = { unconfirmedEmail: null, emailChangeTokenHash: null, emailChangeSentAt: null };

async function tellExistingOwner(deps: Deps, brand: RequestBrand, found: UserWithAccount, log: Log, encryptedPassword: string): Promise<void> {
  if (!found.user.confirmedAt) {
    // Still unconfirmed: the latest sign-up's password replaces the earlier one, and the fresh confirmation
    // (sent to the address) replaces the earlier link and code. Someone who registered another person's
    // address first cannot keep a password on the account that person then confirms.
    await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, { encryptedPassword });
    await revokeAllTokens(deps.db, found.user.id);
    return sendConfirmation(deps, brand, found, log);
  }
  const email = encodeURIComponent(found.user.email);
  await deliverAuthMail(
    deps,
    signUpAttemptMail(brand.brand, found.user.email, `${brand.origin}/auth/signin?email=${email}`, `${brand.origin}/auth/recover?email=${email}`),
    log,
  );
}

export async function signIn(deps: Deps, brand: RequestBrand, email: string, password: string): Promise<UserWithAccount & { token: IssuedToken }> {
  const found = await findUserByEmail(deps.db, brand.holderId, email);
  // Verify even for an unknown email, so the answer time does not tell which emails exist.
  const ok = await verifyPassword(password, found?.user.encryptedPassword ?? dummyHash(deps.config.passwordScryptN));
  if (!found || !ok) throw unauthorized(MESSAGES.invalidCredentials);
  if (!found.user.confirmedAt) throw unauthorized(MESSAGES.unconfirmed(found.user.email));
  return { ...found, token: await issueToken(deps.db, found.user.id) };
}
// A well-formed scrypt hash no password matches: checking against it costs what a real check costs.
const dummyHash = (N: number) => `scrypt$${N}$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

export async function resendConfirmation(deps: Deps, brand: RequestBrand, email: string, log: Log): Promise<void> {
  const found = await findUserByEmail(deps.db, brand.holderId, email);
  if (found && !found.user.confirmedAt) await sendConfirmation(deps, brand, found, log);
}

/** Confirms by the emailed link; null when the token is unknown or too old. */
export async function confirmByToken(deps: Deps, token: string): Promise<UserWithAccount | null> {
  const found = await findUserByConfirmationHash(deps.db, sha256(token));
  if (!found) return null;
  const sentAt = found.user.confirmationSentAt?.getTime() ?? 0;
  if (Date.now() - sentAt > CONFIRMATION_TTL_MS) return null;
  return markConfirmed(deps, found);
}

async function markConfirmed(deps: Deps, found: UserWithAccount): Promise<UserWithAccount> {
  // The link token stays until it expires: a second click on the same link still lands on sign-in.
  const user = await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, {
    confirmedAt: found.user.confirmedAt ?? new Date(),
  });
  return { user: user!, account: found.account };
}

/**
 * The code goes by SMS when the user gave a phone and an SMS provider is configured, else by email
 * (the log-only sender would reach no phone).
 */
export async function sendCode(deps: Deps, brand: RequestBrand, email: string, log: Log): Promise<void> {
  const found = await findUserByEmail(deps.db, brand.holderId, email);
  if (!found || found.user.confirmedAt) return;
  const code = await createCode(deps, found.user.id, 'confirmation');
  if (found.user.phone && !deps.sms.logOnly) {
    await deps.sms.send(found.user.phone, `${brand.brand.company_name}: your verification code is ${code}`);
  } else {
    await deliverAuthMail(deps, codeMail(brand.brand, found.user.email, code), log);
  }
}

export async function verifyCode(deps: Deps, brand: RequestBrand, email: string, code: string): Promise<UserWithAccount> {
  const found = await findUserByEmail(deps.db, brand.holderId, email);
  // Unknown and already confirmed answer alike (as an account with no live code): no enumeration.
  if (!found || found.user.confirmedAt) throw unprocessable(MESSAGES.codeRefused);
  const result = await checkCode(deps, found.user.id, 'confirmation', code);
  if (result !== 'ok') throw unprocessable(MESSAGES.codeRefused);
  return markConfirmed(deps, found);
}

export async function requestPasswordReset(deps: Deps, brand: RequestBrand, email: string, log: Log): Promise<void> {
  const found = await findUserByEmail(deps.db, brand.holderId, email);
  if (!found) return;
  const token = randomToken();
  await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, {
    resetPasswordTokenHash: sha256(token),
    resetPasswordSentAt: new Date(),
  });
  const link = `${brand.origin}/auth/reset-password?reset_password_token=${encodeURIComponent(token)}`;
  await deliverAuthMail(deps, resetPasswordMail(brand.brand, found.user.email, link), log);
}

/**
 * PUT auth/password. With the emailed token: reset, confirm (the link proves the address) and sign
 * out everywhere. With current_password while signed in: change, and sign out the other clients.
 */
export async function updatePassword(deps: Deps, body: PasswordUpdate, auth: AuthContext | null): Promise<void> {
  if (body.reset_password_token) {
    const found = await findUserByResetHash(deps.db, sha256(body.reset_password_token));
    const sentAt = found?.user.resetPasswordSentAt?.getTime() ?? 0;
    if (!found || Date.now() - sentAt > RESET_TTL_MS) throw unprocessable(MESSAGES.resetTokenInvalid);
    await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, {
      encryptedPassword: await hashPassword(body.password, deps.config.passwordScryptN),
      resetPasswordTokenHash: null,
      resetPasswordSentAt: null,
      confirmedAt: found.user.confirmedAt ?? new Date(),
      ...NO_PENDING_EMAIL_CHANGE,
    });
    await revokeAllTokens(deps.db, found.user.id);
    return;
  }
  if (body.current_password === undefined) throw unprocessable(MESSAGES.passwordMissingProof);
  if (!auth) throw unauthorized('You need to sign in or sign up before continuing.');
  if (!(await verifyPassword(body.current_password, auth.user.encryptedPassword))) {
    throw unprocessable(MESSAGES.currentPasswordWrong);
  }
  await updateUser(deps.db, { accountId: auth.account.id, userId: auth.user.id }, {
    encryptedPassword: await hashPassword(body.password, deps.config.passwordScryptN),
    ...NO_PENDING_EMAIL_CHANGE,
  });
  await revokeOtherTokens(deps.db, auth.user.id, auth.client);
}

export function isUniqueViolation(err: unknown): boolean {
  // node-postgres and PGlite both carry the SQLSTATE as `code`; drizzle may wrap it in `cause`.
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
