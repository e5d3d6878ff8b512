import type { ActivityVerb } from '@shared/events';
import { and, asc, eq, inArray, lt, lte, min, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_PREFIX } from '@shared/constants';
import { getBrand } from '@shared/brands';
import { e164PhoneSchema } from '@shared/schemas/primitives';
import type { CallOutcome } from '@shared/schemas/outreach-tasks';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { accounts, campaigns, outreachTasks, phoneCalls, prospects, type OutreachTaskRow, type PhoneCallRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { inAccount } from '../../db/tenancy';
import { recordActivity } from '../activities/service';
import { releaseTickLease, takeTickLease } from '../campaigns/send-job';
import { settingForPersona } from '../messaging/service';
import { limitsOf, planToday } from '../outreach-tasks/plan';
import { applyCallOutcome, phoneOf } from '../outreach-tasks/service';
import { nextWindowStart } from '../sending/schedule';
import { PLACE_CALLS_JOB, scheduleCallTick } from '../../lib/jobs/kicks';
import { escapeXml, PhoneCallError, twilioProvider, validTwilioSignature, type PhoneCallProvider } from './provider';

/**
 * Calls the agent places itself (issue 14, "With Twilio configured"): the due call tasks of an account go out
 * through Twilio's Calls API from the durable queue (job `place-due-calls`), never from a route. Each call:
 * - only inside the prospect's working hours (their time zone when their profile names one, else the
 *   account's) and within today's call capacity (outreach-tasks/limits.ts: the daily phone limit);
 * - claimed before the provider is asked (a phone_calls row, unique per task): a task is dialled at most once;
 *   a process that dies between the claim and Twilio's answer leaves the row `uncertain`, never re-dialled
 *   (its task stays open for the user to call by hand and log);
 * - TwiML fetched from our voice webhook once Twilio's answering-machine detection knows who answered
 *   (MachineDetection=DetectMessageEnd): a person hears the call script, a voicemail gets the voicemail
 *   script after the greeting, a fax or an unclear machine start is hung up on;
 * - status callbacks (initiated, ringing, answered, completed; X-Twilio-Signature checked) become the call's
 *   timeline and interactions; the final one closes the task with its outcome as a logged outcome does
 *   (outreach-tasks applyCallOutcome).
 */

export const CALL_MESSAGES = { badSignature: 'The request signature is not valid' };

/** A claim older than this without Twilio's answer belongs to a process that died while placing the call. */
export const PLACING_STALE_MS = 2 * 60_000;
const MINUTE_MS = 60_000;
const FINAL_STATUSES = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;

/** <Say language=…> for the messaging settings' language (Twilio's voice locales). */
const SAY_LANGUAGE: Record<string, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', pt: 'pt-PT', pl: 'pl-PL', sv: 'sv-SE' };

const nowOf = (deps: Pick<Deps, 'clock'>) => (deps.clock ? deps.clock() : new Date());
const originOf = (deps: Pick<Deps, 'config'>, holderId: number) => deps.config.publicOrigins[holderId] ?? deps.config.publicOrigins[0]!;
export const voiceUrlOf = (origin: string, taskId: number) => `${origin}${API_PREFIX}/twilio/voice?task=${taskId}`;
export const statusUrlOf = (origin: string, taskId: number) => `${origin}${API_PREFIX}/twilio/status?task=${taskId}`;

/** The prospect's IANA time zone, when their profile names a valid one. */
export function timeZoneOf(profile: Record<string, unknown> | null): string | null {
  for (const key of ['time_zone', 'timezone', 'timeZone']) {
    const v = profile?.[key];
    if (typeof v !== 'string' || !v.trim()) continue;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: v.trim() });
      return v.trim();
    } catch {
      // not a time zone: look on
    }
  }
  return null;
}

/** The voicemail: the script's opening (its first two sentences), short enough to fit after the beep. */
export function voicemailOf(script: string): string {
  const sentences = script.replace(/\s+/g, ' ').trim().match(/[^.!?]+[.!?]+/g) ?? [script];
  return sentences
    .slice(0, 2)
    .map((x) => x.trim())
    .join(' ')
    .slice(0, 400);
}

