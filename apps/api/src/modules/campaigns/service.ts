import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CAMPAIGN_EMAIL_STATUSES,
  campaignEmailFiltersSchema,
  CHANNEL_FEATURE,
  SEQUENCE_MESSAGES,
  STEP_KIND_CHANNEL,
  type Campaign,
  type CampaignEmail,
  type SequenceStepInput,
  type campaignEmailListQuerySchema,
  type createCampaignBodySchema,
  type updateCampaignBodySchema,
  type updateCampaignEmailBodySchema,
} from '@shared/schemas/campaigns';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS } from '@shared/schemas/auto-communication';
import { DEFAULT_FOLLOWUP_SETTINGS } from '@shared/schemas/messaging';
import type { FeatureFlags } from '@shared/brands';
import type { Db } from '../../db/client';
import {
  autoCommunicationSettings,
  campaignEmails,
  campaignEnrolments,
  campaigns,
  campaignSteps,
  campaignVirtualEmployees,
  followupSettings,
  personas,
  prospects,
  userEmails,
  virtualEmployees,
  type CampaignEmailRow,
  type CampaignRow,
} from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import { parseFilters } from '../../lib/params';
import type { AuthContext, Deps } from '../../lib/route';
import { sanitizeForStorage } from '../../lib/sanitize-rich-text';
import { recordActivity } from '../activities/service';
import { suppress } from '../blacklist/suppression';
import { richTextToPlain } from '../messaging/generate';
import { claimFlagsForEmail, replySubject } from './compose';
import { stepVariantsOf, toStepVariantJson } from './variants';
import { enrolJob, senderPairs, stopEnrolmentsWhere, UNSENT_STATUSES } from './enrolment';
import { kickSending } from '../../lib/jobs/kicks';

export const CAMPAIGN_MESSAGES = {
  notFound: 'Campaign not found',
  emailNotFound: 'Campaign email not found',
  personaNotFound: 'Persona not found',
  employeeNotFound: 'Virtual employee not found',
  noMailbox: 'The campaign’s virtual employees have no active mailbox: connect one or resume a paused one first',
  cannot: (action: string, status: string) => `A ${status} campaign cannot be ${action}`,
  sequenceLocked: 'The sequence can be changed only while the campaign is a draft',
  notEditable: (status: string) => `This email is ${status}: only a draft or a scheduled email can be changed`,
};

type CreateBody = z.output<typeof createCampaignBodySchema>;
type UpdateBody = z.output<typeof updateCampaignBodySchema>;

// ---------------------------------------------------------------- campaigns

async function checkEmployees(db: Db, accountId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: virtualEmployees.id }).from(virtualEmployees).where(and(eq(virtualEmployees.accountId, accountId), inArray(virtualEmployees.id, unique)));
  if (found.length !== unique.length) throw unprocessable(CAMPAIGN_MESSAGES.employeeNotFound);
  return unique;
}

export async function campaignRow(db: Db, accountId: number, id: number): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.accountId, accountId)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return row;
}

