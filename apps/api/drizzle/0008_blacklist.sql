CREATE TABLE "blacklisted_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blacklisted_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"domain" text NOT NULL,
	"reason" text DEFAULT 'manual' NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklisted_domains_reason_check" CHECK ("blacklisted_domains"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'replied')),
	CONSTRAINT "blacklisted_domains_domain_lower_check" CHECK ("blacklisted_domains"."domain" = lower("blacklisted_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "blacklisted_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blacklisted_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT 'manual' NOT NULL,
	"details" text,
	"campaign_email_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklisted_emails_reason_check" CHECK ("blacklisted_emails"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'replied')),
	CONSTRAINT "blacklisted_emails_email_lower_check" CHECK ("blacklisted_emails"."email" = lower("blacklisted_emails"."email"))
);
--> statement-breakpoint
ALTER TABLE "blacklisted_domains" ADD CONSTRAINT "blacklisted_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklisted_emails" ADD CONSTRAINT "blacklisted_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blacklisted_domains_account_domain_unique" ON "blacklisted_domains" USING btree ("account_id","domain");--> statement-breakpoint
CREATE INDEX "blacklisted_domains_account_created_idx" ON "blacklisted_domains" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklisted_emails_account_email_unique" ON "blacklisted_emails" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "blacklisted_emails_account_created_idx" ON "blacklisted_emails" USING btree ("account_id","created_at");