-- Issue 25: the blacklist means do-not-contact. A reply used to put the address there as "replied"; now whoever
-- answered as a person is in conversation (prospects.in_conversation_since) and no campaign enrols them
-- automatically. The old "replied" entries move off the list, keeping their protection, losing nothing: an
-- address that also asked to stop stays on it as unsubscribed.
ALTER TABLE "blacklisted_domains" DROP CONSTRAINT "blacklisted_domains_reason_check";--> statement-breakpoint
ALTER TABLE "blacklisted_emails" DROP CONSTRAINT "blacklisted_emails_reason_check";--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "in_conversation_since" timestamp with time zone;--> statement-breakpoint
-- 1. In conversation since the first sign of a person's answer: the pipeline card (opened on one), the threads'
--    first human reply (by prospect, and by address), and the old "replied" entry of the prospect's address.
WITH "answered" AS (
  SELECT "account_id", "prospect_id", "created_at" AS "at" FROM "pipeline_opportunities"
  UNION ALL
  SELECT "account_id", "prospect_id", "replied_at" FROM "email_threads" WHERE "replied_at" IS NOT NULL AND "prospect_id" IS NOT NULL
  UNION ALL
  SELECT p."account_id", p."id", th."replied_at" FROM "email_threads" th
    JOIN "prospects" p ON p."account_id" = th."account_id" AND lower(p."email") = th."prospect_email"
    WHERE th."replied_at" IS NOT NULL AND p."email" IS NOT NULL
  UNION ALL
  SELECT p."account_id", p."id", be."created_at" FROM "blacklisted_emails" be
    JOIN "prospects" p ON p."account_id" = be."account_id" AND lower(p."email") = be."email"
    WHERE be."reason" = 'replied' AND p."email" IS NOT NULL
), "firsts" AS (
  SELECT "account_id", "prospect_id", min("at") AS "since" FROM "answered" GROUP BY "account_id", "prospect_id"
)
UPDATE "prospects" p SET "in_conversation_since" = f."since"
  FROM "firsts" f WHERE p."account_id" = f."account_id" AND p."id" = f."prospect_id";--> statement-breakpoint
-- 2. A "replied" address that also asked to stop (by the link, or in words, in any message of its threads) stays: unsubscribed.
UPDATE "blacklisted_emails" be SET "reason" = 'unsubscribed'
  WHERE be."reason" = 'replied' AND (
    EXISTS (SELECT 1 FROM "activities" a WHERE a."account_id" = be."account_id" AND a."verb" = 'email_unsubscribed' AND lower(a."payload"->>'email') = be."email")
    OR EXISTS (SELECT 1 FROM "email_threads" th WHERE th."account_id" = be."account_id" AND th."prospect_email" = be."email" AND th."reply_status" = 'unsubscribe')
    OR EXISTS (SELECT 1 FROM "email_thread_messages" m JOIN "email_threads" th ON th."id" = m."thread_id" AND th."account_id" = m."account_id"
               WHERE m."account_id" = be."account_id" AND m."direction" = 'inbound' AND m."reply_status" = 'unsubscribe'
                 AND (m."from_email" = be."email" OR th."prospect_email" = be."email"))
  );--> statement-breakpoint
-- 3. The rest of the "replied" entries leave the list: their prospects are in conversation (step 1), and an address
--    whose threads hold a human reply stays protected by that reply at enrolment (campaigns/enrolment.ts).
DELETE FROM "blacklisted_emails" WHERE "reason" = 'replied';--> statement-breakpoint
-- The product never put a domain on the list as "replied"; one written by hand would be the user's: kept, as theirs.
UPDATE "blacklisted_domains" SET "reason" = 'manual' WHERE "reason" = 'replied';--> statement-breakpoint
ALTER TABLE "blacklisted_domains" ADD CONSTRAINT "blacklisted_domains_reason_check" CHECK ("blacklisted_domains"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped'));--> statement-breakpoint
ALTER TABLE "blacklisted_emails" ADD CONSTRAINT "blacklisted_emails_reason_check" CHECK ("blacklisted_emails"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped'));