/** The TwiML for who answered (Twilio's AnsweredBy; absent when detection did not run). */
export function callTwiml(answeredBy: string | null, script: string, language: string): string {
  const say = (text: string) => `<Say language="${SAY_LANGUAGE[language] ?? 'en-US'}">${escapeXml(text)}</Say>`;
  if (answeredBy?.startsWith('machine_end')) return `<Response>${say(voicemailOf(script))}<Hangup/></Response>`;
  if (answeredBy === 'fax' || answeredBy === 'machine_start') return '<Response><Hangup/></Response>';
  return `<Response>${say(script)}<Hangup/></Response>`;
}

/** The task's outcome from Twilio's final status and who answered. */
export function outcomeOf(status: string, answeredBy: string | null): CallOutcome {
  if (status === 'completed') {
    if (answeredBy?.startsWith('machine')) return 'voicemail';
    if (answeredBy === 'fax') return 'wrong_number';
    return 'connected';
  }
  if (status === 'failed') return 'wrong_number';
  return 'no_answer';
}

export type CallTickResult = { placed: number; failed: number; held: Array<{ taskId: number; reason: string }>; next: Date | null };

/** Due call tasks the agent has not dialled yet (running campaign, active enrolment), oldest first. */
async function undialled(db: Db, accountId: number, now: Date) {
  return db
    .select({ task: outreachTasks, profile: prospects.profile, personaId: campaigns.personaId })
    .from(outreachTasks)
    .innerJoin(campaigns, and(eq(campaigns.id, outreachTasks.campaignId), eq(campaigns.accountId, accountId), eq(campaigns.status, 'running')))
    .leftJoin(prospects, and(eq(prospects.id, outreachTasks.prospectId), eq(prospects.accountId, accountId)))
    .where(
      and(
        eq(outreachTasks.accountId, accountId),
        eq(outreachTasks.channel, 'call'),
        eq(outreachTasks.status, 'due'),
        lte(outreachTasks.dueAt, now),
        sql`exists (select 1 from campaign_enrolments e where e.account_id = ${accountId} and e.id = ${outreachTasks.enrolmentId} and e.status = 'active')`,
        sql`not exists (select 1 from phone_calls pc where pc.account_id = ${accountId} and pc.outreach_task_id = ${outreachTasks.id})`,
      ),
    )
    .orderBy(asc(outreachTasks.dueAt), asc(outreachTasks.id))
    .limit(50);
}

/** Claims left in `placing` by a process that died: uncertain (Twilio may or may not have dialled), never again. */
async function settleStaleClaims(db: Db, accountId: number, now: Date): Promise<void> {
  const stale = await db
    .update(phoneCalls)
    .set({ status: 'uncertain', error: 'The server stopped while placing this call: it may or may not have rung, so it is not placed again', updatedAt: now })
    .where(and(eq(phoneCalls.accountId, accountId), eq(phoneCalls.status, 'placing'), lt(phoneCalls.updatedAt, new Date(now.getTime() - PLACING_STALE_MS))))
    .returning();
  for (const call of stale) {
    await recordActivity(db, {
      accountId,
      actorType: 'agent',
      verb: 'call_uncertain',
      channel: 'phone',
      prospectId: call.prospectId,
      payload: { outreach_task_id: call.outreachTaskId, phone_call_id: call.id, reason: call.error },
      occurredAt: now,
    });
  }
}

/**
 * One pass over an account's due call tasks at `now`: the limits planned (planToday), then each call that
 * may go now is claimed and placed. Answers what happened and when to look again.
 */
