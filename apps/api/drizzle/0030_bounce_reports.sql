CREATE TABLE "bounce_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bounce_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_email_id" integer,
	"message_id" text NOT NULL,
	"original_message_id" text,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"smtp_code" integer,
	"class" text NOT NULL,
	"reason" text NOT NULL,
	"diagnostic" text,
	"campaign_email_id" integer,
	"matched_by" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bounce_reports_class_check" CHECK ("bounce_reports"."class" in ('permanent', 'temporary', 'policy', 'complaint')),
	CONSTRAINT "bounce_reports_recipient_lower_check" CHECK ("bounce_reports"."recipient" = lower("bounce_reports"."recipient"))
);
--> statement-breakpoint
ALTER TABLE "blacklisted_domains" DROP CONSTRAINT "blacklisted_domains_reason_check";--> statement-breakpoint
ALTER TABLE "blacklisted_emails" DROP CONSTRAINT "blacklisted_emails_reason_check";--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD CONSTRAINT "bounce_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD CONSTRAINT "bounce_reports_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD CONSTRAINT "bounce_reports_campaign_email_id_campaign_emails_id_fk" FOREIGN KEY ("campaign_email_id") REFERENCES "public"."campaign_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bounce_reports_account_message_recipient_unique" ON "bounce_reports" USING btree ("account_id","message_id","recipient");--> statement-breakpoint
CREATE INDEX "bounce_reports_account_recipient_idx" ON "bounce_reports" USING btree ("account_id","recipient","received_at");--> statement-breakpoint
CREATE INDEX "bounce_reports_account_mailbox_class_idx" ON "bounce_reports" USING btree ("account_id","user_email_id","class","received_at");--> statement-breakpoint
ALTER TABLE "blacklisted_domains" ADD CONSTRAINT "blacklisted_domains_reason_check" CHECK ("blacklisted_domains"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained'));--> statement-breakpoint
ALTER TABLE "blacklisted_emails" ADD CONSTRAINT "blacklisted_emails_reason_check" CHECK ("blacklisted_emails"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained'));