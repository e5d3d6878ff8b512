import { and, asc, eq, sql } from 'drizzle-orm';
import { LINKEDIN_NOTE_MAX, NO_EMAIL_STEP_REASON, type StepKind } from '@shared/schemas/campaigns';
import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import {
  accounts,
  campaignEmails,
  campaignEnrolments,
  campaigns,
  campaignSteps,
  messageInstructions,
  outreachTasks,
  personas,
  prospects,
  userEmails,
  virtualEmployees,
  type CampaignEmailRow,
  type CampaignStepRow,
} from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { textProviderFor, type CompositionContext } from '../ai';
import { EXAMPLE_MESSAGE_MAX_TOKENS, EXAMPLE_MESSAGE_SYSTEM, exampleMessagePrompt } from '../ai/prompts';
import { offeringContext, offeringFor, prospectContext, settingContext, shapeMessage } from '../messaging/generate';
import { settingForPersona } from '../messaging/service';
import { newMessageId } from '../sending/smtp-send';
import { kickSending } from '../../lib/jobs/kicks';
import { heldForClaimsReason } from '@shared/claims/check';
import type { ClaimFlag } from '@shared/schemas/claims';
import { checkText, prospectFacts, type ClaimContext } from '../offerings/claims';
import type { MessagingSettingRow, OfferingRow } from '../../db/schema';
import { assignVariant, pickVariant, replySubject, stepVariantsOf, variantCounts, variantValues, writeVariant } from './variants';

export { replySubject } from './variants';

export type ComposeOutcome = { created: number; existing: number; skipped?: string };

/** The message category a task step is written in (null: nothing to write, a profile view). */
const TASK_CATEGORY: Partial<Record<StepKind, string>> = {
  connection_request: 'linkedin_invitation',
  message: 'linkedin_message',
  follow_up: 'follow_up',
  call: 'call_script',
};

