CREATE TABLE "campaign_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"step_id" integer,
	"step_position" smallint NOT NULL,
	"delay_days" smallint DEFAULT 0 NOT NULL,
	"prospect_id" integer,
	"virtual_employee_id" integer,
	"user_email_id" integer,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text,
	"status" text NOT NULL,
	"status_reason" text,
	"due_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"sent_at" timestamp with time zone,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_emails_status_check" CHECK ("campaign_emails"."status" in ('draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "campaign_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"email" text NOT NULL,
	"virtual_employee_id" integer,
	"user_email_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"exclusive" boolean DEFAULT true NOT NULL,
	"stop_reason" text,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_enrolments_status_check" CHECK ("campaign_enrolments"."status" in ('active', 'stopped', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "campaign_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"delay_days" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_steps_channel_check" CHECK ("campaign_steps"."channel" in ('email', 'linkedin', 'call'))
);
--> statement-breakpoint
CREATE TABLE "campaign_virtual_employees" (
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"virtual_employee_id" integer NOT NULL,
	CONSTRAINT "campaign_virtual_employees_campaign_id_virtual_employee_id_pk" PRIMARY KEY("campaign_id","virtual_employee_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"persona_id" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"allow_overlap" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_mode_check" CHECK ("campaigns"."mode" in ('review', 'autonomous')),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'running', 'paused', 'archived', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "virtual_employee_mailboxes" (
	"account_id" integer NOT NULL,
	"virtual_employee_id" integer NOT NULL,
	"user_email_id" integer NOT NULL,
	CONSTRAINT "virtual_employee_mailboxes_virtual_employee_id_user_email_id_pk" PRIMARY KEY("virtual_employee_id","user_email_id")
);
--> statement-breakpoint
CREATE TABLE "virtual_employee_personas" (
	"account_id" integer NOT NULL,
	"virtual_employee_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	CONSTRAINT "virtual_employee_personas_virtual_employee_id_persona_id_pk" PRIMARY KEY("virtual_employee_id","persona_id")
);
--> statement-breakpoint
CREATE TABLE "virtual_employee_wishes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "virtual_employee_wishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_employees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "virtual_employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"photo_url" text,
	"signature" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_enrolment_id_campaign_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."campaign_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_step_id_campaign_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."campaign_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_virtual_employees" ADD CONSTRAINT "campaign_virtual_employees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_virtual_employees" ADD CONSTRAINT "campaign_virtual_employees_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_virtual_employees" ADD CONSTRAINT "campaign_virtual_employees_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_mailboxes" ADD CONSTRAINT "virtual_employee_mailboxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_mailboxes" ADD CONSTRAINT "virtual_employee_mailboxes_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_mailboxes" ADD CONSTRAINT "virtual_employee_mailboxes_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_personas" ADD CONSTRAINT "virtual_employee_personas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_personas" ADD CONSTRAINT "virtual_employee_personas_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_personas" ADD CONSTRAINT "virtual_employee_personas_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_wishes" ADD CONSTRAINT "virtual_employee_wishes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employee_wishes" ADD CONSTRAINT "virtual_employee_wishes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_employees" ADD CONSTRAINT "virtual_employees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_emails_enrolment_step_unique" ON "campaign_emails" USING btree ("enrolment_id","step_position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_emails_message_id_unique" ON "campaign_emails" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaign_emails_account_status_idx" ON "campaign_emails" USING btree ("account_id","status","due_at");--> statement-breakpoint
CREATE INDEX "campaign_emails_account_campaign_idx" ON "campaign_emails" USING btree ("account_id","campaign_id","step_position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_enrolments_campaign_prospect_unique" ON "campaign_enrolments" USING btree ("campaign_id","prospect_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_enrolments_one_active_unique" ON "campaign_enrolments" USING btree ("account_id","prospect_id") WHERE "campaign_enrolments"."status" = 'active' and "campaign_enrolments"."exclusive";--> statement-breakpoint
CREATE INDEX "campaign_enrolments_account_email_idx" ON "campaign_enrolments" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_account_campaign_idx" ON "campaign_enrolments" USING btree ("account_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_steps_campaign_position_unique" ON "campaign_steps" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_steps_account_idx" ON "campaign_steps" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "campaign_virtual_employees_account_idx" ON "campaign_virtual_employees" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "campaigns_account_idx" ON "campaigns" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_account_persona_idx" ON "campaigns" USING btree ("account_id","persona_id");--> statement-breakpoint
CREATE INDEX "virtual_employee_mailboxes_account_idx" ON "virtual_employee_mailboxes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "virtual_employee_personas_account_idx" ON "virtual_employee_personas" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "virtual_employee_wishes_account_idx" ON "virtual_employee_wishes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "virtual_employees_account_idx" ON "virtual_employees" USING btree ("account_id");