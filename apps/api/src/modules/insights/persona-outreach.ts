import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonInt, num, POSITIVE_STATUSES, rowsOf } from './sql';

export type PersonaOutreach = { sent: number; replies: number; positive: number; meetings: number; bounces: number; unsubscribes: number };

/**
 * Each persona's outreach, all time, counted as the deliverability insights count it (deliverability.ts): emails
 * sent (with the refusals at send time), conversations with a person's reply, those of them positive now, meetings
 * booked, hard bounces and unsubscribes. An event belongs to the persona on the activity, else to its campaign's
 * (a reply is logged with its campaign, an unsubscribe with its campaign email, a meeting booked on the board with its thread). For export_performance_to_csv.
 */
export async function personaOutreach(db: Db, accountId: number): Promise<Map<number, PersonaOutreach>> {
  const rows = await rowsOf<Record<string, unknown> & { persona_id: number }>(
    db,
    sql`with e as (
          select a.verb, a.payload, coalesce(a.persona_id, c.persona_id) as persona_id, t.id as thread_id, t.reply_status
          from activities a
          left join campaign_emails ce on ce.account_id = ${accountId} and ce.id = ${jsonInt(sql`a.payload`, 'campaign_email_id')}
          left join email_threads t on t.account_id = ${accountId} and t.id = ${jsonInt(sql`a.payload`, 'thread_id')}
          left join campaigns c on c.account_id = ${accountId} and c.id = coalesce(ce.campaign_id, ${jsonInt(sql`a.payload`, 'campaign_id')}, t.campaign_id)
          where a.account_id = ${accountId} and a.verb in ('email_sent', 'email_bounced', 'email_unsubscribed', 'reply_received', 'meeting_booked')
        )
        select e.persona_id,
               count(*) filter (where e.verb = 'email_sent' or (e.verb = 'email_bounced' and coalesce(e.payload->>'after_send', 'false') <> 'true')) as sent,
               count(distinct e.thread_id) filter (where e.verb = 'reply_received') as replies,
               count(distinct e.thread_id) filter (where e.verb = 'reply_received' and e.reply_status in ${POSITIVE_STATUSES}) as positive,
               count(*) filter (where e.verb = 'meeting_booked') as meetings,
               count(*) filter (where e.verb = 'email_bounced') as bounces,
               count(*) filter (where e.verb = 'email_unsubscribed') as unsubscribes
        from e
        where e.persona_id is not null
        group by e.persona_id`,
  );
  return new Map(
    rows.map((r) => [Number(r.persona_id), { sent: num(r.sent), replies: num(r.replies), positive: num(r.positive), meetings: num(r.meetings), bounces: num(r.bounces), unsubscribes: num(r.unsubscribes) }]),
  );
}
