// Inbox benchmark (issue 12): GET /api/v1/email_threads with three filters for an account of 100k threads on
// PostgreSQL, p99 under load beside the bare Fastify route under the same load. The API runs from the build
// (dist/api/main.mjs) with the demo account seeded; the 100k threads (each with its prospect and one inbound
// message, spread over four campaigns, ten reply statuses and a fifth unread) are written for the demo
// account straight into the tables, then VACUUM ANALYZE (what autovacuum does after a bulk insert). Exported for scripts/bench.mjs.
import { createDatabase } from './engine.mjs';

export const INBOX_BENCH_THREADS = Number(process.env.BENCH_INBOX_THREADS ?? 100_000);

/** The three filters the figure lists with: one campaign, interested or meeting request, unread. */
export const inboxFilters = (campaignId) => ({ by_campaign: [campaignId], by_reply_statuses: ['interested', 'meeting_request'], by_unread: true });

/** 100k threads for the demo account (its persona, four campaigns); returns the first campaign's id. */
export async function seedInbox(url, n = INBOX_BENCH_THREADS) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (q, params = []) => (await client.query(q, params)).rows[0];
    const { account_id: accountId } = await one(`select account_id from users where email = 'demo@example.com' limit 1`);
    const { id: personaId } = await one(`select id from personas where account_id = $1 order by id limit 1`, [accountId]);
    const campaigns = [];
    for (let i = 1; i <= 4; i++) campaigns.push((await one(`insert into campaigns (account_id, name, persona_id, mode, status) values ($1, $2, $3, 'autonomous', 'running') returning id`, [accountId, `Inbox bench ${i}`, personaId])).id);
    await client.query(
      `insert into prospects (account_id, source, full_name, first_name, last_name, email, company, title)
       select $1, 'import', 'Inbox' || i || ' Bench' || (i % 997), 'Inbox' || i, 'Bench' || (i % 997), 'ib' || i || '@c' || (i % 5000) || '.inbox.example', 'Company ' || (i % 5000), 'VP Sales'
       from generate_series(1, $2::int) i`,
      [accountId, n],
    );
    await client.query(
      `insert into email_threads (account_id, prospect_id, campaign_id, subject, prospect_email, last_message_at, replied_at, unread, starred, reply_status, reply_status_source, stop_sending)
       select $1, p.id, ($3::int[])[1 + (p.rn % 4)], 'Quick question ' || p.rn, p.email, now() - (p.rn || ' minutes')::interval, now() - (p.rn || ' minutes')::interval,
              p.rn % 5 = 0, p.rn % 17 = 0,
              (array['interested','meeting_request','not_now','not_interested','wrong_person','out_of_office','auto_reply','unsubscribe','bounce','other'])[1 + (p.rn % 10)],
              'rules', true
       from (select id, email, row_number() over (order by id) as rn from prospects where account_id = $1 and email like 'ib%@%.inbox.example' limit $2) p`,
      [accountId, n, campaigns],
    );
    await client.query(
      `insert into email_thread_messages (account_id, thread_id, direction, kind, message_id, from_email, subject, text, sent_at, reply_status)
       select t.account_id, t.id, 'inbound', 'human', '<ib-' || t.id || '@inbox.example>', t.prospect_email, 'Re: ' || t.subject, 'Thanks, tell me more about it.', t.last_message_at, t.reply_status
       from email_threads t where t.account_id = $1 and t.campaign_id = any($2::int[])`,
      [accountId, campaigns],
    );
    // As autovacuum leaves a table after a bulk insert: statistics and the visibility map (index-only counts).
    await client.query('vacuum analyze email_threads');
    await client.query('vacuum analyze email_thread_messages');
    await client.query('vacuum analyze prospects');
    return { accountId, campaignId: campaigns[0] };
  } finally {
    await client.end();
  }
}

export { createDatabase };
