CREATE TABLE "phone_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"outreach_task_id" integer NOT NULL,
	"prospect_id" integer,
	"provider" text NOT NULL,
	"provider_call_id" text,
	"to_number" text NOT NULL,
	"status" text DEFAULT 'placing' NOT NULL,
	"answered_by" text,
	"duration_seconds" integer,
	"outcome" text,
	"error" text,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"callback_url" text NOT NULL,
	"placed_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_outreach_task_id_outreach_tasks_id_fk" FOREIGN KEY ("outreach_task_id") REFERENCES "public"."outreach_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_task_unique" ON "phone_calls" USING btree ("outreach_task_id");--> statement-breakpoint
CREATE INDEX "phone_calls_account_created_idx" ON "phone_calls" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_calls_provider_call_idx" ON "phone_calls" USING btree ("provider_call_id");