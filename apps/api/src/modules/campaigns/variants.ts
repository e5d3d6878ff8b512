import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { VARIANT_FIELDS, variantLetter, type StepVariant, type VariantField } from '@shared/schemas/campaigns';
import type { Db } from '../../db/client';
import { campaignEmails, campaigns, campaignSteps, prospects, userEmails, virtualEmployees, type CampaignEmailRow, type CampaignStepRow, type StepVariantValue } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { shapeMessage } from '../messaging/generate';
import { settingForPersona } from '../messaging/service';

/**
 * A step's A/B variants (issue 26; docs/decisions.md "Variants worth trusting"). A variant is a subject and a plain-text
 * body with {{fields}}, written by the user; the step's emails are written from one variant each, in rotation (the
 * variant with the fewest emails of the step so far, ties to the lowest letter), and the email records which
 * (campaign_emails.variant_index). A step without variants is written by the agent, exactly as before.
 */

/** "Re: " + the first message's subject (once, however the subject already starts). */
export function replySubject(subject: string): string {
  return /^re:\s/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The variant the next email of a step is written from: the winner once chosen, else the least used, ties by index. */
export function pickVariant(counts: ReadonlyArray<number>, winner: number | null): number {
  if (winner !== null && winner >= 0 && winner < counts.length) return winner;
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! < counts[best]!) best = i;
  return best;
}

export type VariantValues = Partial<Record<VariantField, string | null>>;

/** The text with its {{fields}} filled in (a missing or blank value reads as the field's fallback). */
export function renderVariantText(template: string, values: VariantValues): string {
  return template
    .replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
      if (!(name in VARIANT_FIELDS)) return whole;
      const value = values[name as VariantField]?.trim();
      return value || VARIANT_FIELDS[name as VariantField].fallback;
    })
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
}

export type WrittenVariant = { subject: string | null; text: string; html: string };

/** One email of a variant for one prospect: the subject (null: a follow-up, which answers in the thread) and its body with the signature. */
export function writeVariant(variant: StepVariantValue, values: VariantValues, signatureHtml: string): WrittenVariant {
  const body = renderVariantText(variant.body, values).trim();
  const shaped = shapeMessage(body, signatureHtml);
  return { subject: variant.subject ? renderVariantText(variant.subject, values).trim() : null, text: shaped.text, html: shaped.html };
}

type ProspectFields = { firstName: string | null; lastName: string | null; fullName: string | null; company: string | null; title: string | null };

export const variantValues = (p: ProspectFields | null | undefined, senderName: string | null): VariantValues => {
  const first = p?.firstName?.trim() || p?.fullName?.trim().split(/\s+/)[0] || null;
  return { first_name: first, last_name: p?.lastName, full_name: p?.fullName || [p?.firstName, p?.lastName].filter(Boolean).join(' ') || null, company: p?.company, title: p?.title, sender_name: senderName };
};

export const stepVariantsOf = (step: Pick<CampaignStepRow, 'variants'>): StepVariantValue[] => (Array.isArray(step.variants) && step.variants.length >= 2 ? step.variants : []);

export const toStepVariantJson = (variants: StepVariantValue[]): StepVariant[] => variants.map((v, index) => ({ index, letter: variantLetter(index), subject: v.subject, body: v.body }));

/** Emails of the step written per variant so far (every row with a variant counts: the rotation balances assignments). */
export async function variantCounts(db: Db, accountId: number, step: Pick<CampaignStepRow, 'id' | 'variants'>): Promise<number[]> {
  const counts = stepVariantsOf(step).map(() => 0);
  const rows = await db
    .select({ index: campaignEmails.variantIndex, n: sql<number>`count(*)::int` })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.stepId, step.id), isNotNull(campaignEmails.variantIndex)))
    .groupBy(campaignEmails.variantIndex);
  for (const r of rows) if (r.index !== null && r.index < counts.length) counts[r.index] = Number(r.n);
  return counts;
}

/**
 * The variant for the next email of a step, in the transaction that inserts it: the step's row is locked first, so
 * two compositions at once (the compose job runs two at a time) count each other's assignment and stay balanced.
 */
