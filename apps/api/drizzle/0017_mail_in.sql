CREATE TABLE "email_thread_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_thread_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"user_email_id" integer,
	"campaign_email_id" integer,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text,
	"from_email" text NOT NULL,
	"from_name" text,
	"to_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone NOT NULL,
	"imap_folder" text,
	"imap_uid" bigint,
	"from_colleague" boolean DEFAULT false NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_thread_messages_direction_check" CHECK ("email_thread_messages"."direction" in ('inbound', 'outbound')),
	CONSTRAINT "email_thread_messages_kind_check" CHECK ("email_thread_messages"."kind" in ('human', 'auto_reply', 'bounce', 'own'))
);
--> statement-breakpoint
CREATE TABLE "email_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"prospect_id" integer,
	"enrolment_id" integer,
	"campaign_id" integer,
	"user_email_id" integer,
	"virtual_employee_id" integer,
	"subject" text NOT NULL,
	"prospect_email" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone,
	"unread" boolean DEFAULT false NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"reply_status" text,
	"stop_sending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imap_sync_leases" (
	"user_email_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"holder" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imap_sync_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imap_sync_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_email_id" integer NOT NULL,
	"folder" text NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_thread_messages" ADD CONSTRAINT "email_thread_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_thread_messages" ADD CONSTRAINT "email_thread_messages_thread_id_email_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."email_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_thread_messages" ADD CONSTRAINT "email_thread_messages_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_thread_messages" ADD CONSTRAINT "email_thread_messages_campaign_email_id_campaign_emails_id_fk" FOREIGN KEY ("campaign_email_id") REFERENCES "public"."campaign_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_enrolment_id_campaign_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."campaign_enrolments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_sync_leases" ADD CONSTRAINT "imap_sync_leases_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_sync_leases" ADD CONSTRAINT "imap_sync_leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_sync_states" ADD CONSTRAINT "imap_sync_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imap_sync_states" ADD CONSTRAINT "imap_sync_states_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_thread_messages_account_mailbox_message_unique" ON "email_thread_messages" USING btree ("account_id","user_email_id","message_id");--> statement-breakpoint
CREATE INDEX "email_thread_messages_account_thread_idx" ON "email_thread_messages" USING btree ("account_id","thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_thread_messages_account_message_idx" ON "email_thread_messages" USING btree ("account_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_threads_account_enrolment_unique" ON "email_threads" USING btree ("account_id","enrolment_id");--> statement-breakpoint
CREATE INDEX "email_threads_account_last_idx" ON "email_threads" USING btree ("account_id","last_message_at");--> statement-breakpoint
CREATE INDEX "email_threads_account_prospect_email_idx" ON "email_threads" USING btree ("account_id","prospect_email");--> statement-breakpoint
CREATE UNIQUE INDEX "imap_sync_states_mailbox_folder_unique" ON "imap_sync_states" USING btree ("user_email_id","folder");--> statement-breakpoint
CREATE INDEX "imap_sync_states_account_idx" ON "imap_sync_states" USING btree ("account_id");