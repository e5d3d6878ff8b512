import type { z } from 'zod';
import { canonicalLinkedInProfileUrl, type LinkedInProfile } from '@shared/schemas/linkedin';
import type { createPersonaBodySchema, loadedProspectsQuerySchema, PageMeta, paginationQuerySchema, Persona, Prospect } from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { isUniqueViolation } from '../auth/service';
import * as prospectsRepo from '../prospects/repository';
import * as repo from './repository';

export const MESSAGES = {
  nameTaken: 'A persona with this name already exists',
  notFound: 'Persona not found',
  badProfileUrl: 'Profile URL must be a LinkedIn profile address like https://www.linkedin.com/in/jane-doe/',
} as const;

type Page<T> = { data: T[]; meta: PageMeta };

export async function list(deps: Deps, auth: AuthContext, q: z.output<typeof paginationQuerySchema>): Promise<Page<Persona>> {
  const { rows, total } = await repo.pageInAccount(deps.db, auth.account.id, { page: q.page, perPage: q.per_page });
  return { data: rows.map(repo.toPersonaJson), meta: { page: q.page, per_page: q.per_page, total } };
}

export async function create(deps: Deps, auth: AuthContext, body: z.output<typeof createPersonaBodySchema>): Promise<Persona> {
  try {
    return repo.toPersonaJson(await repo.insert(deps.db, auth.account.id, { name: body.name, description: body.description ?? null, filters: body.filters }));
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.nameTaken);
    throw err;
  }
}

async function personaOf(db: Db, auth: AuthContext, id: number) {
  const persona = await repo.findInAccount(db, auth.account.id, id);
  // Another account's persona answers exactly like a missing one.
  if (!persona) throw notFound(MESSAGES.notFound);
  return persona;
}

export async function loadedProspects(
  deps: Deps,
  auth: AuthContext,
  personaId: number,
  q: z.output<typeof loadedProspectsQuerySchema>,
): Promise<Page<Prospect>> {
  await personaOf(deps.db, auth, personaId);
  const { rows, total } = await prospectsRepo.pageOfPersona(deps.db, auth.account.id, personaId, {
    page: q.page,
    perPage: q.per_page,
    orderBy: q.order_by,
    direction: q.order_direction,
  });
  return { data: rows.map(prospectsRepo.toProspectJson), meta: { page: q.page, per_page: q.per_page, total } };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first plausible email LinkedIn showed in the contact info, if any. */
function capturedEmail(profile: LinkedInProfile): string | null {
  const email = profile.contact_info?.emails.map((e) => e.trim().toLowerCase()).find((e) => e.length <= 254 && EMAIL.test(e));
  return email ?? null;
}

/**
 * Adds a captured LinkedIn profile to a persona in one transaction: the prospect with that URL is
 * updated (or created) and gets the membership; the same person is never stored twice.
 */
export async function addCapturedProspect(
  deps: Deps,
  auth: AuthContext,
  personaId: number,
  profile: LinkedInProfile,
): Promise<{ data: Prospect; created: boolean }> {
  const linkedinUrl = canonicalLinkedInProfileUrl(profile.profile_url);
  if (!linkedinUrl) throw unprocessable(MESSAGES.badProfileUrl);
  const accountId = auth.account.id;
  const fields = {
    linkedinUrl,
    source: 'extension' as const,
    fullName: profile.full_name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    headline: profile.headline,
    title: profile.current_title,
    company: profile.current_company,
    location: profile.location,
    photoUrl: profile.photo_url,
    about: profile.about,
    profile: { ...profile, profile_url: linkedinUrl },
  };
  const attempt = (email: string | null) =>
    deps.db.transaction(async (tx) => {
      await personaOf(tx, auth, personaId);
      const { id, created } = await prospectsRepo.upsertByLinkedInUrl(tx, accountId, { ...fields, email });
      await prospectsRepo.addToPersona(tx, accountId, personaId, id);
      await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'prospect_added', channel: 'linkedin', prospectId: id, personaId, payload: { source: 'extension', created } });
      const row = await prospectsRepo.findInAccount(tx, accountId, id);
      return { data: prospectsRepo.toProspectJson(row!), created };
    });
  const email = capturedEmail(profile);
  try {
    return await attempt(email);
  } catch (err) {
    // Another prospect took this email between our check and the insert: keep the person, skip the email.
    if (email && isUniqueViolation(err)) return attempt(null);
    throw err;
  }
}
