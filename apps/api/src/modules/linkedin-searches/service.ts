import type { z } from 'zod';
import {
  parseLinkedInSearchUrl,
  type createLinkedInSearchBodySchema,
  type LinkedInSearch,
  type LinkedInSearchResults,
  type linkedInSearchResultsBodySchema,
  type SearchCardOutcome,
} from '@shared/schemas/linkedin-searches';
import { publish } from '../../lib/events';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { joinRunningCampaigns } from '../campaigns/enrolment';
import * as personasRepo from '../personas/repository';
import * as prospectsRepo from '../prospects/repository';
import * as repo from './repository';

export const MESSAGES = {
  personaNotFound: 'Persona not found',
  notFound: 'Saved search not found',
  badUrl: 'Search URL must be a LinkedIn people search or a Sales Navigator lead search',
} as const;

/** The name a search gets when the user gives none: its keywords, else what kind of search it is. */
export function defaultSearchName(url: string, kind: 'classic' | 'sales_navigator'): string {
  const params = new URL(url).searchParams;
  let keywords = params.get('keywords')?.trim() ?? '';
  if (!keywords && kind === 'sales_navigator') {
    // Sales Navigator keeps the search in one Rest.li parameter: query=(keywords:cto%20fintech,filters:List(…))
    const m = /(?:^|[(,])keywords:([^,)]+)/.exec(params.get('query') ?? '');
    if (m) {
      try {
        keywords = decodeURIComponent(m[1]!).trim();
      } catch {
        keywords = m[1]!.trim();
      }
    }
  }
  if (keywords) return keywords.slice(0, 200);
  return kind === 'classic' ? 'LinkedIn search' : 'Sales Navigator search';
}

async function searchOf(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findInAccount(deps.db, auth.account.id, id);
  // Another account's search answers exactly like a missing one.
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function list(deps: Deps, auth: AuthContext, personaId?: number): Promise<LinkedInSearch[]> {
  return (await repo.listInAccount(deps.db, auth.account.id, personaId)).map(repo.toLinkedInSearchJson);
}

export async function create(deps: Deps, auth: AuthContext, body: z.output<typeof createLinkedInSearchBodySchema>): Promise<LinkedInSearch> {
  const parsed = parseLinkedInSearchUrl(body.url);
  if (!parsed) throw unprocessable(MESSAGES.badUrl);
  const accountId = auth.account.id;
  if (!(await personasRepo.findInAccount(deps.db, accountId, body.person_id))) throw notFound(MESSAGES.personaNotFound);
  const id = await repo.insertOrFind(deps.db, {
    accountId,
    personaId: body.person_id,
    userId: auth.user.id,
    name: body.name || defaultSearchName(parsed.url, parsed.kind),
    url: parsed.url,
    searchKey: parsed.key,
    kind: parsed.kind,
  });
  return repo.toLinkedInSearchJson((await repo.findInAccount(deps.db, accountId, id))!);
}

export async function remove(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  if (!(await repo.deleteInAccount(deps.db, auth.account.id, id))) throw notFound(MESSAGES.notFound);
}

function splitName(fullName: string): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = fullName.split(/\s+/).filter(Boolean);
  return { firstName: first ?? null, lastName: rest.length ? rest.join(' ') : null };
}

/**
 * What the extension read on one results page: each card becomes (or updates) the account's prospect with
 * that profile URL — one row per person, whatever page, search or re-send it comes from — and joins the
 * persona. Sending the same cards again changes nothing but the fields they show.
 */
export async function addResults(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: z.output<typeof linkedInSearchResultsBodySchema>,
): Promise<LinkedInSearchResults> {
  const accountId = auth.account.id;
  const search = await searchOf(deps, auth, id);
  const cards = [...new Map(body.results.map((c) => [c.profile_url, c])).values()];
  const now = deps.clock?.() ?? new Date();
  const outcomes = await deps.db.transaction(async (tx) => {
    const ids: number[] = [];
    const created: number[] = [];
    for (const card of cards) {
      const { id: prospectId, created: isNew } = await prospectsRepo.upsertByLinkedInUrl(tx, accountId, {
        linkedinUrl: card.profile_url,
        email: null,
        source: 'extension',
        fullName: card.full_name,
        ...splitName(card.full_name),
        headline: card.headline,
        title: null,
        company: null,
        location: card.location,
        photoUrl: null,
        about: null,
        profile: null,
      });
      ids.push(prospectId);
      if (isNew) created.push(prospectId);
    }
    if (created.length) await publish(tx, accountId, 'prospects_created', { source: 'linkedin_search', persona_id: search.personaId, prospect_ids: created });
    const added = await repo.addMembers(tx, accountId, search.personaId, ids);
    // One entry (and so one notification) per page the user turned, as an import writes one: a page of ten
    // new people is one event for the user, not ten.
    if (added.size > 0) {
      const only = added.size === 1 ? [...added][0]! : null;
      await recordActivity(tx, {
        accountId,
        actorType: 'user',
        actorId: auth.user.id,
        verb: 'prospect_added',
        channel: 'linkedin',
        prospectId: only,
        personaId: search.personaId,
        payload: { source: 'linkedin_search', search_id: search.id, search_name: search.name, count: added.size },
      });
    }
    await repo.recordCapture(tx, accountId, search.id, { added: added.size, page: body.page ?? null, at: now });
    if (added.size > 0) await joinRunningCampaigns(deps, accountId, [search.personaId], tx);
    return cards.map((card, i) => ({ profile_url: card.profile_url, outcome: (added.has(ids[i]!) ? 'added' : 'already_there') as SearchCardOutcome }));
  });
  const added = outcomes.filter((o) => o.outcome === 'added').length;
  return {
    added,
    already_there: outcomes.length - added,
    outcomes,
    search: repo.toLinkedInSearchJson((await repo.findInAccount(deps.db, accountId, id))!),
  };
}