export async function runCallTick(deps: Deps, accountId: number, now: Date, provider?: PhoneCallProvider): Promise<CallTickResult> {
  const result: CallTickResult = { placed: 0, failed: 0, held: [], next: null };
  const twilio = deps.config.twilio;
  if (!twilio) return result;
  const db = deps.db;
  const [account] = await db.select({ holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, accountId));
  // A brand without phone calls places none (its call steps cannot exist; old ones wait, unseen).
  if (!account || !getBrand(account.holderId).feature_flags.phone_calls) return result;
  const calls = provider ?? twilioProvider(twilio);
  const wake = (at: Date | null) => {
    if (at && (!result.next || at < result.next)) result.next = at;
  };

  await settleStaleClaims(db, accountId, now);
  const { capacity } = await planToday(db, accountId, now);
  const limits = await limitsOf(db, accountId);
  let left = capacity.calls.left;
  const origin = originOf(deps, account.holderId);
  for (const { task, profile } of await undialled(db, accountId, now)) {
    if (left <= 0) break; // planToday already moved the rest to the next working day
    const timeZone = timeZoneOf(profile);
    const opens = timeZone ? nextWindowStart(now.getTime(), { ...limits.window, timeZone }) : null;
    if (opens !== null) {
      // Outside the prospect's own working hours: their next start.
      result.held.push({ taskId: task.id, reason: `outside the prospect's working hours (${timeZone})` });
      if (!Number.isNaN(opens)) wake(new Date(opens));
      continue;
    }
    const phone = e164PhoneSchema.safeParse(phoneOf(profile ?? null) ?? '');
    if (!phone.success) {
      // No number to dial: the task stays for the user, who may find one.
      result.held.push({ taskId: task.id, reason: 'no phone number in international format' });
      continue;
    }
    const placed = await placeOne(deps, calls, accountId, task, phone.data, origin, now);
    if (placed === 'claimed-elsewhere') continue;
    left--;
    if (placed === 'placed') result.placed++;
    else result.failed++;
  }
  // What time alone will release: a call task coming due later, a waiting one's next working day.
  const [later] = await db
    .select({ at: min(outreachTasks.dueAt) })
    .from(outreachTasks)
    .where(
      and(
        eq(outreachTasks.accountId, accountId),
        eq(outreachTasks.channel, 'call'),
        inArray(outreachTasks.status, ['due', 'waiting']),
        sql`${outreachTasks.dueAt} > ${now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from phone_calls pc where pc.account_id = ${accountId} and pc.outreach_task_id = ${outreachTasks.id})`,
      ),
    );
  if (later?.at) wake(new Date(later.at));
  // A claim still placing is settled once it could be stale.
  const [placing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.accountId, accountId), eq(phoneCalls.status, 'placing')));
  if (Number(placing?.n ?? 0) > 0) wake(new Date(now.getTime() + PLACING_STALE_MS + MINUTE_MS));
  return result;
}

/**
 * Claims the task (a phone_calls row, unique per task, written only while the task is still due) and asks
 * the provider. Answers placed, failed (refused: the task stays for the user) or claimed-elsewhere.
 */
async function placeOne(deps: Deps, calls: PhoneCallProvider, accountId: number, task: OutreachTaskRow, to: string, origin: string, now: Date) {
  const db = deps.db;
  const claim = await db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: outreachTasks.id })
      .from(outreachTasks)
      .where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.id, task.id), eq(outreachTasks.status, 'due')))
      .for('update');
    if (!still) return null;
    const [row] = await tx
      .insert(phoneCalls)
      .values({ accountId, outreachTaskId: task.id, prospectId: task.prospectId, provider: calls.name, toNumber: to, status: 'placing', callbackUrl: statusUrlOf(origin, task.id), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: phoneCalls.outreachTaskId })
      .returning();
    return row ?? null;
  });
  if (!claim) return 'claimed-elsewhere' as const;
  try {
    const placed = await calls.call({ to, url: voiceUrlOf(origin, task.id), statusCallback: claim.callbackUrl, machineDetection: true });
    await db.transaction(async (tx) => {
      await tx
        .update(phoneCalls)
        .set({ providerCallId: sql`coalesce(${phoneCalls.providerCallId}, ${placed.id})`, status: sql`case when ${phoneCalls.status} = 'placing' then 'queued' else ${phoneCalls.status} end`, placedAt: now, updatedAt: now })
        .where(and(eq(phoneCalls.accountId, accountId), eq(phoneCalls.id, claim.id)));
      await recordActivity(tx, {
        accountId,
        actorType: 'agent',
        verb: 'call_placed',
        channel: 'phone',
        prospectId: task.prospectId,
        payload: { kind: 'call', campaign_id: task.campaignId, enrolment_id: task.enrolmentId, outreach_task_id: task.id, step: task.stepPosition, phone_call_id: claim.id, call_sid: placed.id, to },
        occurredAt: now,
      });
    });
    return 'placed' as const;
  } catch (err) {
    const reason = err instanceof PhoneCallError ? err.message : `The call could not be placed (${(err as Error).message})`;
    await db.transaction(async (tx) => {
      await tx.update(phoneCalls).set({ status: 'failed', error: reason, endedAt: now, updatedAt: now }).where(and(eq(phoneCalls.accountId, accountId), eq(phoneCalls.id, claim.id)));
      await recordActivity(tx, {
        accountId,
        actorType: 'agent',
        verb: 'call_failed',
        channel: 'phone',
        prospectId: task.prospectId,
        payload: { kind: 'call', campaign_id: task.campaignId, enrolment_id: task.enrolmentId, outreach_task_id: task.id, step: task.stepPosition, phone_call_id: claim.id, to, reason },
        occurredAt: now,
      });
    });
    return 'failed' as const;
  }
}

