import type { z } from 'zod';
import type { AccountStatus, createLinkedInAccountBodySchema, LinkedInAccount } from '@shared/schemas/linkedin';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import * as repo from './repository';

export const MESSAGES = {
  takenByAnotherAccount: 'This LinkedIn profile is already connected to another account',
  takenByAnotherUser: 'This LinkedIn profile is already connected by another user of your account',
  notFound: 'LinkedIn account not found',
} as const;

const scopeOf = (auth: AuthContext) => ({ accountId: auth.account.id, userId: auth.user.id });

/** Idempotent for the same user (details refreshed); a LinkedIn member belongs to one user only. */
export async function connect(deps: Deps, auth: AuthContext, body: z.output<typeof createLinkedInAccountBodySchema>): Promise<LinkedInAccount> {
  const row = await repo.upsertForUser(deps.db, scopeOf(auth), body.profile_url, {
    fullName: body.full_name,
    headline: body.headline,
    photoUrl: body.photo_url,
  });
  if (row) return repo.toLinkedInAccountJson(row);
  const holder = await repo.holderOf(deps.db, body.profile_url);
  throw unprocessable(holder?.accountId === auth.account.id ? MESSAGES.takenByAnotherUser : MESSAGES.takenByAnotherAccount);
}

export async function list(deps: Deps, auth: AuthContext): Promise<LinkedInAccount[]> {
  return (await repo.listInAccount(deps.db, auth.account.id)).map(repo.toLinkedInAccountJson);
}

export async function findByProfileUrl(deps: Deps, auth: AuthContext, profileUrl: string): Promise<LinkedInAccount | null> {
  const row = await repo.findInAccountByUrl(deps.db, auth.account.id, profileUrl);
  return row ? repo.toLinkedInAccountJson(row) : null;
}

export async function disconnect(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  if (!(await repo.deleteInAccount(deps.db, auth.account.id, id))) throw notFound(MESSAGES.notFound);
}

/** Public: whether anyone connected this profile; nothing about whom. */
export async function statusOf(deps: Deps, profileUrl: string): Promise<AccountStatus> {
  return (await repo.holderOf(deps.db, profileUrl)) ? 'connected' : 'not_connected';
}