export async function assignVariant(tx: Db, accountId: number, stepId: number): Promise<{ index: number; variant: StepVariantValue } | null> {
  const [step] = await tx
    .select({ id: campaignSteps.id, variants: campaignSteps.variants, winnerIndex: campaignSteps.winnerIndex })
    .from(campaignSteps)
    .where(and(eq(campaignSteps.id, stepId), eq(campaignSteps.accountId, accountId)))
    .for('update');
  const variants = step ? stepVariantsOf(step) : [];
  if (!step || variants.length === 0) return null;
  const index = pickVariant(await variantCounts(tx, accountId, step), step.winnerIndex);
  return { index, variant: variants[index]! };
}

/** What a variant's email of a prospect needs besides the text: the prospect's fields, the sender's name and the signature. */
export async function variantContexts(db: Db, accountId: number, personaId: number, rows: ReadonlyArray<Pick<CampaignEmailRow, 'id' | 'prospectId' | 'virtualEmployeeId' | 'userEmailId'>>) {
  const ids = <K extends 'prospectId' | 'virtualEmployeeId' | 'userEmailId'>(k: K) => [...new Set(rows.map((r) => r[k]).filter((v): v is number => v !== null))];
  const [people, employees, mailboxes, setting] = await Promise.all([
    ids('prospectId').length ? db.select().from(prospects).where(and(eq(prospects.accountId, accountId), inArray(prospects.id, ids('prospectId')))) : [],
    ids('virtualEmployeeId').length
      ? db.select().from(virtualEmployees).where(and(eq(virtualEmployees.accountId, accountId), inArray(virtualEmployees.id, ids('virtualEmployeeId'))))
      : [],
    ids('userEmailId').length ? db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), inArray(userEmails.id, ids('userEmailId')))) : [],
    settingForPersona(db, accountId, personaId),
  ]);
  return new Map(
    rows.map((r) => {
      const employee = employees.find((e) => e.id === r.virtualEmployeeId);
      const mailbox = mailboxes.find((m) => m.id === r.userEmailId);
      const prospect = people.find((p) => p.id === r.prospectId);
      return [r.id, { values: variantValues(prospect, employee?.name ?? mailbox?.senderName ?? null), signatureHtml: employee?.signature || setting?.signature || '' }] as const;
    }),
  );
}

export const VARIANT_ROUTE_MESSAGES = {
  stepNotFound: (position: number) => `The campaign has no step ${position}`,
  noVariants: (position: number) => `Step ${position} has no variants`,
  noSuchVariant: (position: number, index: number) => `Step ${position} has no variant ${variantLetter(index)}`,
  closed: (status: string) => `A ${status} campaign sends nothing more`,
  notSignificant: (summary: string) => `No variant is significantly better yet, so there is no winner to send: ${summary}`,
  notTheWinner: (winner: number, index: number) => `Variant ${variantLetter(winner)} is the winner, not variant ${variantLetter(index)}`,
  otherChosen: (chosen: number) => `Variant ${variantLetter(chosen)} is already sent to everyone from now on`,
};

export type WinnerOutcome = { rewritten: number; keptEdited: number };

/**
 * "Send the winner from now on": the step's emails written from now on use `index` only (the rotation stops), and
 * the step's emails already written but not sent (draft, scheduled) from another variant are rewritten from the
 * winner, unless the user edited them (their text is not the variant's any more: kept as the user wrote it). Sent
 * emails keep their variant. On the first email step the unsent follow-ups' "Re: " subject follows. `decide` says
 * whether the data calls `index` the winner (insights/variants.ts), so a click on noise is refused with a 422.
 */
