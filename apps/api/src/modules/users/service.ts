import { type userUpdateBodySchema } from '@shared/schemas/auth';
import type { z } from 'zod';
import { unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { isUniqueViolation, MESSAGES } from '../auth/service';
import { findUserByEmail, updateUser, type UserWithAccount } from './repository';

type ProfilePatch = z.output<typeof userUpdateBodySchema>;

/** PUT users: the signed-in user's own profile. An email user's uid follows their email (devise_token_auth). */
export async function updateProfile(deps: Deps, auth: AuthContext, patch: ProfilePatch): Promise<UserWithAccount> {
  const scope = { accountId: auth.account.id, userId: auth.user.id };
  const changes: Parameters<typeof updateUser>[2] = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.phone !== undefined) changes.phone = patch.phone;
  if (patch.image !== undefined) changes.image = patch.image;
  if (patch.email !== undefined && patch.email !== auth.user.email) {
    const taken = await findUserByEmail(deps.db, patch.email);
    if (taken) throw unprocessable(MESSAGES.emailTaken);
    changes.email = patch.email;
    if (auth.user.provider === 'email') changes.uid = patch.email;
  }
  try {
    const user = Object.keys(changes).length ? await updateUser(deps.db, scope, changes) : auth.user;
    return { user: user!, account: auth.account };
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.emailTaken);
    throw err;
  }
}
