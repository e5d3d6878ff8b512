-- "Needs your review" (issue 25): a thread whose newest reply the classifier was unsure of (low confidence,
-- no usable AI answer) holds its prospect's unsent emails until the user sets a status; the message says so too.
ALTER TABLE "email_thread_messages" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_threads" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "email_threads_account_review_last_idx" ON "email_threads" USING btree ("account_id","last_message_at") WHERE "email_threads"."needs_review";
