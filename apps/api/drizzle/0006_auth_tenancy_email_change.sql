CREATE TABLE "auth_mail_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_mail_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
DROP INDEX "users_uid_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holder_id" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unconfirmed_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undo_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undo_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undo_sent_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added: every existing user belongs to the brand of its account.
UPDATE "users" SET "holder_id" = "accounts"."holder_id" FROM "accounts" WHERE "accounts"."id" = "users"."account_id";--> statement-breakpoint
CREATE INDEX "auth_mail_sends_address_sent_at_idx" ON "auth_mail_sends" USING btree ("address","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_holder_email_unique" ON "users" USING btree ("holder_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_holder_uid_unique" ON "users" USING btree ("holder_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_change_token_hash_unique" ON "users" USING btree ("email_change_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_undo_token_hash_unique" ON "users" USING btree ("email_undo_token_hash");