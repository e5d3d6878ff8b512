CREATE TABLE "sending_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sending_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"domain" text NOT NULL,
	"status" text NOT NULL,
	"checks" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_email_id" integer NOT NULL,
	"kind" text NOT NULL,
	"secret" text NOT NULL,
	"state" text DEFAULT 'untested' NOT NULL,
	"error" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"domain" text NOT NULL,
	"sender_name" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_security" text NOT NULL,
	"smtp_username" text NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_security" text NOT NULL,
	"imap_username" text NOT NULL,
	"sent_folder" text,
	"daily_limit" integer NOT NULL,
	"hourly_limit" integer NOT NULL,
	"min_gap_seconds" integer NOT NULL,
	"warmup_enabled" boolean DEFAULT false NOT NULL,
	"warmup_start" integer DEFAULT 10 NOT NULL,
	"warmup_increase" integer DEFAULT 5 NOT NULL,
	"warmup_ceiling" integer DEFAULT 50 NOT NULL,
	"warmup_started_on" date,
	"dkim_selector" text,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"last_test" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_emails_status_check" CHECK ("user_emails"."status" in ('active', 'paused', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_emails" ADD CONSTRAINT "user_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_account_domain_idx" ON "sending_domains" USING btree ("account_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "user_credentials_mailbox_kind_idx" ON "user_credentials" USING btree ("user_email_id","kind");--> statement-breakpoint
CREATE INDEX "user_credentials_account_idx" ON "user_credentials" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_account_email_idx" ON "user_emails" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "user_emails_account_domain_idx" ON "user_emails" USING btree ("account_id","domain");