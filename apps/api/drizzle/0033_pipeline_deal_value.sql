ALTER TABLE "pipeline_opportunities" ADD COLUMN "deal_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pipeline_opportunities" ADD COLUMN "expected_close_on" date;--> statement-breakpoint
ALTER TABLE "pipeline_opportunities" ADD CONSTRAINT "pipeline_opportunities_deal_value_check" CHECK ("pipeline_opportunities"."deal_value" is null or "pipeline_opportunities"."deal_value" >= 0);