import { and, eq, sql } from 'drizzle-orm';
import { BOUNCE_MIN_SENDS, BOUNCE_RATE_MAX, COMPLAINT_RATE_MAX, DELIVERABILITY_WINDOW_DAYS, POLICY_BLOCKS_TO_PAUSE } from '@shared/constants';
import type { Db } from '../../db/client';
import { userEmails, type ActivityRow } from '../../db/schema';
import type { Deps } from '../../lib/route';
import { autoResumeOf, scheduleAutoResume } from './auto-resume';
import { holdMailbox } from './mailbox-status';

/**
 * Pauses that explain themselves (issue 26): after a bad outcome of one of a mailbox's emails (a hard bounce, a spam
 * complaint, a policy rejection), its last DELIVERABILITY_WINDOW_DAYS are looked at, and a mailbox over a threshold
 * (@shared/constants) is paused with the cause and what to fix in plain words (mailbox_paused: the account is
 * notified; the mailboxes and insights pages show the reason). A policy rejection pauses every active mailbox of the
 * sending domain. The same window and the same rule pause a campaign (campaigns/lifecycle.ts reads `deliverabilityWindow`
 * and `deliverabilityTrip`). A pause of the rule ends by itself after a cool-down at a reduced volume when the mailbox
 * may (auto-resume.ts), else by hand on the mailboxes page. Run in the transaction that records the outcome (reaction
 * `deliverability-guard`), so the next sending tick already sees the pause.
 */

const pct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 1)} %`;

/** Authentication failures by their codes and words (Microsoft 5.7.515, Gmail 5.7.26 / 5.7.27, DMARC/SPF/DKIM). */
const UNAUTHENTICATED_SQL = String.raw`5\.7\.(515|26|27|25)([^0-9]|$)|unauthenticated|not authenticated|dmarc|\yspf\y|\ydkim\y`;

export type DeliverabilityWindow = { sent: number; bounced: number; complaints: number; blocked: number; unauthenticated: number; codes: string[] };
/** Whose outcomes: some mailboxes (one, or a sending domain's), or one campaign. */
export type WindowScope = { mailboxIds: number[] } | { campaignId: number };

/**
 * The outcomes of the last DELIVERABILITY_WINDOW_DAYS up to `now`: `sent` counts what reached a server (email_sent,
 * plus a refusal at send time, which writes no email_sent); a bounce reported later by a DSN already has its
 * email_sent. The insights' overall-stats count the same way.
 */
export async function deliverabilityWindow(tx: Db, accountId: number, scope: WindowScope, now: Date): Promise<DeliverabilityWindow> {
  const since = new Date(now.getTime() - DELIVERABILITY_WINDOW_DAYS * 86_400_000);
  const whose =
    'campaignId' in scope
      ? sql`payload->>'campaign_id' = ${String(scope.campaignId)}`
      : sql`payload->>'user_email_id' in (${sql.join(scope.mailboxIds.map((id) => sql`${String(id)}`), sql`, `)})`;
  const result = (await tx.execute(sql`
    select count(*) filter (where verb = 'email_sent' or (verb = 'email_bounced' and coalesce(payload->>'after_send', 'false') <> 'true')) as sent,
           count(*) filter (where verb = 'email_bounced') as bounced,
           count(*) filter (where verb = 'email_complained') as complaints,
           count(*) filter (where verb = 'email_blocked') as blocked,
           count(*) filter (where verb = 'email_blocked' and concat_ws(' ', payload->>'status', payload->>'reason') ~* ${UNAUTHENTICATED_SQL}) as unauthenticated,
           array_remove(array_agg(distinct nullif(payload->>'status', '')) filter (where verb = 'email_blocked'), null) as codes
    from activities
    where account_id = ${accountId} and verb in ('email_sent', 'email_bounced', 'email_complained', 'email_blocked')
      and occurred_at > ${since.toISOString()}::timestamptz and occurred_at <= ${now.toISOString()}::timestamptz
      and ${whose}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const r = result.rows[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return { sent: n('sent'), bounced: n('bounced'), complaints: n('complaints'), blocked: n('blocked'), unauthenticated: n('unauthenticated'), codes: (r.codes as string[] | null) ?? [] };
}

export type DeliverabilityTrip = { rule: 'complaints' | 'bounces'; reason: string };

/**
 * Which rule the window trips, with the cause and what to fix in plain words; null while it is fine. `whose` names
 * who gets the advice ("this campaign" or "its campaigns").
 */
