CREATE TABLE "recipient_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"mx" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recipient_domains_checked_idx" ON "recipient_domains" USING btree ("checked_at");