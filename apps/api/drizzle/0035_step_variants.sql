ALTER TABLE "campaign_emails" ADD COLUMN "variant_index" smallint;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD COLUMN "winner_index" smallint;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD COLUMN "winner_chosen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_emails_step_variant_idx" ON "campaign_emails" USING btree ("account_id","step_id","variant_index") WHERE "campaign_emails"."variant_index" is not null;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_variants_check" CHECK ("campaign_steps"."variants" is null or (jsonb_typeof("campaign_steps"."variants") = 'array' and jsonb_array_length("campaign_steps"."variants") between 2 and 4));--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_winner_check" CHECK ("campaign_steps"."winner_index" is null or ("campaign_steps"."variants" is not null and "campaign_steps"."winner_index" >= 0 and "campaign_steps"."winner_index" < jsonb_array_length("campaign_steps"."variants")));