async function toCampaigns(db: Db, accountId: number, rows: CampaignRow[]): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [names, employees, steps, enrolments, emails] = await Promise.all([
    db.select({ id: personas.id, name: personas.name }).from(personas).where(and(eq(personas.accountId, accountId), inArray(personas.id, [...new Set(rows.map((r) => r.personaId))]))),
    db
      .select({ campaignId: campaignVirtualEmployees.campaignId, id: campaignVirtualEmployees.virtualEmployeeId })
      .from(campaignVirtualEmployees)
      .where(and(eq(campaignVirtualEmployees.accountId, accountId), inArray(campaignVirtualEmployees.campaignId, ids)))
      .orderBy(asc(campaignVirtualEmployees.virtualEmployeeId)),
    db
      .select()
      .from(campaignSteps)
      .where(and(eq(campaignSteps.accountId, accountId), inArray(campaignSteps.campaignId, ids)))
      .orderBy(asc(campaignSteps.position)),
    db
      .select({ campaignId: campaignEnrolments.campaignId, status: campaignEnrolments.status, n: sql<number>`count(*)::int` })
      .from(campaignEnrolments)
      .where(and(eq(campaignEnrolments.accountId, accountId), inArray(campaignEnrolments.campaignId, ids)))
      .groupBy(campaignEnrolments.campaignId, campaignEnrolments.status),
    db
      .select({ campaignId: campaignEmails.campaignId, status: campaignEmails.status, n: sql<number>`count(*)::int` })
      .from(campaignEmails)
      .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.campaignId, ids)))
      .groupBy(campaignEmails.campaignId, campaignEmails.status),
  ]);
  return rows.map((r) => {
    const enrolmentCounts = { active: 0, stopped: 0, finished: 0 };
    for (const e of enrolments) if (e.campaignId === r.id) enrolmentCounts[e.status] = e.n;
    const emailCounts: Record<string, number> = Object.fromEntries(CAMPAIGN_EMAIL_STATUSES.map((s) => [s, 0]));
    for (const e of emails) if (e.campaignId === r.id) emailCounts[e.status] = e.n;
    return {
      id: r.id,
      name: r.name,
      person_id: r.personaId,
      persona_name: names.find((n) => n.id === r.personaId)?.name ?? null,
      mode: r.mode,
      status: r.status,
      allow_overlap: r.allowOverlap,
      stop_company_on_reply: r.stopCompanyOnReply,
      virtual_employee_ids: employees.filter((e) => e.campaignId === r.id).map((e) => e.id),
      steps: steps
        .filter((s) => s.campaignId === r.id)
        .map((s) => ({
          id: s.id,
          position: s.position,
          channel: s.channel,
          kind: s.kind,
          delay_days: s.delayDays,
          variants: toStepVariantJson(stepVariantsOf(s)),
          winner_index: s.winnerIndex,
          winner_chosen_at: s.winnerChosenAt?.toISOString() ?? null,
        })),
      enrolments: enrolmentCounts,
      emails: emailCounts,
      started_at: r.startedAt?.toISOString() ?? null,
      paused_at: r.pausedAt?.toISOString() ?? null,
      archived_at: r.archivedAt?.toISOString() ?? null,
      finished_at: r.finishedAt?.toISOString() ?? null,
      bounce_rate_high_at: r.bounceRateHighAt?.toISOString() ?? null,
      deliverability_reason: r.bounceRateHighAt ? r.deliverabilityReason : null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

export async function list(deps: Deps, auth: AuthContext): Promise<Campaign[]> {
  const rows = await deps.db.select().from(campaigns).where(eq(campaigns.accountId, auth.account.id)).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return toCampaigns(deps.db, auth.account.id, rows);
}

export async function show(deps: Deps, auth: AuthContext, id: number): Promise<Campaign> {
  const row = await campaignRow(deps.db, auth.account.id, id);
  return (await toCampaigns(deps.db, auth.account.id, [row]))[0]!;
}

/**
 * A campaign in draft: the persona, its virtual employees, the mode (default: the account's automatic
 * behaviour) and the sequence from the follow-up settings (step 1 + number_of_followups, spacing_days apart, email).
 */
export async function create(deps: Deps, auth: AuthContext, body: CreateBody, flags: FeatureFlags): Promise<Campaign> {
  const accountId = auth.account.id;
  const db = deps.db;
  if (body.steps) checkSequence(body.steps, flags);
  const [persona] = await db.select({ id: personas.id }).from(personas).where(and(eq(personas.id, body.person_id), eq(personas.accountId, accountId)));
  if (!persona) throw unprocessable(CAMPAIGN_MESSAGES.personaNotFound);
  const employeeIds = await checkEmployees(db, accountId, body.virtual_employee_ids);
  const [auto] = await db.select({ mode: autoCommunicationSettings.mode }).from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, accountId));
  const [followup] = await db.select().from(followupSettings).where(eq(followupSettings.accountId, accountId));
  const followups = followup?.numberOfFollowups ?? DEFAULT_FOLLOWUP_SETTINGS.number_of_followups;
  const spacing = followup?.spacingDays ?? DEFAULT_FOLLOWUP_SETTINGS.spacing_days;
  const mode = body.mode ?? auto?.mode ?? DEFAULT_AUTO_COMMUNICATION_SETTINGS.mode;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ accountId, name: body.name, personaId: persona.id, mode, allowOverlap: body.allow_overlap ?? false, stopCompanyOnReply: body.stop_company_on_reply ?? false, createdBy: auth.user.id })
      .returning({ id: campaigns.id });
    await tx.insert(campaignVirtualEmployees).values(employeeIds.map((virtualEmployeeId) => ({ accountId, campaignId: row!.id, virtualEmployeeId })));
    const sequence: SequenceStepInput[] = body.steps ?? Array.from({ length: 1 + followups }, (_, i) => ({ kind: 'email' as const, delay_days: i === 0 ? 0 : spacing }));
    await writeSteps(tx, accountId, row!.id, sequence);
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'campaign_created', personaId: persona.id, payload: { campaign_id: row!.id, name: body.name, mode } });
    return row!.id;
  });
  return show(deps, auth, id);
}

