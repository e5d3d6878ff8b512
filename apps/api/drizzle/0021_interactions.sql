CREATE INDEX "activities_account_prospect_occurred_idx" ON "activities" USING btree ("account_id","prospect_id","occurred_at");--> statement-breakpoint
-- Interactions are read from the activity log: auto-replies and answers written from a mail client that were
-- taken in before this migration get the activity ingestion now writes for them, once.
INSERT INTO "activities" ("account_id", "actor_type", "verb", "channel", "prospect_id", "payload", "occurred_at")
SELECT m."account_id", 'system', 'auto_reply_received', 'email', t."prospect_id",
       jsonb_build_object('thread_id', t."id", 'message_id', m."message_id", 'campaign_id', t."campaign_id", 'enrolment_id', t."enrolment_id",
                          'campaign_email_id', m."campaign_email_id", 'subject', t."subject", 'snippet', left(regexp_replace(m."text", '\s+', ' ', 'g'), 200),
                          'reply_status', m."reply_status", 'return_date', m."details"->>'return_date', 'backfilled', true),
       m."sent_at"
FROM "email_thread_messages" m
JOIN "email_threads" t ON t."id" = m."thread_id" AND t."account_id" = m."account_id"
WHERE m."kind" = 'auto_reply'
  AND NOT EXISTS (SELECT 1 FROM "activities" a WHERE a."account_id" = m."account_id" AND a."verb" = 'auto_reply_received' AND a."payload"->>'message_id' = m."message_id");
--> statement-breakpoint
INSERT INTO "activities" ("account_id", "actor_type", "verb", "channel", "prospect_id", "payload", "occurred_at")
SELECT m."account_id", 'user', 'mail_client_reply_sent', 'email', t."prospect_id",
       jsonb_build_object('thread_id', t."id", 'message_id', m."message_id", 'campaign_id', t."campaign_id", 'enrolment_id', t."enrolment_id",
                          'user_email_id', m."user_email_id", 'subject', m."subject", 'backfilled', true),
       m."sent_at"
FROM "email_thread_messages" m
JOIN "email_threads" t ON t."id" = m."thread_id" AND t."account_id" = m."account_id"
WHERE m."direction" = 'outbound' AND m."kind" = 'own' AND m."campaign_email_id" IS NULL AND coalesce(m."details"->>'source', '') <> 'inbox'
  AND NOT EXISTS (SELECT 1 FROM "activities" a WHERE a."account_id" = m."account_id" AND a."verb" = 'mail_client_reply_sent' AND a."payload"->>'message_id' = m."message_id");