// ---------------------------------------------------------------- the queue

type TickPayload = { account_id: number };

export const placeCallsJob = defineJob<TickPayload, Deps>({
  name: PLACE_CALLS_JOB,
  payload: z.object({ account_id: dbId() }),
  scope: (_deps, payload) => payload.account_id,
  // A failed run is retried: the claims make a retry dial nothing twice.
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  concurrency: 1,
  handler: async (deps, payload) => {
    const accountId = payload.account_id;
    // The account's tick lease (shared with its sending tick): one tick at a time across all processes, so
    // the daily call limit counts every call placed before the next one is weighed.
    const holder = await takeTickLease(deps.db, accountId);
    if (!holder) {
      await scheduleCallTick(deps, accountId, new Date(Date.now() + MINUTE_MS));
      return { deferred: true };
    }
    try {
      const tick = await runCallTick(deps, accountId, nowOf(deps));
      if (tick.next) await scheduleCallTick(deps, accountId, tick.next);
      return { placed: tick.placed, failed: tick.failed, held: tick.held.length, next: tick.next?.toISOString() ?? null };
    } finally {
      await releaseTickLease(deps.db, accountId, holder);
    }
  },
});

// ---------------------------------------------------------------- Twilio's webhooks

/** The call a webhook names (`?task=`), found across accounts (the request names its account itself). */
async function callOfRequest(db: Db, taskParam: unknown): Promise<PhoneCallRow | null> {
  const id = typeof taskParam === 'string' && /^[0-9]{1,9}$/.test(taskParam) ? Number(taskParam) : null;
  if (id === null) return null;
  const [row] = await db.select().from(phoneCalls).where(eq(phoneCalls.outreachTaskId, id));
  return row ?? null;
}

/** The signed form Twilio posted, or 403 (an unknown call answers the same: nothing is revealed). */
async function verified(deps: Deps, taskParam: unknown, rawBody: unknown, signature: string | undefined, urlOf: (call: PhoneCallRow, origin: string) => string) {
  const twilio = deps.config.twilio;
  const call = twilio ? await callOfRequest(deps.db, taskParam) : null;
  const params = new URLSearchParams(typeof rawBody === 'string' ? rawBody : '');
  if (!twilio || !call) throw new HttpError(403, [CALL_MESSAGES.badSignature]);
  const [account] = await deps.db.select({ holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, call.accountId));
  if (!account || !validTwilioSignature(twilio.authToken, urlOf(call, originOf(deps, account.holderId)), params, signature)) throw new HttpError(403, [CALL_MESSAGES.badSignature]);
  return { call, params };
}

/** POST twilio/voice: the TwiML for who answered (AnsweredBy from the synchronous machine detection). */
export async function voiceTwiml(deps: Deps, taskParam: unknown, rawBody: unknown, signature: string | undefined): Promise<string> {
  const { call, params } = await verified(deps, taskParam, rawBody, signature, (c, origin) => voiceUrlOf(origin, c.outreachTaskId));
  return inAccount(call.accountId, null, async () => {
    const db = deps.db;
    const answeredBy = params.get('AnsweredBy');
    const [task] = await db.select().from(outreachTasks).where(and(eq(outreachTasks.accountId, call.accountId), eq(outreachTasks.id, call.outreachTaskId)));
    const [campaign] = task ? await db.select({ personaId: campaigns.personaId }).from(campaigns).where(and(eq(campaigns.accountId, call.accountId), eq(campaigns.id, task.campaignId))) : [];
    const setting = await settingForPersona(db, call.accountId, campaign?.personaId ?? null);
    await db
      .update(phoneCalls)
      .set({ answeredBy: answeredBy ?? null, providerCallId: sql`coalesce(${phoneCalls.providerCallId}, ${params.get('CallSid')})`, updatedAt: nowOf(deps) })
      .where(and(eq(phoneCalls.accountId, call.accountId), eq(phoneCalls.id, call.id)));
    return callTwiml(answeredBy, task?.preparedText ?? '', setting?.language ?? 'en');
  });
}

