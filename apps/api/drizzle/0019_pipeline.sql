CREATE TABLE "pipeline_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_set_by_hand" boolean DEFAULT false NOT NULL,
	"from_entered_at" timestamp with time zone,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"source" text NOT NULL,
	"reason" text,
	"thread_id" integer,
	"undoes_move_id" integer,
	"undone_at" timestamp with time zone,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_moves_to_status_check" CHECK ("pipeline_moves"."to_status" in ('new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost')),
	CONSTRAINT "pipeline_moves_from_status_check" CHECK ("pipeline_moves"."from_status" is null or "pipeline_moves"."from_status" in ('new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost')),
	CONSTRAINT "pipeline_moves_actor_type_check" CHECK ("pipeline_moves"."actor_type" in ('user', 'system')),
	CONSTRAINT "pipeline_moves_source_check" CHECK ("pipeline_moves"."source" in ('board', 'reply', 'inbox', 'meeting', 'undo'))
);
--> statement-breakpoint
CREATE TABLE "pipeline_opportunities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"thread_id" integer,
	"status" text NOT NULL,
	"set_by_hand" boolean DEFAULT false NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_opportunities_status_check" CHECK ("pipeline_opportunities"."status" in ('new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_opportunity_id_pipeline_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."pipeline_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_thread_id_email_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."email_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_opportunities" ADD CONSTRAINT "pipeline_opportunities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_opportunities" ADD CONSTRAINT "pipeline_opportunities_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_opportunities" ADD CONSTRAINT "pipeline_opportunities_thread_id_email_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."email_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_moves_account_opportunity_idx" ON "pipeline_moves" USING btree ("account_id","opportunity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_opportunities_account_prospect_unique" ON "pipeline_opportunities" USING btree ("account_id","prospect_id");--> statement-breakpoint
CREATE INDEX "pipeline_opportunities_account_status_entered_idx" ON "pipeline_opportunities" USING btree ("account_id","status","entered_at");--> statement-breakpoint
CREATE INDEX "pipeline_opportunities_account_entered_idx" ON "pipeline_opportunities" USING btree ("account_id","entered_at");--> statement-breakpoint
-- Threads a person answered before the pipeline existed get their card (one per prospect: the latest thread's status decides), opened by the system.
INSERT INTO "pipeline_opportunities" ("account_id", "prospect_id", "thread_id", "status", "set_by_hand", "entered_at", "created_at", "updated_at")
SELECT DISTINCT ON (t."account_id", t."prospect_id") t."account_id", t."prospect_id", t."id",
  CASE t."reply_status" WHEN 'interested' THEN 'interested' WHEN 'meeting_request' THEN 'meeting_booked' WHEN 'not_now' THEN 'not_now' WHEN 'not_interested' THEN 'lost' WHEN 'unsubscribe' THEN 'lost' ELSE 'new_reply' END,
  false, t."replied_at", t."replied_at", now()
FROM "email_threads" t
WHERE t."replied_at" IS NOT NULL AND t."prospect_id" IS NOT NULL
ORDER BY t."account_id", t."prospect_id", t."last_message_at" DESC, t."id" DESC;--> statement-breakpoint
INSERT INTO "pipeline_moves" ("account_id", "opportunity_id", "from_status", "to_status", "actor_type", "source", "reason", "thread_id", "moved_at")
SELECT o."account_id", o."id", NULL, o."status", 'system', 'reply', 'Replied before the pipeline existed', o."thread_id", o."entered_at" FROM "pipeline_opportunities" o;--> statement-breakpoint
-- The dashboard counts meetings from meeting_booked activities, which the pipeline writes when a card first reaches "meeting booked".
INSERT INTO "activities" ("account_id", "actor_type", "verb", "channel", "prospect_id", "payload", "occurred_at")
SELECT m."account_id", 'system', 'meeting_booked', 'email', o."prospect_id", jsonb_build_object('opportunity_id', o."id", 'move_id', m."id", 'thread_id', o."thread_id", 'source', 'reply'), m."moved_at"
FROM "pipeline_moves" m JOIN "pipeline_opportunities" o ON o."id" = m."opportunity_id" AND o."account_id" = m."account_id"
WHERE m."to_status" = 'meeting_booked';
