ALTER TABLE "campaigns" ADD COLUMN "stop_company_on_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_thread_messages" ADD COLUMN "reply_status" text;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "reply_status_source" text;--> statement-breakpoint
CREATE INDEX "email_threads_account_status_last_idx" ON "email_threads" USING btree ("account_id","reply_status","last_message_at") INCLUDE ("campaign_id","unread");--> statement-breakpoint
CREATE INDEX "email_threads_account_campaign_last_idx" ON "email_threads" USING btree ("account_id","campaign_id","last_message_at") INCLUDE ("reply_status","unread");--> statement-breakpoint
CREATE INDEX "email_threads_account_unread_last_idx" ON "email_threads" USING btree ("account_id","last_message_at") INCLUDE ("campaign_id","reply_status") WHERE "email_threads"."unread";--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_reply_status_source_check" CHECK ("email_threads"."reply_status_source" is null or "email_threads"."reply_status_source" in ('rules', 'ai', 'user'));--> statement-breakpoint
-- Before this migration only the user's correction (PUT email_threads/{id}, PUT replies/{id}) wrote reply_status.
UPDATE "email_threads" SET "reply_status_source" = 'user' WHERE "reply_status" IS NOT NULL;
