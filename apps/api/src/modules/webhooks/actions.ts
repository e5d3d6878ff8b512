import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { blacklistActionSchema, createProspectActionSchema, movePipelineCardActionSchema, stopSendingActionSchema } from '@shared/schemas/webhooks';
import { pipelineOpportunities, prospects } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { addEmails } from '../blacklist/service';
import { suppress } from '../blacklist/suppression';
import { addProspectByEmail } from '../personas/service';
import { move as movePipelineCard } from '../pipeline/service';
import { prospectData } from './triggers';

/**
 * Zapier's actions (API-key routes): each one is the product's own service, as the cabinet calls it, acting as the
 * key's user. Validation is the shared schemas' (@shared/schemas/webhooks); a missing persona, prospect or card is a
 * 404, a prospect without an email where one is needed a 422.
 */

export const ACTION_MESSAGES = {
  prospectNotFound: 'Prospect not found',
  noEmail: 'This prospect has no email address to stop sending to',
  noCard: 'This prospect has no pipeline card yet (a card opens when they reply)',
} as const;

export const API_DETAILS = 'Added through the API';

export async function createProspect(deps: Deps, auth: AuthContext, body: z.output<typeof createProspectActionSchema>) {
  const { data, created } = await addProspectByEmail(deps, auth, body.persona_id, {
    email: body.email,
    firstName: body.first_name,
    lastName: body.last_name,
    fullName: body.full_name,
    company: body.company,
    title: body.title,
    linkedinUrl: body.linkedin_url,
  });
  return { data, created };
}

export async function blacklistAddress(deps: Deps, auth: AuthContext, body: z.output<typeof blacklistActionSchema>) {
  const result = await addEmails(deps, auth, [body.email], API_DETAILS);
  return { data: { email: body.email, added: result.added.length > 0 } };
}

async function prospectOf(deps: Deps, auth: AuthContext, ref: { prospect_id?: number; email?: string }) {
  const accountId = auth.account.id;
  const [row] = await deps.db
    .select()
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), ref.prospect_id !== undefined ? eq(prospects.id, ref.prospect_id) : sql`lower(${prospects.email}) = ${ref.email!}`))
    .limit(1);
  return row ?? null;
}

/**
 * Nothing more goes to this prospect: the address is suppressed with reason "stopped" (its enrolments stop and their
 * unsent emails are cancelled, in the same transaction), as the inbox's and campaign emails' "stop sending" do. An
 * address that is no prospect's can still be stopped by email.
 */
export async function stopSending(deps: Deps, auth: AuthContext, body: z.output<typeof stopSendingActionSchema>) {
  const accountId = auth.account.id;
  const prospect = await prospectOf(deps, auth, body);
  if (!prospect && body.prospect_id !== undefined) throw notFound(ACTION_MESSAGES.prospectNotFound);
  const email = prospect?.email?.toLowerCase() ?? body.email;
  if (!email) throw unprocessable(ACTION_MESSAGES.noEmail);
  const added = await deps.db.transaction(async (tx) => {
    const { added } = await suppress(tx, accountId, email, 'stopped', 'Stopped through the API');
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'sequence_stopped', channel: 'email', prospectId: prospect?.id ?? null, payload: { email, source: 'api' } });
    return added;
  });
  return { data: { email, prospect: prospect ? prospectData(prospect) : null, stopped: true, newly_suppressed: added } };
}

/** Moves the prospect's pipeline card (as a move on the board by the key's user). */
export async function moveCard(deps: Deps, auth: AuthContext, body: z.output<typeof movePipelineCardActionSchema>) {
  const accountId = auth.account.id;
  const prospect = await prospectOf(deps, auth, body);
  if (!prospect) throw notFound(ACTION_MESSAGES.prospectNotFound);
  const [card] = await deps.db
    .select({ id: pipelineOpportunities.id })
    .from(pipelineOpportunities)
    .where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.prospectId, prospect.id)))
    .orderBy(desc(pipelineOpportunities.id))
    .limit(1);
  if (!card) throw notFound(ACTION_MESSAGES.noCard);
  return { data: await movePipelineCard(deps, auth, card.id, { pipeline_status: body.pipeline_status, reason: body.reason }) };
}