/** A connection note within LinkedIn's limit: whole words, never cut mid-word. */
export function fitNote(text: string, max = LINKEDIN_NOTE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * What every step of an enrolment is written from: the account, the virtual employee (or the mailbox's sender), the
 * persona's messaging setting and offering, and the prospect. The enrolment's compose and a later rewrite of one step
 * (interest.ts) use the same.
 */
export async function compositionBase(
  db: Db,
  accountId: number,
  rows: { enrolment: typeof campaignEnrolments.$inferSelect; campaign: typeof campaigns.$inferSelect; prospect: typeof prospects.$inferSelect; mailbox: typeof userEmails.$inferSelect },
  now: Date,
) {
  const { enrolment, campaign, prospect, mailbox } = rows;
  const [employee] = enrolment.virtualEmployeeId
    ? await db.select().from(virtualEmployees).where(and(eq(virtualEmployees.id, enrolment.virtualEmployeeId), eq(virtualEmployees.accountId, accountId)))
    : [];
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const [persona] = await db.select().from(personas).where(and(eq(personas.id, campaign.personaId), eq(personas.accountId, accountId)));
  const setting = await settingForPersona(db, accountId, campaign.personaId);
  const offering = await offeringFor(db, accountId, setting);
  const signatureHtml = employee?.signature || setting?.signature || '';
  const base: CompositionContext = {
    kind: 'example_message',
    category: 'cold_email',
    company: { name: account?.name || null, senderName: employee?.name ?? mailbox.senderName },
    offering: offeringContext(offering),
    persona: persona ? { name: persona.name, description: persona.description } : null,
    prospect: prospectContext(prospect, now),
    setting: settingContext(setting, signatureHtml),
  };
  return { base, signatureHtml, employee, account, persona, setting, offering };
}

/**
 * Writes every email step of one enrolment with the configured text provider (the built-in composer by
 * default) from the persona's messaging setting, the offering, the virtual employee and the prospect,
 * and puts them in the outbox: review mode → drafts; autonomous → scheduled. Each row is inserted with
 * ON CONFLICT DO NOTHING on (enrolment, step): a second compose (a retry, a second process) adds
 * nothing, and the follow-ups thread onto whichever step 1 row won.
 */
export async function composeEnrolment(deps: Deps, accountId: number, enrolmentId: number, now = new Date()): Promise<ComposeOutcome> {
  const db = deps.db;
  const [enrolment] = await db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.id, enrolmentId), eq(campaignEnrolments.accountId, accountId)));
  if (!enrolment || enrolment.status !== 'active') return { created: 0, existing: 0, skipped: 'enrolment not active' };
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.id, enrolment.campaignId), eq(campaigns.accountId, accountId)));
  if (!campaign || campaign.status === 'archived' || campaign.status === 'finished') return { created: 0, existing: 0, skipped: 'campaign closed' };
  const allSteps = await db
    .select()
    .from(campaignSteps)
    .where(and(eq(campaignSteps.accountId, accountId), eq(campaignSteps.campaignId, campaign.id)))
    .orderBy(asc(campaignSteps.position));
  const steps = allSteps.filter((s) => s.channel === 'email');
  const taskSteps = allSteps.filter((s) => s.channel !== 'email');
  const existingRows = await db
    .select()
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, enrolment.id)))
    .orderBy(asc(campaignEmails.stepPosition));
  const [{ tasks: existingTasks }] = (await db
    .select({ tasks: sql<number>`count(*)::int` })
    .from(outreachTasks)
    .where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.enrolmentId, enrolment.id)))) as [{ tasks: number }];
  const existing = existingRows.length + Number(existingTasks);
  if (allSteps.length === 0 || existing >= allSteps.length) return { created: 0, existing };

  const [prospect] = await db.select().from(prospects).where(and(eq(prospects.id, enrolment.prospectId), eq(prospects.accountId, accountId)));
  const [mailbox] = enrolment.userEmailId
    ? await db.select().from(userEmails).where(and(eq(userEmails.id, enrolment.userEmailId), eq(userEmails.accountId, accountId)))
    : [];
  if (!prospect || !mailbox) return { created: 0, existing, skipped: 'prospect or mailbox gone' };
  const { base, signatureHtml, employee, account, persona, setting, offering } = await compositionBase(db, accountId, { enrolment, campaign, prospect, mailbox }, now);

  // Written before the transaction: a provider call may take seconds and holds no lock.
  const provider = textProviderFor(deps.config);
  const written: Array<{ subject: string | null; text: string; html: string }> = [];
  const earlier: string[] = [];
  // A prospect enrolled from their LinkedIn profile has no address: their email steps are skipped, with the reason.
  const noEmail = !enrolment.email.includes('@');
  // A step with variants is written from one of them (variants.ts), not by the provider: the variant it would get now,
  // checked again under the step's lock in the transaction below.
  const variantValuesNow = variantValues(prospect, employee?.name ?? mailbox.senderName);
  const tentative: Array<number | null> = [];
  for (let i = 0; i < steps.length; i++) {
    const variants = stepVariantsOf(steps[i]!);
    if (noEmail || variants.length === 0) {
      tentative.push(null);
      if (noEmail) {
        written.push({ subject: null, text: '', html: '' });
        continue;
      }
    } else {
      const index = pickVariant(await variantCounts(db, accountId, steps[i]!), steps[i]!.winnerIndex);
      tentative.push(index);
      const shaped = writeVariant(variants[index]!, variantValuesNow, signatureHtml);
      written.push(shaped);
      earlier.push(shaped.text);
      continue;
    }
    const context: CompositionContext = { ...base, category: i === 0 ? 'cold_email' : 'follow_up', step: i + 1, steps: steps.length, earlier: [...earlier] };
    const raw = await provider.generate({ system: EXAMPLE_MESSAGE_SYSTEM, prompt: exampleMessagePrompt(context), maxTokens: EXAMPLE_MESSAGE_MAX_TOKENS, timeoutMs: deps.config.ai.timeoutMs, context });
    const shaped = shapeMessage(raw, signatureHtml);
    written.push(shaped);
    earlier.push(shaped.text);
  }
  // The LinkedIn steps' and calls' texts, in the categories' own forms (the user's instructions per category too).
  const instructionRows = await db.select().from(messageInstructions).where(eq(messageInstructions.accountId, accountId));
  const taskTexts: string[] = [];
  for (const step of taskSteps) {
    const category = TASK_CATEGORY[step.kind];
    if (!category) {
      taskTexts.push('');
      continue;
    }
    const instructions = instructionRows.find((r) => r.category === (category === 'follow_up' ? 'linkedin_message' : category))?.instructions ?? null;
    const context: CompositionContext = { ...base, category, instructions, ...(category === 'follow_up' ? { step: 2, steps: 2 } : {}) };
    const raw = await provider.generate({ system: EXAMPLE_MESSAGE_SYSTEM, prompt: exampleMessagePrompt(context), maxTokens: EXAMPLE_MESSAGE_MAX_TOKENS, timeoutMs: deps.config.ai.timeoutMs, context });
    const text = shapeMessage(raw, '').text;
    taskTexts.push(step.kind === 'connection_request' ? fitNote(text) : text);
  }

  // The claims check (docs/decisions.md "The claims check"): what the draft states against the product's approved claims
  // and the prospect's data, before anyone sees it. Review mode shows the flags to the reviewer; an autonomous campaign
  // holds a flagged email as a draft for review instead of sending it.
  const claimContext = claimContextOf({ offering, account, employee, mailbox, signatureHtml, setting, persona, prospect });
  const flagsOf = (i: number): ClaimFlag[] => (noEmail ? [] : checkText([written[i]!.subject ?? '', written[i]!.text].join('\n'), claimContext));

  const status = campaign.mode === 'autonomous' ? 'scheduled' : 'draft';
  return db.transaction(async (tx) => {
    let created = 0;
    const thread: CampaignEmailRow[] = [];
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      let variantIndex: number | null = null;
      if (tentative[i] !== null && tentative[i] !== undefined) {
        const assigned = await assignVariant(tx, accountId, step.id);
        if (assigned) {
          variantIndex = assigned.index;
          if (assigned.index !== tentative[i]) written[i] = writeVariant(assigned.variant, variantValuesNow, signatureHtml);
        }
      }
      const first = thread[0];
      const claimFlags = flagsOf(i);
      const held = status === 'scheduled' && claimFlags.length > 0;
      const subject = i === 0 ? (written[0]!.subject ?? fallbackSubject(prospect.company)) : replySubject(first?.subject ?? written[0]!.subject ?? fallbackSubject(prospect.company));
      const [row] = await tx
        .insert(campaignEmails)
        .values({
          accountId,
          campaignId: campaign.id,
          enrolmentId: enrolment.id,
          stepId: step.id,
          stepPosition: step.position,
          variantIndex,
          delayDays: step.delayDays,
          prospectId: prospect.id,
          virtualEmployeeId: enrolment.virtualEmployeeId,
          // A follow-up leaves from the mailbox of step 1.
          userEmailId: first?.userEmailId ?? mailbox.id,
          toEmail: enrolment.email,
          subject,
          bodyHtml: written[i]!.html,
          bodyText: written[i]!.text,
          messageId: newMessageId(mailbox),
          inReplyTo: thread.at(-1)?.messageId ?? null,
          references: thread.length ? thread.map((t) => t.messageId).join(' ') : null,
          status: noEmail ? 'skipped' : held ? 'draft' : status,
          statusReason: noEmail ? NO_EMAIL_STEP_REASON : held ? heldForClaimsReason(claimFlags) : null,
          claimFlags,
          dueAt: i === 0 && !noEmail ? now : null,
          provider: variantIndex === null ? provider.name : 'variant',
        })
        .onConflictDoNothing({ target: [campaignEmails.enrolmentId, campaignEmails.stepPosition] })
        .returning();
      if (row) {
        created++;
        thread.push(row);
        if (noEmail) {
          await recordActivity(tx, {
            accountId,
            actorType: 'system',
            verb: 'campaign_email_skipped',
            channel: 'email',
            prospectId: prospect.id,
            personaId: campaign.personaId,
            payload: { campaign_id: campaign.id, campaign_email_id: row.id, step: step.position, reason: NO_EMAIL_STEP_REASON },
          });
          continue;
        }
        await recordActivity(tx, {
          accountId,
          actorType: 'virtual_employee',
          actorId: enrolment.virtualEmployeeId,
          verb: 'message_generated',
          channel: 'email',
          prospectId: prospect.id,
          personaId: campaign.personaId,
          payload: {
            kind: 'campaign',
            campaign_id: campaign.id,
            campaign_email_id: row.id,
            step: step.position,
            status: held ? 'draft' : status,
            provider: variantIndex === null ? provider.name : 'variant',
            ...(claimFlags.length ? { unsupported_claims: claimFlags.length } : {}),
            ...(variantIndex === null ? {} : { variant_index: variantIndex }),
          },
        });
        if (held) {
          await recordActivity(tx, {
            accountId,
            actorType: 'system',
            verb: 'campaign_email_held',
            channel: 'email',
            prospectId: prospect.id,
            personaId: campaign.personaId,
            payload: { campaign_id: campaign.id, campaign_email_id: row.id, step: step.position, reason: row.statusReason, claims: claimFlags.map((f) => f.fragment) },
          });
        }
      } else {
        const [existing] = await tx
          .select()
          .from(campaignEmails)
          .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, enrolment.id), eq(campaignEmails.stepPosition, step.position)));
        thread.push(existing!);
      }
    }
    for (let i = 0; i < taskSteps.length; i++) {
      const step: CampaignStepRow = taskSteps[i]!;
      // Step 1 is reached at enrolment (so is one after skipped email steps only); a later one when the step before it
      // is done (outbox.ts scheduleNextStep).
      const first = step.position === 1 || (noEmail && allSteps.every((s) => s.position >= step.position || s.channel === 'email'));
      const [task] = await tx
        .insert(outreachTasks)
        .values({
          accountId,
          campaignId: campaign.id,
          enrolmentId: enrolment.id,
          stepId: step.id,
          stepPosition: step.position,
          delayDays: step.delayDays,
          prospectId: prospect.id,
          virtualEmployeeId: enrolment.virtualEmployeeId,
          channel: step.channel === 'call' ? 'call' : 'linkedin',
          kind: step.kind,
          status: first ? 'due' : 'pending',
          dueAt: first ? new Date(now.getTime() + step.delayDays * 86_400_000) : null,
          preparedText: taskTexts[i]!,
          provider: TASK_CATEGORY[step.kind] ? provider.name : null,
        })
        .onConflictDoNothing({ target: [outreachTasks.enrolmentId, outreachTasks.stepPosition] })
        .returning({ id: outreachTasks.id });
      if (!task) continue;
      created++;
      await recordActivity(tx, {
        accountId,
        actorType: 'virtual_employee',
        actorId: enrolment.virtualEmployeeId,
        verb: 'task_prepared',
        channel: step.channel === 'call' ? 'phone' : 'linkedin',
        prospectId: prospect.id,
        personaId: campaign.personaId,
        payload: { kind: step.kind, campaign_id: campaign.id, outreach_task_id: task.id, step: step.position, provider: provider.name },
      });
    }
    return { created, existing: allSteps.length - created };
  });
}

