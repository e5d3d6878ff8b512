ALTER TABLE "user_emails" ADD COLUMN "auto_resume" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_emails" ADD COLUMN "auto_resume_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_emails" ADD COLUMN "auto_resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "deliverability_reason" text;--> statement-breakpoint
-- Whoever hears of a mailbox's pause hears of its automatic resume (issue 26): rules that listen to mailbox_paused gain mailbox_resumed.
UPDATE "campaign_notifications" SET "events" = array_append("events", 'mailbox_resumed') WHERE 'mailbox_paused' = any("events") AND NOT 'mailbox_resumed' = any("events");
