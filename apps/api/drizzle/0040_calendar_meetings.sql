CREATE TABLE "calendar_meetings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"integration_id" integer,
	"provider" text NOT NULL,
	"invitee_uri" text NOT NULL,
	"previous_invitee_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_uri" text NOT NULL,
	"event_name" text,
	"email" text NOT NULL,
	"name" text,
	"prospect_id" integer,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text,
	"rescheduled_count" integer DEFAULT 0 NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"booked_activity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_meetings_status_check" CHECK ("calendar_meetings"."status" in ('booked', 'rescheduling', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_meetings_account_invitee_unique" ON "calendar_meetings" USING btree ("account_id","provider","invitee_uri");--> statement-breakpoint
CREATE INDEX "calendar_meetings_account_starts_idx" ON "calendar_meetings" USING btree ("account_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_meetings_account_prospect_idx" ON "calendar_meetings" USING btree ("account_id","prospect_id");--> statement-breakpoint
CREATE INDEX "calendar_meetings_previous_invitees_idx" ON "calendar_meetings" USING gin ("previous_invitee_uris");