export function deliverabilityTrip(w: DeliverabilityWindow, whose: 'mailbox' | 'campaign' = 'mailbox'): DeliverabilityTrip | null {
  const days = `in ${DELIVERABILITY_WINDOW_DAYS} days`;
  if (w.complaints > 0 && w.complaints > COMPLAINT_RATE_MAX * Math.max(w.sent, 1))
    return {
      rule: 'complaints',
      reason: `${w.complaints} spam complaint${w.complaints === 1 ? '' : 's'} on ${w.sent} emails ${days} (${pct(w.complaints / Math.max(w.sent, 1))}, over ${pct(COMPLAINT_RATE_MAX)}): Gmail and Yahoo filter senders above 0.3 %. The complainers are on the blacklist; check who ${whose === 'campaign' ? 'this campaign targets' : 'its campaigns target'} and how the first email reads before resuming.`,
    };
  if (w.sent >= BOUNCE_MIN_SENDS && w.bounced > BOUNCE_RATE_MAX * w.sent)
    return {
      rule: 'bounces',
      reason: `${w.bounced} of ${w.sent} emails bounced ${days} (${pct(w.bounced / w.sent)}, over ${pct(BOUNCE_RATE_MAX)}): the list holds dead addresses. The bounced ones are on the blacklist; verify the rest of the list before resuming.`,
    };
  return null;
}

/** Why the mailbox must stop, in plain words with what to fix; null while it is fine. */
export function mailboxPauseReason(w: DeliverabilityWindow): string | null {
  return deliverabilityTrip(w)?.reason ?? null;
}

/** Why the sending domain must stop after policy rejections (and whether a cool-down can help); null while it is fine. */
export function domainPause(w: DeliverabilityWindow, domain: string): { reason: string; coolDownHelps: boolean } | null {
  if (w.unauthenticated > 0)
    return {
      // Only a DNS change fixes it: no cool-down.
      coolDownHelps: false,
      reason: `Receiving servers rejected ${w.unauthenticated} of ${w.sent} emails in ${DELIVERABILITY_WINDOW_DAYS} days as unauthenticated${w.codes.length ? ` (${w.codes.join(', ')})` : ''}: publish SPF, DKIM and DMARC for ${domain} (the mailboxes page checks them), then resume.`,
    };
  if (w.blocked >= POLICY_BLOCKS_TO_PAUSE)
    return {
      coolDownHelps: true,
      reason: `Receiving servers blocked ${w.blocked} of ${w.sent} emails in ${DELIVERABILITY_WINDOW_DAYS} days by policy${w.codes.length ? ` (${w.codes.join(', ')})` : ''}: ${domain} or its sending IP may be on a block list or its mail filtered as spam. Check the domain's reputation and slow down before resuming.`,
    };
  return null;
}

/** Pauses one mailbox for the rule, with its automatic end when it may have one (scheduled in the same transaction). */
async function pauseForRule(tx: Db, deps: Pick<Deps, 'jobs'>, mailbox: typeof userEmails.$inferSelect, reason: string, coolDownHelps: boolean, now: Date): Promise<void> {
  const plan = coolDownHelps ? autoResumeOf(mailbox, now) : { at: null, note: null };
  const held = await holdMailbox(tx, mailbox, 'paused', plan.note ? `${reason} ${plan.note}` : reason, null, { autoResumeAt: plan.at });
  if (held && plan.at) await scheduleAutoResume(deps, tx, mailbox.accountId, mailbox.id, plan.at);
}

/** The reaction to email_bounced, email_complained and email_blocked (src/reactions.ts). */
export async function guardDeliverability(tx: Db, activity: ActivityRow, deps: Pick<Deps, 'jobs' | 'clock'>): Promise<void> {
  const mailboxId = activity.payload.user_email_id;
  if (typeof mailboxId !== 'number') return;
  const accountId = activity.accountId;
  const [mailbox] = await tx.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, mailboxId)));
  if (!mailbox || mailbox.status !== 'active') return;
  const clockNow = deps.clock ? deps.clock() : new Date();
  const now = activity.occurredAt > clockNow ? activity.occurredAt : clockNow;
  if (activity.verb === 'email_blocked') {
    const domain = mailbox.email.split('@')[1]!.toLowerCase();
    const siblings = await tx
      .select()
      .from(userEmails)
      .where(and(eq(userEmails.accountId, accountId), sql`lower(split_part(${userEmails.email}, '@', 2)) = ${domain}`));
    const pause = domainPause(await deliverabilityWindow(tx, accountId, { mailboxIds: siblings.map((s) => s.id) }, now), domain);
    if (pause) {
      for (const s of siblings.filter((m) => m.status === 'active')) await pauseForRule(tx, deps, s, pause.reason, pause.coolDownHelps, now);
      return;
    }
  }
  const trip = deliverabilityTrip(await deliverabilityWindow(tx, accountId, { mailboxIds: [mailbox.id] }, now));
  if (trip) await pauseForRule(tx, deps, mailbox, trip.reason, true, now);
}