const PROGRESS_VERB: Record<string, ActivityVerb> = { ringing: 'call_ringing', 'in-progress': 'call_answered' };

/**
 * POST twilio/status: one status callback. Appended to the call's timeline; ringing and answered become
 * interactions; the final status (once) records the duration, the machine detection's answer and the
 * outcome, and closes the task as a logged outcome does (the sequence moves on, or stops on a person).
 */
export async function statusCallback(deps: Deps, taskParam: unknown, rawBody: unknown, signature: string | undefined): Promise<{ received: true }> {
  const { call, params } = await verified(deps, taskParam, rawBody, signature, (c) => c.callbackUrl);
  await inAccount(call.accountId, null, () =>
    deps.db.transaction(async (tx) => {
      const now = nowOf(deps);
      const accountId = call.accountId;
      const status = params.get('CallStatus') ?? 'unknown';
      const answeredBy = params.get('AnsweredBy');
      const final = (FINAL_STATUSES as readonly string[]).includes(status);
      const duration = Number.parseInt(params.get('CallDuration') ?? '', 10);
      const entry = { status, at: now.toISOString() };
      const [updated] = await tx
        .update(phoneCalls)
        .set({
          timeline: sql`${phoneCalls.timeline} || ${JSON.stringify([entry])}::jsonb`,
          providerCallId: sql`coalesce(${phoneCalls.providerCallId}, ${params.get('CallSid')})`,
          answeredBy: sql`coalesce(${answeredBy}, ${phoneCalls.answeredBy})`,
          ...(status === 'in-progress' ? { answeredAt: now } : {}),
          ...(final ? { status, endedAt: now, durationSeconds: Number.isNaN(duration) ? 0 : duration } : { status: sql`case when ${phoneCalls.status} in ('placing', 'uncertain', 'queued', 'initiated', 'ringing', 'in-progress') then ${status} else ${phoneCalls.status} end` }),
          updatedAt: now,
        })
        // A final status lands once; a late progress event after it only joins the timeline.
        .where(and(eq(phoneCalls.accountId, accountId), eq(phoneCalls.id, call.id), final ? notInArray(phoneCalls.status, [...FINAL_STATUSES]) : sql`true`))
        .returning();
      if (!updated) return;
      const [task] = await tx.select().from(outreachTasks).where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.id, call.outreachTaskId)));
      const base = { kind: 'call', campaign_id: task?.campaignId ?? null, enrolment_id: task?.enrolmentId ?? null, outreach_task_id: call.outreachTaskId, step: task?.stepPosition ?? null, phone_call_id: call.id, call_sid: updated.providerCallId };
      const verb = PROGRESS_VERB[status];
      if (verb) await recordActivity(tx, { accountId, actorType: 'agent', verb, channel: 'phone', prospectId: call.prospectId, payload: { ...base, answered_by: updated.answeredBy }, occurredAt: now });
      if (!final) return;
      const outcome = outcomeOf(status, updated.answeredBy);
      await tx.update(phoneCalls).set({ outcome }).where(and(eq(phoneCalls.accountId, accountId), eq(phoneCalls.id, call.id)));
      const details = { ...base, call_status: status, answered_by: updated.answeredBy, duration_seconds: updated.durationSeconds ?? 0 };
      const closed = task ? await applyCallOutcome(deps, tx, { accountId, userId: null }, task, { outcome, interested: null, note: null, details }, now) : null;
      // The task was closed meanwhile (the user logged it, the sequence stopped): the call is still an interaction.
      if (!closed) await recordActivity(tx, { accountId, actorType: 'agent', verb: 'call_made', channel: 'phone', prospectId: call.prospectId, payload: { ...details, outcome }, occurredAt: now });
    }),
  );
  return { received: true };
}