export async function update(deps: Deps, auth: AuthContext, id: number, body: UpdateBody, flags: FeatureFlags): Promise<Campaign> {
  const accountId = auth.account.id;
  const row = await campaignRow(deps.db, accountId, id);
  if (row.status === 'archived' || row.status === 'finished') throw unprocessable(CAMPAIGN_MESSAGES.cannot('changed', row.status));
  if (body.steps) {
    if (row.status !== 'draft') throw unprocessable(CAMPAIGN_MESSAGES.sequenceLocked);
    checkSequence(body.steps, flags);
  }
  const employeeIds = body.virtual_employee_ids ? await checkEmployees(deps.db, accountId, body.virtual_employee_ids) : undefined;
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof campaigns.$inferInsert> = { updatedAt: new Date() };
    if (body.name !== undefined) set.name = body.name;
    if (body.mode !== undefined) set.mode = body.mode;
    if (body.allow_overlap !== undefined) set.allowOverlap = body.allow_overlap;
    if (body.stop_company_on_reply !== undefined) set.stopCompanyOnReply = body.stop_company_on_reply;
    await tx.update(campaigns).set(set).where(and(eq(campaigns.id, id), eq(campaigns.accountId, accountId)));
    if (body.steps) {
      await tx.delete(campaignSteps).where(and(eq(campaignSteps.accountId, accountId), eq(campaignSteps.campaignId, id)));
      await writeSteps(tx, accountId, id, body.steps);
    }
    if (employeeIds) {
      await tx.delete(campaignVirtualEmployees).where(and(eq(campaignVirtualEmployees.accountId, accountId), eq(campaignVirtualEmployees.campaignId, id)));
      await tx.insert(campaignVirtualEmployees).values(employeeIds.map((virtualEmployeeId) => ({ accountId, campaignId: id, virtualEmployeeId })));
    }
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'campaign_updated', personaId: row.personaId, payload: { campaign_id: id, ...body } });
  });
  return show(deps, auth, id);
}

/**
 * The brand decides which channels exist (packages/shared/src/brands): a LinkedIn step on a brand without
 * LinkedIn, or a call on one without phone calls, is refused as if the kind did not exist. (The shape rules,
 * such as a LinkedIn message only after a connection request, are the body schema's.)
 */
function checkSequence(steps: SequenceStepInput[], flags: FeatureFlags): void {
  for (const step of steps) {
    const feature = CHANNEL_FEATURE[STEP_KIND_CHANNEL[step.kind]];
    if (feature && !flags[feature]) throw unprocessable(SEQUENCE_MESSAGES.notAvailable(step.kind));
  }
}

async function writeSteps(tx: Db, accountId: number, campaignId: number, steps: SequenceStepInput[]): Promise<void> {
  // A variant's subject is used on the first email step only (a follow-up answers in its thread): kept there only.
  const firstEmail = steps.findIndex((s) => s.kind === 'email');
  await tx.insert(campaignSteps).values(
    steps.map((s, i) => ({
      accountId,
      campaignId,
      position: i + 1,
      channel: STEP_KIND_CHANNEL[s.kind],
      kind: s.kind,
      delayDays: s.delay_days,
      variants: s.variants?.length ? s.variants.map((v) => ({ subject: i === firstEmail ? (v.subject?.trim() ?? null) : null, body: v.body.trim() })) : null,
    })),
  );
}

type Transition = 'start' | 'pause' | 'resume' | 'archive';
const FROM: Record<Transition, CampaignRow['status'][]> = {
  start: ['draft'],
  pause: ['running'],
  resume: ['paused'],
  archive: ['draft', 'running', 'paused', 'finished'],
};
const PAST = { start: 'started', pause: 'paused', resume: 'resumed', archive: 'archived' } as const satisfies Record<Transition, string>;

/**
 * start: draft → running, enrols the persona's prospects (a job); pause: running → paused (nothing is
 * sent, drafts can still be reviewed); resume: paused → running, and prospects who joined meanwhile are
 * enrolled; archive: stops every active enrolment and cancels the unsent emails. A repeat of the state
 * it is already in answers the campaign unchanged (a double click is not an error).
 */
