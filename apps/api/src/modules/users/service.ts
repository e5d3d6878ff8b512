import { type userUpdateBodySchema } from '@shared/schemas/auth';
import { API_PREFIX } from '@shared/constants';
import type { z } from 'zod';
import { randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { unprocessable } from '../../lib/http-error';
import { brandOrigin, type RequestBrand } from '../../lib/brand-request';
import type { AuthContext, Deps } from '../../lib/route';
import { emailChangeConfirmMail, emailChangeNoticeMail, resetPasswordMail } from '../auth/emails';
import { deliverAuthMail } from '../auth/mail';
import { isUniqueViolation, MESSAGES } from '../auth/service';
import { revokeAllTokens } from '../auth/tokens';
import { getBrand } from '@shared/brands';
import { findUserByEmail, findUserByEmailChangeHash, findUserByEmailUndoHash, updateUser, type UserWithAccount } from '../auth/repository';

type ProfilePatch = z.output<typeof userUpdateBodySchema>;
type Log = Parameters<typeof deliverAuthMail>[2];

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const EMAIL_CHANGE_MESSAGES = {
  passwordNeeded: 'Enter your current password to change your sign-in email.',
  notForGoogle: 'This account signs in with Google, so its email comes from Google and cannot be changed here.',
  recentlyChanged: (until: Date) =>
    `Your sign-in email was changed recently. To keep its undo link working, it can be changed again after ${until.toISOString().slice(0, 10)}.`,
} as const;

/**
 * PUT users: the signed-in user's own profile. Name, phone and photo change at once. A new sign-in
 * email needs the current password and takes effect only when the link mailed to it is followed;
 * the old address is told at once, with an undo link (docs/decisions.md, email change).
 */
export async function updateProfile(deps: Deps, auth: AuthContext, brand: RequestBrand, patch: ProfilePatch, log: Log): Promise<UserWithAccount> {
  const scope = { accountId: auth.account.id, userId: auth.user.id };
  const changes: Parameters<typeof updateUser>[2] = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.phone !== undefined) changes.phone = patch.phone;
  if (patch.image !== undefined) changes.image = patch.image;
  const newEmail = patch.email !== undefined && patch.email !== auth.user.email ? patch.email : null;
  let tokens: { confirm: string; undo: string } | null = null;
  if (newEmail) {
    if (auth.user.provider !== 'email') throw unprocessable(EMAIL_CHANGE_MESSAGES.notForGoogle);
    if (!patch.current_password) throw unprocessable(EMAIL_CHANGE_MESSAGES.passwordNeeded);
    if (!(await verifyPassword(patch.current_password, auth.user.encryptedPassword))) throw unprocessable(MESSAGES.currentPasswordWrong);
    // A change that took effect keeps its undo link alive for EMAIL_UNDO_TTL_MS: a second change must not
    // overwrite it (whoever changed A→B could otherwise change B→C and void A's undo link).
    const undoSent = auth.user.emailUndoSentAt?.getTime() ?? 0;
    const undoLive = !!auth.user.emailUndoAddress && Date.now() - undoSent <= EMAIL_UNDO_TTL_MS;
    if (undoLive && auth.user.emailUndoAddress !== auth.user.email) {
      throw unprocessable(EMAIL_CHANGE_MESSAGES.recentlyChanged(new Date(undoSent + EMAIL_UNDO_TTL_MS)));
    }
    if (await findUserByEmail(deps.db, auth.account.holderId, newEmail)) throw unprocessable(MESSAGES.emailTaken);
    tokens = { confirm: randomToken(), undo: randomToken() };
    const now = new Date();
    Object.assign(changes, {
      unconfirmedEmail: newEmail,
      emailChangeTokenHash: sha256(tokens.confirm),
      emailChangeSentAt: now,
      emailUndoTokenHash: sha256(tokens.undo),
      emailUndoAddress: auth.user.email,
      emailUndoSentAt: now,
    });
  }
  let user = auth.user;
  try {
    if (Object.keys(changes).length) user = (await updateUser(deps.db, scope, changes))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.emailTaken);
    throw err;
  }
  if (newEmail && tokens) {
    const origin = brandOrigin(deps.config, auth.account.holderId);
    const confirmLink = `${origin}${API_PREFIX}/users/email_confirmation?token=${encodeURIComponent(tokens.confirm)}`;
    const undoLink = `${origin}${API_PREFIX}/users/email_undo?token=${encodeURIComponent(tokens.undo)}`;
    await deliverAuthMail(deps, emailChangeConfirmMail(brand.brand, newEmail, auth.user.email, confirmLink), log);
    await deliverAuthMail(deps, emailChangeNoticeMail(brand.brand, auth.user.email, newEmail, undoLink), log, { securityNotice: true });
  }
  return { user, account: auth.account };
}