export async function sendWinnerFromNowOn(
  deps: Pick<Deps, 'db'>,
  auth: AuthContext,
  campaignId: number,
  position: number,
  index: number,
  decide: (step: CampaignStepRow) => Promise<{ winner: number | null; summary: string }>,
  now = new Date(),
): Promise<WinnerOutcome> {
  const accountId = auth.account.id;
  const db = deps.db;
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)));
  if (!campaign) throw notFound('Campaign not found');
  const [step] = await db.select().from(campaignSteps).where(and(eq(campaignSteps.accountId, accountId), eq(campaignSteps.campaignId, campaignId), eq(campaignSteps.position, position)));
  if (!step) throw notFound(VARIANT_ROUTE_MESSAGES.stepNotFound(position));
  const variants = stepVariantsOf(step);
  if (variants.length === 0) throw unprocessable(VARIANT_ROUTE_MESSAGES.noVariants(position));
  if (index >= variants.length) throw unprocessable(VARIANT_ROUTE_MESSAGES.noSuchVariant(position, index));
  if (step.winnerIndex === index) return { rewritten: 0, keptEdited: 0 };
  if (step.winnerIndex !== null) throw unprocessable(VARIANT_ROUTE_MESSAGES.otherChosen(step.winnerIndex));
  if (campaign.status === 'archived' || campaign.status === 'finished') throw unprocessable(VARIANT_ROUTE_MESSAGES.closed(campaign.status));
  const decision = await decide(step);
  if (decision.winner === null) throw unprocessable(VARIANT_ROUTE_MESSAGES.notSignificant(decision.summary));
  if (decision.winner !== index) throw unprocessable(VARIANT_ROUTE_MESSAGES.notTheWinner(decision.winner, index));

  const firstEmailStep = await db
    .select({ position: campaignSteps.position })
    .from(campaignSteps)
    .where(and(eq(campaignSteps.accountId, accountId), eq(campaignSteps.campaignId, campaignId), eq(campaignSteps.channel, 'email')))
    .orderBy(campaignSteps.position)
    .limit(1);
  const isFirst = firstEmailStep[0]?.position === position;
  return db.transaction(async (tx) => {
    const [chosen] = await tx
      .update(campaignSteps)
      .set({ winnerIndex: index, winnerChosenAt: now })
      .where(and(eq(campaignSteps.id, step.id), eq(campaignSteps.accountId, accountId), sql`${campaignSteps.winnerIndex} is null`))
      .returning({ id: campaignSteps.id });
    if (!chosen) return { rewritten: 0, keptEdited: 0 };
    const unsent = await tx
      .select()
      .from(campaignEmails)
      .where(
        and(
          eq(campaignEmails.accountId, accountId),
          eq(campaignEmails.stepId, step.id),
          inArray(campaignEmails.status, ['draft', 'scheduled']),
          isNotNull(campaignEmails.variantIndex),
          ne(campaignEmails.variantIndex, index),
        ),
      )
      .for('update');
    const contexts = await variantContexts(tx, accountId, campaign.personaId, unsent);
    let rewritten = 0;
    let keptEdited = 0;
    for (const row of unsent) {
      const context = contexts.get(row.id)!;
      const before = writeVariant(variants[row.variantIndex!]!, context.values, context.signatureHtml);
      const edited = before.text.trim() !== row.bodyText.trim() || (isFirst && before.subject !== row.subject);
      if (edited) {
        keptEdited++;
        continue;
      }
      const after = writeVariant(variants[index]!, context.values, context.signatureHtml);
      const subject = isFirst ? (after.subject ?? row.subject) : row.subject;
      await tx
        .update(campaignEmails)
        .set({ variantIndex: index, subject, bodyHtml: after.html, bodyText: after.text, updatedAt: now })
        .where(and(eq(campaignEmails.id, row.id), eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, row.status)));
      rewritten++;
      if (isFirst && subject !== row.subject) {
        // The unsent follow-ups answer in this email's thread: their "Re: " follows (as editing step 1's subject does).
        await tx
          .update(campaignEmails)
          .set({ subject: replySubject(subject), updatedAt: now })
          .where(
            and(
              eq(campaignEmails.accountId, accountId),
              eq(campaignEmails.enrolmentId, row.enrolmentId),
              sql`${campaignEmails.stepPosition} > ${row.stepPosition}`,
              inArray(campaignEmails.status, ['draft', 'scheduled', 'queued']),
              eq(campaignEmails.subject, replySubject(row.subject)),
            ),
          );
      }
    }
    await recordActivity(tx, {
      accountId,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'campaign_updated',
      personaId: campaign.personaId,
      payload: { campaign_id: campaignId, step: position, send_winner: variantLetter(index), variant_index: index, rewritten, kept_edited: keptEdited },
    });
    return { rewritten, keptEdited };
  });
}