export async function transition(deps: Deps, auth: AuthContext, id: number, action: Transition): Promise<Campaign> {
  const accountId = auth.account.id;
  const row = await campaignRow(deps.db, accountId, id);
  const target = ({ start: 'running', pause: 'paused', resume: 'running', archive: 'archived' } as const)[action];
  if (row.status === target) return show(deps, auth, id);
  if (!FROM[action].includes(row.status)) throw unprocessable(CAMPAIGN_MESSAGES.cannot(PAST[action], row.status));
  if ((action === 'start' || action === 'resume') && (await senderPairs(deps.db, accountId, id)).length === 0) throw unprocessable(CAMPAIGN_MESSAGES.noMailbox);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof campaigns.$inferInsert> = { status: target, updatedAt: now };
    if (action === 'start') set.startedAt = now;
    if (action === 'pause') set.pausedAt = now;
    if (action === 'resume') set.pausedAt = null;
    if (action === 'archive') set.archivedAt = now;
    const [changed] = await tx
      .update(campaigns)
      .set(set)
      .where(and(eq(campaigns.id, id), eq(campaigns.accountId, accountId), eq(campaigns.status, row.status)))
      .returning({ id: campaigns.id });
    if (!changed) return; // someone else moved it first
    if (action === 'archive') await stopEnrolmentsWhere(tx, accountId, and(eq(campaignEnrolments.campaignId, id)), 'campaign archived');
    if (action === 'start' || action === 'resume') await deps.jobs.send(enrolJob, { account_id: accountId, campaign_id: id, recompose: action === 'resume' }, { tx });
    // Resumed: its scheduled emails may go again (a start has none yet: each composition asks for a tick).
    if (action === 'resume') await kickSending(deps, accountId, tx);
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: `campaign_${PAST[action]}`, personaId: row.personaId, payload: { campaign_id: id } });
  });
  return show(deps, auth, id);
}

// ---------------------------------------------------------------- campaign emails

type ListQuery = z.output<typeof campaignEmailListQuerySchema>;

const emailColumns = {
  email: campaignEmails,
  campaignName: campaigns.name,
  prospectName: prospects.fullName,
  prospectCompany: prospects.company,
  fromEmail: userEmails.email,
};
type EmailJoined = { email: CampaignEmailRow; campaignName: string | null; prospectName: string | null; prospectCompany: string | null; fromEmail: string | null };