/** The address now belongs to another user of the brand (a link followed too late). */
async function takenByAnother(deps: Deps, found: UserWithAccount, email: string): Promise<boolean> {
  const other = await findUserByEmail(deps.db, found.account.holderId, email);
  return !!other && other.user.id !== found.user.id;
}

export type EmailLinkResult = { ok: true; email: string; holderId: number } | { ok: false };

/** The new address's link: it becomes the sign-in email (and the uid), and every session ends. */
export async function confirmEmailChange(deps: Deps, token: string): Promise<EmailLinkResult> {
  const found = await findUserByEmailChangeHash(deps.db, sha256(token));
  const sentAt = found?.user.emailChangeSentAt?.getTime() ?? 0;
  if (!found?.user.unconfirmedEmail || Date.now() - sentAt > EMAIL_CHANGE_TTL_MS) return { ok: false };
  const email = found.user.unconfirmedEmail;
  const holderId = found.account.holderId;
  if (await takenByAnother(deps, found, email)) return { ok: false };
  try {
    await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, {
      email,
      ...(found.user.provider === 'email' ? { uid: email } : {}),
      unconfirmedEmail: null,
      emailChangeTokenHash: null,
      emailChangeSentAt: null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false };
    throw err;
  }
  // The uid the clients hold is the old address: sign in again with the new one.
  await revokeAllTokens(deps.db, found.user.id);
  return { ok: true, email, holderId };
}

/**
 * The old address's undo link: cancels a pending change or restores the old address after it took
 * effect, drops any reset link, and revokes every token (whoever asked for the change is signed out).
 */
export async function undoEmailChange(deps: Deps, token: string, log: Log): Promise<EmailLinkResult> {
  const found = await findUserByEmailUndoHash(deps.db, sha256(token));
  const sentAt = found?.user.emailUndoSentAt?.getTime() ?? 0;
  if (!found?.user.emailUndoAddress || Date.now() - sentAt > EMAIL_UNDO_TTL_MS) return { ok: false };
  const email = found.user.emailUndoAddress;
  const holderId = found.account.holderId;
  if (await takenByAnother(deps, found, email)) return { ok: false };
  const resetToken = found.user.provider === 'email' ? randomToken() : null;
  try {
    await updateUser(deps.db, { accountId: found.account.id, userId: found.user.id }, {
      email,
      ...(found.user.provider === 'email' ? { uid: email } : {}),
      unconfirmedEmail: null,
      emailChangeTokenHash: null,
      emailChangeSentAt: null,
      emailUndoTokenHash: null,
      emailUndoAddress: null,
      emailUndoSentAt: null,
      // Whoever changed the email knew the password: it stops working, and a reset link goes to the
      // restored address, so the person who undid the change is the only one who can sign in again.
      ...(found.user.provider === 'email' ? { encryptedPassword: null } : {}),
      resetPasswordTokenHash: resetToken ? sha256(resetToken) : null,
      resetPasswordSentAt: resetToken ? new Date() : null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false };
    throw err;
  }
  await revokeAllTokens(deps.db, found.user.id);
  if (resetToken) {
    const link = `${brandOrigin(deps.config, holderId)}/auth/reset-password?reset_password_token=${encodeURIComponent(resetToken)}`;
    await deliverAuthMail(deps, resetPasswordMail(getBrand(holderId), email, link), log, { securityNotice: true });
  }
  return { ok: true, email, holderId };
}

/** Where an email-change link lands: the sign-in page of the account's brand, with what happened. */
export function emailLinkTarget(deps: Deps, fallback: RequestBrand, kind: 'confirmed' | 'undone', result: EmailLinkResult): string {
  if (!result.ok) return `${fallback.origin}/auth/signin?email_change=invalid`;
  const origin = brandOrigin(deps.config, getBrand(result.holderId).holder_id);
  return `${origin}/auth/signin?email_change=${kind}&email=${encodeURIComponent(result.email)}`;
}
