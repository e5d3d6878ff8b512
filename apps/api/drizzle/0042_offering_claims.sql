ALTER TABLE "offerings" ADD COLUMN "pricing_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "persona_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "not_for" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "proof" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "claims" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD COLUMN "claim_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;