function toEmailJson(r: EmailJoined): CampaignEmail {
  const e = r.email;
  return {
    id: e.id,
    campaign_id: e.campaignId,
    campaign_name: r.campaignName,
    enrolment_id: e.enrolmentId,
    step: e.stepPosition,
    delay_days: e.delayDays,
    variant_index: e.variantIndex,
    prospect_id: e.prospectId,
    prospect_name: r.prospectName,
    prospect_company: r.prospectCompany,
    virtual_employee_id: e.virtualEmployeeId,
    user_email_id: e.userEmailId,
    from_email: r.fromEmail,
    to_email: e.toEmail,
    subject: e.subject,
    body_html: e.bodyHtml,
    body_text: e.bodyText,
    message_id: e.messageId,
    in_reply_to: e.inReplyTo,
    references: e.references,
    status: e.status,
    status_reason: e.statusReason,
    claim_flags: e.claimFlags,
    due_at: e.dueAt?.toISOString() ?? null,
    approved_at: e.approvedAt?.toISOString() ?? null,
    sent_at: e.sentAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

function joinedEmails(db: Db, accountId: number) {
  return db
    .select(emailColumns)
    .from(campaignEmails)
    .leftJoin(campaigns, and(eq(campaigns.id, campaignEmails.campaignId), eq(campaigns.accountId, accountId)))
    .leftJoin(prospects, and(eq(prospects.id, campaignEmails.prospectId), eq(prospects.accountId, accountId)))
    .leftJoin(userEmails, and(eq(userEmails.id, campaignEmails.userEmailId), eq(userEmails.accountId, accountId)));
}

const SORTS = {
  created_at: campaignEmails.createdAt,
  updated_at: campaignEmails.updatedAt,
  due_at: campaignEmails.dueAt,
  step: campaignEmails.stepPosition,
  status: campaignEmails.status,
  to_email: campaignEmails.toEmail,
} as const;

/** GET campaign_emails (and a campaign's): one page, sorted, filtered by status, campaign, step, search. */
export async function listEmails(deps: Deps, auth: AuthContext, query: ListQuery, campaignId?: number) {
  const accountId = auth.account.id;
  if (campaignId !== undefined) await campaignRow(deps.db, accountId, campaignId);
  if (query.sort === 'occurred_at') throw unprocessable('Sort occurred_at is for interaction_view=interactions');
  const inFilters = parseFilters(campaignEmailFiltersSchema, query.filters);
  const f = { status: query.status, campaign_id: query.campaign_id, step: query.step, search: query.search, ...inFilters };
  const conditions: Array<SQL | undefined> = [eq(campaignEmails.accountId, accountId)];
  if (campaignId !== undefined) conditions.push(eq(campaignEmails.campaignId, campaignId));
  if (f.campaign_id !== undefined) conditions.push(eq(campaignEmails.campaignId, f.campaign_id));
  if (f.status) conditions.push(eq(campaignEmails.status, f.status));
  if (f.step !== undefined) conditions.push(eq(campaignEmails.stepPosition, f.step));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(campaignEmails.toEmail, like), ilike(campaignEmails.subject, like), ilike(prospects.fullName, like), ilike(prospects.company, like)));
  }
  const where = and(...conditions);
  const column = SORTS[query.sort as keyof typeof SORTS];
  const rows = await joinedEmails(deps.db, accountId)
    .where(where)
    .orderBy(query.sort_direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, asc(campaignEmails.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [{ total }] = (await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(campaignEmails)
    .leftJoin(prospects, and(eq(prospects.id, campaignEmails.prospectId), eq(prospects.accountId, accountId)))
    .where(where)) as [{ total: number }];
  return { data: rows.map(toEmailJson), meta: { page: query.page, per_page: query.per_page, total } };
}

async function emailRow(db: Db, accountId: number, id: number): Promise<CampaignEmailRow> {
  const [row] = await db.select().from(campaignEmails).where(and(eq(campaignEmails.id, id), eq(campaignEmails.accountId, accountId)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.emailNotFound);
  return row;
}

export async function showEmail(deps: Deps, auth: AuthContext, id: number): Promise<CampaignEmail> {
  const [row] = await joinedEmails(deps.db, auth.account.id).where(and(eq(campaignEmails.id, id), eq(campaignEmails.accountId, auth.account.id)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.emailNotFound);
  return toEmailJson(row);
}

const EDITABLE: CampaignEmailRow['status'][] = ['draft', 'scheduled'];

/**
 * Edit a draft or scheduled email (subject, body: sanitised), approve it (draft → scheduled), skip it.
 * Skipping step 1 skips the prospect's whole sequence (the follow-ups answer in its thread); editing
 * step 1's subject carries over to the unsent follow-ups' "Re:".
 */
export async function updateEmail(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updateCampaignEmailBodySchema>): Promise<CampaignEmail> {
  const accountId = auth.account.id;
  const row = await emailRow(deps.db, accountId, id);
  const editing = body.subject !== undefined || body.body_html !== undefined;
  if ((editing || body.action) && !EDITABLE.includes(row.status) && !(body.action === 'skip' && row.status === 'uncertain')) {
    throw unprocessable(CAMPAIGN_MESSAGES.notEditable(row.status));
  }
  // Nothing asked, or approving what is already approved: answered as it is (a double click is not an error).
  if (!editing && (!body.action || (body.action === 'approve' && row.status !== 'draft'))) return showEmail(deps, auth, id);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof campaignEmails.$inferInsert> = { updatedAt: now };
    if (body.subject !== undefined) set.subject = body.subject;
    if (body.body_html !== undefined) {
      const html = sanitizeForStorage('email_body', body.body_html);
      if (!html) throw unprocessable('Body is required');
      set.bodyHtml = html;
      set.bodyText = richTextToPlain(html);
    }
    // The reviewer's edit is checked again: the flags shown are those of the text as it now stands.
    if (editing) set.claimFlags = await claimFlagsForEmail(tx, accountId, row, { subject: set.subject ?? row.subject, bodyText: set.bodyText ?? row.bodyText });
    if (body.action === 'approve' && row.status === 'draft') {
      set.status = 'scheduled';
      set.approvedAt = now;
      set.approvedBy = auth.user.id;
      if (row.stepPosition === 1) set.dueAt = now;
    }
    if (body.action === 'skip') {
      set.status = 'skipped';
      set.statusReason = 'skipped by the user';
    }
    const [changed] = await tx
      .update(campaignEmails)
      .set(set)
      .where(and(eq(campaignEmails.id, id), eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, row.status)))
      .returning({ id: campaignEmails.id });
    if (!changed) throw unprocessable('This email changed meanwhile: reload it and try again');
    if (set.status === 'scheduled') await kickSending(deps, accountId, tx);
    if (body.subject !== undefined && row.stepPosition === 1) {
      await tx
        .update(campaignEmails)
        .set({ subject: replySubject(body.subject), updatedAt: now })
        .where(
          and(
            eq(campaignEmails.accountId, accountId),
            eq(campaignEmails.enrolmentId, row.enrolmentId),
            sql`${campaignEmails.stepPosition} > 1`,
            inArray(campaignEmails.status, [...UNSENT_STATUSES]),
            eq(campaignEmails.subject, replySubject(row.subject)),
          ),
        );
    }
    if (body.action === 'skip' && row.stepPosition === 1) {
      await stopEnrolmentsWhere(tx, accountId, and(eq(campaignEnrolments.id, row.enrolmentId)), 'first message skipped');
    }
    const verb = body.action === 'approve' && row.status === 'draft' ? 'campaign_email_approved' : body.action === 'skip' ? 'campaign_email_skipped' : 'campaign_email_edited';
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb, channel: 'email', prospectId: row.prospectId, payload: { campaign_id: row.campaignId, campaign_email_id: id, step: row.stepPosition } });
  });
  return showEmail(deps, auth, id);
}

