CREATE TABLE "linkedin_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linkedin_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"profile_url" text NOT NULL,
	"full_name" text,
	"headline" text,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persona_prospects" (
	"persona_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persona_prospects_persona_id_prospect_id_pk" PRIMARY KEY("persona_id","prospect_id")
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prospects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"linkedin_url" text,
	"email" text,
	"full_name" text,
	"first_name" text,
	"last_name" text,
	"headline" text,
	"title" text,
	"company" text,
	"location" text,
	"photo_url" text,
	"about" text,
	"source" text NOT NULL,
	"profile" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospects_source_check" CHECK ("prospects"."source" in ('extension', 'import', 'manual', 'search'))
);
--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_prospects" ADD CONSTRAINT "persona_prospects_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_prospects" ADD CONSTRAINT "persona_prospects_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_prospects" ADD CONSTRAINT "persona_prospects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_accounts_profile_url_unique" ON "linkedin_accounts" USING btree ("profile_url");--> statement-breakpoint
CREATE INDEX "linkedin_accounts_account_idx" ON "linkedin_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "persona_prospects_prospect_idx" ON "persona_prospects" USING btree ("prospect_id");--> statement-breakpoint
CREATE UNIQUE INDEX "personas_account_name_unique" ON "personas" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_account_linkedin_url_unique" ON "prospects" USING btree ("account_id","linkedin_url") WHERE "prospects"."linkedin_url" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_account_email_unique" ON "prospects" USING btree ("account_id",lower("email")) WHERE "prospects"."email" is not null;