CREATE TABLE "social_post_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_post_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"virtual_employee_id" integer NOT NULL,
	"social_network" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"posts_per_week" smallint DEFAULT 2 NOT NULL,
	"days" jsonb DEFAULT '[2,4]'::jsonb NOT NULL,
	"time" text DEFAULT '09:30' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"tone" text DEFAULT 'professional' NOT NULL,
	"approval" text DEFAULT 'required' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"virtual_employee_id" integer NOT NULL,
	"social_network" text NOT NULL,
	"topic" text NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"written_by" text DEFAULT 'composer' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" integer,
	"claimed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"external_id" text,
	"external_url" text,
	"error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"virtual_employee_id" integer NOT NULL,
	"social_network" text NOT NULL,
	"member_id" text NOT NULL,
	"name" text,
	"email" text,
	"picture_url" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"connected_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_post_settings" ADD CONSTRAINT "social_post_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_settings" ADD CONSTRAINT "social_post_settings_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD CONSTRAINT "social_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD CONSTRAINT "social_profiles_virtual_employee_id_virtual_employees_id_fk" FOREIGN KEY ("virtual_employee_id") REFERENCES "public"."virtual_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD CONSTRAINT "social_profiles_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_post_settings_employee_network_unique" ON "social_post_settings" USING btree ("virtual_employee_id","social_network");--> statement-breakpoint
CREATE INDEX "social_post_settings_account_idx" ON "social_post_settings" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_posts_employee_slot_unique" ON "social_posts" USING btree ("virtual_employee_id","social_network","scheduled_at");--> statement-breakpoint
CREATE INDEX "social_posts_account_scheduled_idx" ON "social_posts" USING btree ("account_id","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_profiles_employee_network_unique" ON "social_profiles" USING btree ("virtual_employee_id","social_network");--> statement-breakpoint
CREATE INDEX "social_profiles_account_idx" ON "social_profiles" USING btree ("account_id");