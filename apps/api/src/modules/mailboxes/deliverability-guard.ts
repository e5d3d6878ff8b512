import { and, eq, sql } from 'drizzle-orm';
import { DELIVERABILITY_WINDOW_DAYS, MAILBOX_BOUNCE_MIN_SENDS, MAILBOX_BOUNCE_RATE_MAX, MAILBOX_COMPLAINT_RATE_MAX, POLICY_BLOCKS_TO_PAUSE } from '@shared/constants';
import type { Db } from '../../db/client';
import { userEmails, type ActivityRow } from '../../db/schema';
import { holdMailbox } from './mailbox-status';

/**
 * Pauses that explain themselves (issue 26): after a bad outcome of one of a mailbox's emails (a hard bounce, a spam
 * complaint, a policy rejection), its last DELIVERABILITY_WINDOW_DAYS are looked at, and a mailbox over a threshold
 * (@shared/constants) is paused with the cause and what to fix in plain words (mailbox_paused: the account is
 * notified; the mailboxes and insights pages show the reason). A policy rejection pauses every active mailbox of the
 * sending domain. Resume is by hand on the mailboxes page. Run in the transaction that records the outcome (reaction
 * `deliverability-guard`), so the next sending tick already sees the pause.
 */

const pct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 1)} %`;

/** Authentication failures by their codes and words (Microsoft 5.7.515, Gmail 5.7.26 / 5.7.27, DMARC/SPF/DKIM). */
const UNAUTHENTICATED_SQL = String.raw`5\.7\.(515|26|27|25)([^0-9]|$)|unauthenticated|not authenticated|dmarc|\yspf\y|\ydkim\y`;

type Window = { sent: number; bounced: number; complaints: number; blocked: number; unauthenticated: number; codes: string[] };

async function windowOf(tx: Db, accountId: number, mailboxIds: number[], now: Date): Promise<Window> {
  const since = new Date(now.getTime() - DELIVERABILITY_WINDOW_DAYS * 86_400_000);
  const ids = sql.join(mailboxIds.map((id) => sql`${String(id)}`), sql`, `);
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
      and payload->>'user_email_id' in (${ids})`)) as unknown as { rows: Array<Record<string, unknown>> };
  const r = result.rows[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return { sent: n('sent'), bounced: n('bounced'), complaints: n('complaints'), blocked: n('blocked'), unauthenticated: n('unauthenticated'), codes: (r.codes as string[] | null) ?? [] };
}

/** Why the mailbox must stop, in plain words with what to fix; null while it is fine. */
export function mailboxPauseReason(w: Window): string | null {
  const days = `in ${DELIVERABILITY_WINDOW_DAYS} days`;
  if (w.complaints > 0 && w.complaints > MAILBOX_COMPLAINT_RATE_MAX * Math.max(w.sent, 1))
    return `${w.complaints} spam complaint${w.complaints === 1 ? '' : 's'} on ${w.sent} emails ${days} (${pct(w.complaints / Math.max(w.sent, 1))}, over ${pct(MAILBOX_COMPLAINT_RATE_MAX)}): Gmail and Yahoo filter senders above 0.3 %. The complainers are on the blacklist; check who this campaign targets and how the first email reads before resuming.`;
  if (w.sent >= MAILBOX_BOUNCE_MIN_SENDS && w.bounced > MAILBOX_BOUNCE_RATE_MAX * w.sent)
    return `${w.bounced} of ${w.sent} emails bounced ${days} (${pct(w.bounced / w.sent)}, over ${pct(MAILBOX_BOUNCE_RATE_MAX)}): the list holds dead addresses. The bounced ones are on the blacklist; verify the rest of the list before resuming.`;
  return null;
}

/** Why the sending domain must stop after policy rejections; null while it is fine. */
export function domainPauseReason(w: Window, domain: string): string | null {
  if (w.unauthenticated > 0)
    return `Receiving servers rejected ${w.unauthenticated} of ${w.sent} emails ${`in ${DELIVERABILITY_WINDOW_DAYS} days`} as unauthenticated${w.codes.length ? ` (${w.codes.join(', ')})` : ''}: publish SPF, DKIM and DMARC for ${domain} (the mailboxes page checks them), then resume.`;
  if (w.blocked >= POLICY_BLOCKS_TO_PAUSE)
    return `Receiving servers blocked ${w.blocked} of ${w.sent} emails ${`in ${DELIVERABILITY_WINDOW_DAYS} days`} by policy${w.codes.length ? ` (${w.codes.join(', ')})` : ''}: ${domain} or its sending IP may be on a block list or its mail filtered as spam. Check the domain's reputation and slow down before resuming.`;
  return null;
}

/** The reaction to email_bounced, email_complained and email_blocked (src/reactions.ts). */
export async function guardDeliverability(tx: Db, activity: ActivityRow): Promise<void> {
  const mailboxId = activity.payload.user_email_id;
  if (typeof mailboxId !== 'number') return;
  const accountId = activity.accountId;
  const [mailbox] = await tx.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, mailboxId)));
  if (!mailbox || mailbox.status !== 'active') return;
  const now = activity.occurredAt > new Date() ? activity.occurredAt : new Date();
  if (activity.verb === 'email_blocked') {
    const domain = mailbox.email.split('@')[1]!.toLowerCase();
    const siblings = await tx
      .select()
      .from(userEmails)
      .where(and(eq(userEmails.accountId, accountId), sql`lower(split_part(${userEmails.email}, '@', 2)) = ${domain}`));
    const reason = domainPauseReason(await windowOf(tx, accountId, siblings.map((s) => s.id), now), domain);
    if (reason) {
      for (const s of siblings.filter((m) => m.status === 'active')) await holdMailbox(tx, s, 'paused', reason, null);
      return;
    }
  }
  const reason = mailboxPauseReason(await windowOf(tx, accountId, [mailbox.id], now));
  if (reason) await holdMailbox(tx, mailbox, 'paused', reason, null);
}
