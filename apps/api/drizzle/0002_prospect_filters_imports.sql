CREATE TABLE "import_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"persona_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"merged_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"account_id" integer NOT NULL,
	"header" text NOT NULL,
	"field" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_account_id_header_pk" PRIMARY KEY("account_id","header")
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "company_domain" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "company_size" integer;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "sic_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "naics_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "technologies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "funding_stage" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "revenue" bigint;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "founded_year" integer;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "retail_location_count" integer;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "job_posted_at" date;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "management_level" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "seniority" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "subregion" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "company_location" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "keywords" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "intent_topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "job_changed_at" date;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(headline, '') || ' ' || coalesce(keywords, '') || ' ' || coalesce(company, '') || ' ' || coalesce(industry, '') || ' ' || coalesce(department, '') || ' ' || coalesce(about, ''))) STORED;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_account_idx" ON "import_jobs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "prospects_account_company_size_idx" ON "prospects" USING btree ("account_id","company_size");--> statement-breakpoint
CREATE INDEX "prospects_account_revenue_idx" ON "prospects" USING btree ("account_id","revenue");--> statement-breakpoint
CREATE INDEX "prospects_account_founded_year_idx" ON "prospects" USING btree ("account_id","founded_year");--> statement-breakpoint
CREATE INDEX "prospects_account_industry_idx" ON "prospects" USING btree ("account_id",lower("industry"));--> statement-breakpoint
CREATE INDEX "prospects_account_country_idx" ON "prospects" USING btree ("account_id",lower("country"));--> statement-breakpoint
CREATE INDEX "prospects_account_department_idx" ON "prospects" USING btree ("account_id",lower("department"));--> statement-breakpoint
CREATE INDEX "prospects_account_management_level_idx" ON "prospects" USING btree ("account_id",lower("management_level"));--> statement-breakpoint
CREATE INDEX "prospects_technologies_idx" ON "prospects" USING gin ("technologies");--> statement-breakpoint
CREATE INDEX "prospects_intent_topics_idx" ON "prospects" USING gin ("intent_topics");--> statement-breakpoint
CREATE INDEX "prospects_sic_codes_idx" ON "prospects" USING gin ("sic_codes");--> statement-breakpoint
CREATE INDEX "prospects_naics_codes_idx" ON "prospects" USING gin ("naics_codes");--> statement-breakpoint
CREATE INDEX "prospects_search_document_idx" ON "prospects" USING gin ("search_document");