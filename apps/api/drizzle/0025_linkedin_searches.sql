CREATE TABLE "linkedin_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linkedin_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"search_key" text NOT NULL,
	"kind" text NOT NULL,
	"added_count" integer DEFAULT 0 NOT NULL,
	"last_page" integer,
	"last_captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linkedin_searches_kind_check" CHECK ("linkedin_searches"."kind" in ('classic', 'sales_navigator'))
);
--> statement-breakpoint
ALTER TABLE "linkedin_searches" ADD CONSTRAINT "linkedin_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_searches" ADD CONSTRAINT "linkedin_searches_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_searches" ADD CONSTRAINT "linkedin_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_searches_persona_key_unique" ON "linkedin_searches" USING btree ("account_id","persona_id","search_key");--> statement-breakpoint
CREATE INDEX "linkedin_searches_persona_idx" ON "linkedin_searches" USING btree ("persona_id");