type ClaimInputs = {
  offering: OfferingRow | null;
  account: { name: string | null } | undefined;
  employee: { name: string } | undefined;
  mailbox: { senderName: string } | undefined;
  signatureHtml: string;
  setting: Pick<MessagingSettingRow, 'callToAction' | 'caseStudies'> | null;
  persona: { name: string; description: string | null } | undefined;
  prospect: Record<string, unknown> | undefined;
};

/** What supports a campaign email's facts: its product, the sender, the settings it was written from, the prospect. */
const claimContextOf = (c: ClaimInputs): ClaimContext => ({
  offerings: c.offering ? [c.offering] : [],
  facts: [
    c.account?.name,
    c.employee?.name,
    c.mailbox?.senderName,
    c.signatureHtml,
    c.setting?.callToAction,
    ...(c.setting?.caseStudies ?? []).flatMap((s) => [s.title, s.summary]),
    c.persona?.name,
    c.persona?.description,
    ...prospectFacts(c.prospect),
  ],
});

/** The claims check on a campaign email's text as it stands now (after a reviewer's edit): its flags. */
export async function claimFlagsForEmail(db: Db, accountId: number, row: CampaignEmailRow, text: { subject: string; bodyText: string }): Promise<ClaimFlag[]> {
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.id, row.campaignId), eq(campaigns.accountId, accountId)));
  const [prospect] = row.prospectId ? await db.select().from(prospects).where(and(eq(prospects.id, row.prospectId), eq(prospects.accountId, accountId))) : [];
  const [employee] = row.virtualEmployeeId
    ? await db.select().from(virtualEmployees).where(and(eq(virtualEmployees.id, row.virtualEmployeeId), eq(virtualEmployees.accountId, accountId)))
    : [];
  const [mailbox] = row.userEmailId ? await db.select().from(userEmails).where(and(eq(userEmails.id, row.userEmailId), eq(userEmails.accountId, accountId))) : [];
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const [persona] = campaign ? await db.select().from(personas).where(and(eq(personas.id, campaign.personaId), eq(personas.accountId, accountId))) : [];
  const setting = campaign ? await settingForPersona(db, accountId, campaign.personaId) : null;
  const offering = await offeringFor(db, accountId, setting);
  const signatureHtml = employee?.signature || setting?.signature || '';
  return checkText(`${text.subject}\n${text.bodyText}`, claimContextOf({ offering, account, employee, mailbox, signatureHtml, setting, persona, prospect }));
}

