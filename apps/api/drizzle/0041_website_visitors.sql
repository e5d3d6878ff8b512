CREATE TABLE "campaign_link_settings" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prospect_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"campaign_id" integer,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"code" text NOT NULL,
	"website_url" text,
	"gtm_container_id" text,
	"link_target_url" text,
	"last_check" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_codes_gtm_check" CHECK ("tracking_codes"."gtm_container_id" is null or "tracking_codes"."gtm_container_id" ~ '^GTM-[A-Z0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "tracking_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_page_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "website_page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"url" text NOT NULL,
	"path" text NOT NULL,
	"title" text,
	"referrer" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_visitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "website_visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"network_key" text NOT NULL,
	"network_kind" text NOT NULL,
	"company_name" text,
	"domain" text,
	"company_key" text,
	"signal" text,
	"confidence" real,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wrong_company_at" timestamp with time zone,
	"wrong_company_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_visitors_kind_check" CHECK ("website_visitors"."network_kind" in ('business', 'education', 'isp', 'mobile', 'hosting', 'unknown')),
	CONSTRAINT "website_visitors_signal_check" CHECK ("website_visitors"."signal" is null or "website_visitors"."signal" in ('asn_owner', 'reverse_dns', 'personal_link'))
);
--> statement-breakpoint
CREATE TABLE "website_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "website_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"prospect_id" integer,
	"campaign_id" integer,
	"consent" text DEFAULT 'cookieless' NOT NULL,
	"network" text,
	"country" text,
	"landing_url" text NOT NULL,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signalled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_link_settings" ADD CONSTRAINT "campaign_link_settings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_link_settings" ADD CONSTRAINT "campaign_link_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_links" ADD CONSTRAINT "prospect_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_links" ADD CONSTRAINT "prospect_links_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_links" ADD CONSTRAINT "prospect_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_codes" ADD CONSTRAINT "tracking_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_views" ADD CONSTRAINT "website_page_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_views" ADD CONSTRAINT "website_page_views_visit_id_website_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."website_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_views" ADD CONSTRAINT "website_page_views_visitor_id_website_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."website_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_visitors" ADD CONSTRAINT "website_visitors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_visitors" ADD CONSTRAINT "website_visitors_wrong_company_by_users_id_fk" FOREIGN KEY ("wrong_company_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_visits" ADD CONSTRAINT "website_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_visits" ADD CONSTRAINT "website_visits_visitor_id_website_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."website_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_visits" ADD CONSTRAINT "website_visits_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_visits" ADD CONSTRAINT "website_visits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_links_token_unique" ON "prospect_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_links_prospect_campaign_unique" ON "prospect_links" USING btree ("account_id","prospect_id",coalesce("campaign_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_codes_account_unique" ON "tracking_codes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_codes_code_unique" ON "tracking_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "website_page_views_account_visitor_idx" ON "website_page_views" USING btree ("account_id","visitor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "website_page_views_visit_idx" ON "website_page_views" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_visitors_account_network_unique" ON "website_visitors" USING btree ("account_id","network_key");--> statement-breakpoint
CREATE INDEX "website_visitors_account_last_seen_idx" ON "website_visitors" USING btree ("account_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "website_visitors_account_domain_idx" ON "website_visitors" USING btree ("account_id","domain");--> statement-breakpoint
CREATE INDEX "website_visits_account_session_idx" ON "website_visits" USING btree ("account_id","session_hash","last_seen_at");--> statement-breakpoint
CREATE INDEX "website_visits_account_visitor_idx" ON "website_visits" USING btree ("account_id","visitor_id","started_at");--> statement-breakpoint
CREATE INDEX "website_visits_account_prospect_idx" ON "website_visits" USING btree ("account_id","prospect_id","started_at");