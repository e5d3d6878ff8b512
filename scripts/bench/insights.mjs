// Insights benchmark (issue 26): the three insights calls for an account with 1,000,000 sent emails (BENCH_INSIGHTS_SENDS)
// and 50,000 replies (BENCH_INSIGHTS_REPLIES) on PostgreSQL, p99 under 10 connections, beside the bare Fastify route
// under the same load. The API runs from the build with the demo account seeded; the outreach is written for the demo
// account straight into the tables (prospects, enrolments, campaign emails, their email_sent activities, threads
// and reply_received activities, a bounce in fifty), spread over the last 30 days, then VACUUM ANALYZE.
// Exported for scripts/bench.mjs.

export const INSIGHTS_BENCH_SENDS = Number(process.env.BENCH_INSIGHTS_SENDS ?? 1_000_000);
export const INSIGHTS_BENCH_REPLIES = Number(process.env.BENCH_INSIGHTS_REPLIES ?? 50_000);

export async function seedInsights(url, sends = INSIGHTS_BENCH_SENDS, replies = INSIGHTS_BENCH_REPLIES) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (q, params = []) => (await client.query(q, params)).rows[0];
    const { account_id: accountId } = await one(`select account_id from users where email = 'demo@example.com' limit 1`);
    const { id: personaId } = await one(`select id from personas where account_id = $1 order by id limit 1`, [accountId]);
    const { id: mailboxId } = await one(`select id from user_emails where account_id = $1 order by id limit 1`, [accountId]);
    const { id: campaignId } = await one(`insert into campaigns (account_id, name, persona_id, mode, status) values ($1, 'Insights bench', $2, 'autonomous', 'running') returning id`, [accountId, personaId]);
    // Three steps per prospect: sends / 3 prospects and enrolments.
    const prospects = Math.ceil(sends / 3);
    const titles = `array['VP Sales','Head of Sales','CRO','Director of Sales','SDR Manager','CEO','Founder','Head of Growth']`;
    await client.query(
      `insert into prospects (account_id, source, full_name, email, company, title, seniority, industry, country, company_size)
       select $1, 'import', 'Bench ' || i, 'ins' || i || '@c' || (i % 20000) || '.insights.example', 'Company ' || (i % 20000),
              (${titles})[1 + i % 8], (array['vp','head','c_suite','director'])[1 + i % 4], (array['Software','Retail','Finance','Health'])[1 + i % 4],
              (array['US','DE','FR','GB','NL'])[1 + i % 5], 10 + (i % 3000)
       from generate_series(1, $2::int) i`,
      [accountId, prospects],
    );
    await client.query(
      `insert into campaign_enrolments (account_id, campaign_id, prospect_id, email, user_email_id, status, exclusive)
       select $1, $2, p.id, p.email, $3, 'active', false from prospects p where p.account_id = $1 and p.email like 'ins%@%.insights.example'`,
      [accountId, campaignId, mailboxId],
    );
    // Sent over the last 30 days (step s of enrolment e at e's time + s days, capped to now).
    await client.query(
      `insert into campaign_emails (account_id, campaign_id, enrolment_id, step_position, prospect_id, user_email_id, to_email, subject, body_html, body_text, message_id, status, sent_at)
       select $1, $2, e.id, s, e.prospect_id, $3, e.email, 'Quick question', '<p>Hi</p>', 'Hi', '<ins-' || e.id || '-' || s || '@bench.example>', 'sent',
              least(now() - interval '1 minute', now() - ((e.id % 43200) || ' minutes')::interval + (s || ' days')::interval - interval '3 days')
       from campaign_enrolments e cross join generate_series(1, 3) s
       where e.account_id = $1 and e.campaign_id = $2`,
      [accountId, campaignId, mailboxId],
    );
    await client.query(
      `insert into activities (account_id, actor_type, verb, channel, prospect_id, persona_id, payload, occurred_at)
       select ce.account_id, 'system', case when ce.id % 50 = 0 then 'email_bounced' else 'email_sent' end, 'email', ce.prospect_id, $3,
              jsonb_build_object('kind', 'campaign', 'campaign_id', ce.campaign_id, 'enrolment_id', ce.enrolment_id, 'campaign_email_id', ce.id, 'step', ce.step_position, 'user_email_id', ce.user_email_id, 'message_id', ce.message_id),
              ce.sent_at
       from campaign_emails ce where ce.account_id = $1 and ce.campaign_id = $2`,
      [accountId, campaignId, personaId],
    );
    // Replies: one thread per replying enrolment, answering its step 1, an hour after it.
    await client.query(
      `insert into email_threads (account_id, prospect_id, campaign_id, enrolment_id, subject, prospect_email, last_message_at, replied_at, reply_status, reply_status_source)
       select ce.account_id, ce.prospect_id, ce.campaign_id, ce.enrolment_id, 'Quick question', ce.to_email, ce.sent_at + interval '1 hour', ce.sent_at + interval '1 hour',
              (array['interested','meeting_request','not_now','not_interested','wrong_person'])[1 + ce.enrolment_id % 5], 'rules'
       from campaign_emails ce where ce.account_id = $1 and ce.campaign_id = $2 and ce.step_position = 1 and ce.enrolment_id % greatest(1, ($3::int * 3) / $4::int) = 0
       limit $4`,
      [accountId, campaignId, prospects, replies],
    );
    await client.query(
      `insert into activities (account_id, actor_type, verb, channel, prospect_id, payload, occurred_at)
       select t.account_id, 'system', 'reply_received', 'email', t.prospect_id,
              jsonb_build_object('kind', 'email', 'thread_id', t.id, 'campaign_id', t.campaign_id, 'enrolment_id', t.enrolment_id,
                                 'campaign_email_id', (select ce.id from campaign_emails ce where ce.account_id = t.account_id and ce.enrolment_id = t.enrolment_id and ce.step_position = 1)),
              least(t.replied_at, now() - interval '1 minute')
       from email_threads t where t.account_id = $1 and t.campaign_id = $2`,
      [accountId, campaignId],
    );
    for (const table of ['activities', 'campaign_emails', 'campaign_enrolments', 'email_threads', 'prospects']) await client.query(`vacuum analyze ${table}`);
    const { n } = await one(`select count(*)::int as n from email_threads where account_id = $1 and campaign_id = $2`, [accountId, campaignId]);
    return { accountId, campaignId, replies: n };
  } finally {
    await client.end();
  }
}
