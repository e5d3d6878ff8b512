CREATE TABLE "import_changes" (
	"import_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"kind" text NOT NULL,
	"previous" jsonb,
	CONSTRAINT "import_changes_import_id_prospect_id_kind_pk" PRIMARY KEY("import_id","prospect_id","kind")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "linkedin_only_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "conflict_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "merges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "delimiter" text;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_import_id_import_jobs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;