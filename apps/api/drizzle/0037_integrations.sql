CREATE TABLE "integration_quota" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_quota_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"window" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"vendor_account_id" text DEFAULT '' NOT NULL,
	"prospect_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"record_id" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_syncs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'previewing' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preview" jsonb,
	"items" jsonb,
	"result" jsonb,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_syncs_status_check" CHECK ("integration_syncs"."status" in ('previewing', 'previewed', 'applying', 'applied', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "integration_writes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_writes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"integration_id" integer,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"prospect_id" integer,
	"record_id" text,
	"summary" text NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_status" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"next_attempt_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_writes_status_check" CHECK ("integration_writes"."status" in ('pending', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_message" text,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"vendor_account_id" text,
	"vendor_account_name" text,
	"instance_url" text,
	"scopes" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vendor_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"paused_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_status_check" CHECK ("integrations"."status" in ('connected', 'needs_reconnect', 'error'))
);
--> statement-breakpoint
ALTER TABLE "blacklisted_domains" DROP CONSTRAINT "blacklisted_domains_reason_check";--> statement-breakpoint
ALTER TABLE "blacklisted_emails" DROP CONSTRAINT "blacklisted_emails_reason_check";--> statement-breakpoint
ALTER TABLE "integration_quota" ADD CONSTRAINT "integration_quota_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_quota" ADD CONSTRAINT "integration_quota_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_records" ADD CONSTRAINT "integration_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_records" ADD CONSTRAINT "integration_records_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD CONSTRAINT "integration_syncs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD CONSTRAINT "integration_syncs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD CONSTRAINT "integration_syncs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_writes" ADD CONSTRAINT "integration_writes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_writes" ADD CONSTRAINT "integration_writes_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_writes" ADD CONSTRAINT "integration_writes_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_quota_window_unique" ON "integration_quota" USING btree ("integration_id","window","window_start");--> statement-breakpoint
CREATE INDEX "integration_quota_account_idx" ON "integration_quota" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_records_prospect_unique" ON "integration_records" USING btree ("account_id","provider","vendor_account_id","object_type","prospect_id");--> statement-breakpoint
CREATE INDEX "integration_records_record_idx" ON "integration_records" USING btree ("account_id","provider","record_id");--> statement-breakpoint
CREATE INDEX "integration_syncs_account_idx" ON "integration_syncs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_writes_account_key_unique" ON "integration_writes" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "integration_writes_account_integration_idx" ON "integration_writes" USING btree ("account_id","integration_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_provider_unique" ON "integrations" USING btree ("account_id","provider");--> statement-breakpoint
ALTER TABLE "blacklisted_domains" ADD CONSTRAINT "blacklisted_domains_reason_check" CHECK ("blacklisted_domains"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained', 'crm'));--> statement-breakpoint
ALTER TABLE "blacklisted_emails" ADD CONSTRAINT "blacklisted_emails_reason_check" CHECK ("blacklisted_emails"."reason" in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained', 'crm'));