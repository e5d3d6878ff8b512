import { joinRunningCampaigns } from '../campaigns/enrolment';
import type { z } from 'zod';
import { parsePersonFilters } from '@shared/schemas/person-filters';
import type { PageMeta, Prospect } from '@shared/schemas/personas';
import { REPLY_STATUS_LABELS, type ReplyStatus } from '@shared/schemas/inbox';
import { ENROLMENT_OUTCOME_LABELS } from '@shared/schemas/interactions';
import {
  PROSPECT_CSV_HEADER,
  PROSPECT_OUTREACH_CSV_HEADER,
  type addProspectsToPersonaBodySchema,
  type prospectQuerySchema,
  type prospectSearchBodySchema,
  type prospectSelectionSchema,
} from '@shared/schemas/prospects';
import { and, eq } from 'drizzle-orm';
import { personas } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { outreachStatesOfPersona, type OutreachState } from '../interactions/service';
import * as repo from './repository';

export const MESSAGES = { personaNotFound: 'Persona not found' } as const;

async function ownPersona(deps: Deps, auth: AuthContext, personaId: number) {
  // Another account's persona answers exactly like a missing one.
  // The persona row is read here (not through modules/personas, which sits above prospects and uses them).
  const [persona] = await deps.db.select().from(personas).where(and(eq(personas.accountId, auth.account.id), eq(personas.id, personaId))).limit(1);
  if (!persona) throw notFound(MESSAGES.personaNotFound);
  return persona;
}

async function toQuery(deps: Deps, auth: AuthContext, q: z.output<typeof prospectQuerySchema>): Promise<repo.ProspectQueryInput> {
  if (typeof q.persona === 'number') await ownPersona(deps, auth, q.persona);
  return { search: q.search, filters: parsePersonFilters(q.filters), persona: q.persona };
}

async function toSelection(deps: Deps, auth: AuthContext, s: z.output<typeof prospectSelectionSchema>): Promise<repo.Selection> {
  return s.ids ? { ids: s.ids } : { query: await toQuery(deps, auth, s.all_matching!) };
}

export async function search(
  deps: Deps,
  auth: AuthContext,
  body: z.output<typeof prospectSearchBodySchema>,
): Promise<{ data: Prospect[]; meta: PageMeta }> {
  const { rows, total } = await repo.pageInAccount(deps.db, auth.account.id, await toQuery(deps, auth, body), {
    page: body.page,
    perPage: body.per_page,
    sort: body.sort,
    direction: body.sort_direction,
  });
  return { data: rows.map(repo.toProspectJson), meta: { page: body.page, per_page: body.per_page, total } };
}

export async function addToPersona(deps: Deps, auth: AuthContext, body: z.output<typeof addProspectsToPersonaBodySchema>) {
  await ownPersona(deps, auth, body.persona_id);
  const added = await repo.addSelectionToPersona(deps.db, auth.account.id, body.persona_id, await toSelection(deps, auth, body.selection));
  // Prospects added to a persona join its running campaigns.
  await joinRunningCampaigns(deps, auth.account.id, [body.persona_id]);
  return added;
}

export async function erase(deps: Deps, auth: AuthContext, selection: z.output<typeof prospectSelectionSchema>) {
  return { deleted: await repo.eraseSelection(deps.db, auth.account.id, await toSelection(deps, auth, selection)) };
}

type ExportRow = Awaited<ReturnType<typeof repo.exportRows>>[number];
const prospectCells = (r: ExportRow): unknown[] => [
  r.id,
  r.fullName,
  r.firstName,
  r.lastName,
  r.email,
  r.linkedinUrl,
  r.title,
  r.company,
  r.companyDomain,
  r.industry,
  r.companySize,
  r.location,
  r.country,
  r.source,
  r.personaNames,
  r.createdAt,
];

async function csvOf(deps: Deps, auth: AuthContext, selection: repo.Selection): Promise<string> {
  const rows = await repo.exportRows(deps.db, auth.account.id, selection);
  return toCsv([...PROSPECT_CSV_HEADER], rows.map(prospectCells));
}

/** The outreach state's cells (PROSPECT_OUTREACH_CSV_HEADER), empty for a prospect never enrolled. */
const outreachCells = (s: OutreachState | undefined): unknown[] =>
  s
    ? [s.campaign, s.status, s.stepReached, s.steps, s.lastTouchAt, s.lastTouchChannel, s.replied ? 'yes' : 'no', s.replyStatus ? REPLY_STATUS_LABELS[s.replyStatus as ReplyStatus] ?? s.replyStatus : null, ENROLMENT_OUTCOME_LABELS[s.outcome], s.stopReason]
    : PROSPECT_OUTREACH_CSV_HEADER.map(() => null);

/** The selected prospects as CSV (formula cells escaped). */
export async function exportCsv(deps: Deps, auth: AuthContext, selection: z.output<typeof prospectSelectionSchema>) {
  return csvOf(deps, auth, await toSelection(deps, auth, selection));
}

/** One persona's prospects as CSV with each one's outreach state, and a file name from the persona's name. */
export async function exportPersonaCsv(deps: Deps, auth: AuthContext, personaId: number): Promise<{ csv: string; fileName: string }> {
  const persona = await ownPersona(deps, auth, personaId);
  const [rows, states] = await Promise.all([
    repo.exportRows(deps.db, auth.account.id, { query: { search: '', filters: {}, persona: personaId } }),
    outreachStatesOfPersona(deps.db, auth.account.id, personaId),
  ]);
  const csv = toCsv([...PROSPECT_CSV_HEADER, ...PROSPECT_OUTREACH_CSV_HEADER], rows.map((r) => [...prospectCells(r), ...outreachCells(states.get(r.id))]));
  const slug = persona.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || `persona-${personaId}`;
  return { csv, fileName: `${slug}-prospects-${new Date().toISOString().slice(0, 10)}.csv` };
}
