CREATE TABLE "insight_snapshots" (
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"body" jsonb NOT NULL,
	"token" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"computed_in_ms" integer NOT NULL,
	"refreshing_since" timestamp with time zone,
	CONSTRAINT "insight_snapshots_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "insight_snapshots" ADD CONSTRAINT "insight_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_account_id_idx" ON "activities" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "pipeline_opportunities_account_updated_idx" ON "pipeline_opportunities" USING btree ("account_id","updated_at");