const fallbackSubject = (company: string | null) => (company ? `A question for ${company}` : 'A quick question');

/** Composition as a durable job, one per enrolment (enqueued with the enrolment, idempotent). */
export const composeJob = defineJob<{ account_id: number; enrolment_id: number }, Deps>({
  name: 'campaign-compose',
  payload: z.object({ account_id: dbId(), enrolment_id: dbId() }),
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
  concurrency: 2,
  handler: async (deps, payload) => {
    const outcome = await composeEnrolment(deps, payload.account_id, payload.enrolment_id);
    // Autonomous mode writes scheduled emails: the account's sending tick takes them.
    if (outcome.created > 0) await kickSending(deps, payload.account_id);
    return outcome;
  },
  // The provider failed every attempt (or the server stopped for good mid-way): say so in the activity log, where
  // the user sees it; the enrolment stays active, and resuming the campaign or a new compose can write it later.
  onGaveUp: async (deps, payload, reason) => {
    const [enrolment] = await deps.db
      .select({ prospectId: campaignEnrolments.prospectId, campaignId: campaignEnrolments.campaignId })
      .from(campaignEnrolments)
      .where(and(eq(campaignEnrolments.id, payload.enrolment_id), eq(campaignEnrolments.accountId, payload.account_id)));
    if (!enrolment) return;
    await recordActivity(deps.db, {
      accountId: payload.account_id,
      actorType: 'system',
      verb: 'campaign_compose_failed',
      channel: 'email',
      prospectId: enrolment.prospectId,
      payload: { campaign_id: enrolment.campaignId, enrolment_id: payload.enrolment_id, reason: reason.slice(0, 500) },
    });
  },
});

/** For tests and tools: every email of an enrolment, in step order. */
export const emailsOfEnrolment = (db: Db, accountId: number, enrolmentId: number) =>
  db
    .select()
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, enrolmentId)))
    .orderBy(asc(campaignEmails.stepPosition));
