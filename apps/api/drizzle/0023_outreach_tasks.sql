CREATE TABLE "outreach_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outreach_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"step_id" integer,
	"step_position" smallint NOT NULL,
	"delay_days" smallint DEFAULT 0 NOT NULL,
	"prospect_id" integer,
	"virtual_employee_id" integer,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone,
	"wait_reason" text,
	"prepared_text" text DEFAULT '' NOT NULL,
	"outcome" text,
	"note" text,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"linkedin_account_id" integer,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outreach_tasks_channel_check" CHECK ("outreach_tasks"."channel" in ('linkedin', 'call')),
	CONSTRAINT "outreach_tasks_status_check" CHECK ("outreach_tasks"."status" in ('pending', 'due', 'waiting', 'done', 'skipped', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "auto_communication_settings" ADD COLUMN "weekly_invitation_limit" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD COLUMN "kind" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_enrolment_id_campaign_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."campaign_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_step_id_campaign_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."campaign_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_tasks" ADD CONSTRAINT "outreach_tasks_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_tasks_enrolment_step_unique" ON "outreach_tasks" USING btree ("enrolment_id","step_position");--> statement-breakpoint
CREATE INDEX "outreach_tasks_account_status_due_idx" ON "outreach_tasks" USING btree ("account_id","status","due_at");--> statement-breakpoint
CREATE INDEX "outreach_tasks_account_done_idx" ON "outreach_tasks" USING btree ("account_id","channel","done_at");--> statement-breakpoint
CREATE INDEX "outreach_tasks_account_prospect_idx" ON "outreach_tasks" USING btree ("account_id","prospect_id");--> statement-breakpoint
-- Steps written before kinds existed: their channel says what they are.
UPDATE "campaign_steps" SET "kind" = CASE "channel" WHEN 'linkedin' THEN 'connection_request' WHEN 'call' THEN 'call' ELSE 'email' END;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_kind_check" CHECK (("campaign_steps"."channel" = 'email' and "campaign_steps"."kind" = 'email') or ("campaign_steps"."channel" = 'linkedin' and "campaign_steps"."kind" in ('view_profile', 'connection_request', 'message', 'follow_up')) or ("campaign_steps"."channel" = 'call' and "campaign_steps"."kind" = 'call'));