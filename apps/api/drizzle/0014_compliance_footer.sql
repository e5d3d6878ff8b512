ALTER TABLE "accounts" ADD COLUMN "compliance_footer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "gdpr_notice" boolean DEFAULT false NOT NULL;