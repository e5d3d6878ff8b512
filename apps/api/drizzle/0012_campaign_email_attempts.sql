ALTER TABLE "campaign_emails" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD COLUMN "send_after" timestamp with time zone;