/** Approves every draft of the campaign (review queue "approve all"); answers how many. */
export async function approveAll(deps: Deps, auth: AuthContext, campaignId: number): Promise<{ approved: number }> {
  const accountId = auth.account.id;
  const campaign = await campaignRow(deps.db, accountId, campaignId);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const approved = await tx
      .update(campaignEmails)
      .set({ status: 'scheduled', approvedAt: now, approvedBy: auth.user.id, updatedAt: now, dueAt: sql`case when ${campaignEmails.stepPosition} = 1 then ${now.toISOString()}::timestamptz else ${campaignEmails.dueAt} end` })
      .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaignId), eq(campaignEmails.status, 'draft')))
      .returning({ id: campaignEmails.id });
    if (approved.length) {
      await kickSending(deps, accountId, tx);
      await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'campaign_emails_approved', channel: 'email', personaId: campaign.personaId, payload: { campaign_id: campaignId, count: approved.length } });
    }
    return { approved: approved.length };
  });
}

/**
 * Stops this prospect's sequence: the address goes on the suppression list with reason "stopped", and
 * the blacklist's hook stops its enrolments and cancels their unsent emails, all in one transaction.
 */
export async function markStopSending(deps: Deps, auth: AuthContext, id: number): Promise<CampaignEmail> {
  const accountId = auth.account.id;
  const row = await emailRow(deps.db, accountId, id);
  await deps.db.transaction(async (tx) => {
    await suppress(tx, accountId, row.toEmail, 'stopped', `Stopped from campaign email #${row.id}`, { campaignEmailId: row.id });
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'sequence_stopped', channel: 'email', prospectId: row.prospectId, payload: { campaign_id: row.campaignId, campaign_email_id: row.id } });
  });
  return showEmail(deps, auth, id);
}

/**
 * An uncertain email (its send was interrupted and the Sent folder did not show it) sent anyway, as the
 * user decides: back to scheduled with the same Message-ID (a receiving server that already has it can
 * tell the two apart), and a sending tick asked for.
 */
export async function sendAnyway(deps: Deps, auth: AuthContext, id: number): Promise<CampaignEmail> {
  const accountId = auth.account.id;
  const row = await emailRow(deps.db, accountId, id);
  if (row.status !== 'uncertain') throw unprocessable('Only an email whose sending is uncertain can be sent anyway');
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(campaignEmails)
      .set({ status: 'scheduled', statusReason: 'Sent anyway by the user after an uncertain send', sendAfter: null, updatedAt: new Date() })
      .where(and(eq(campaignEmails.id, id), eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'uncertain')))
      .returning({ id: campaignEmails.id });
    if (!changed) throw unprocessable('This email changed meanwhile: reload it and try again');
    await kickSending(deps, accountId, tx);
  });
  return showEmail(deps, auth, id);
}
