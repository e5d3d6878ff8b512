CREATE TABLE "live_event_counters" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"seq" bigint,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_event_counters" ADD CONSTRAINT "live_event_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_account_seq_unique" ON "live_events" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "live_events_committed_at_idx" ON "live_events" USING btree ("committed_at");--> statement-breakpoint
-- The live events' numbers (modules/live): taken at commit, from the account's counter row, so they are
-- dense per account and a later number never commits before an earlier one (the counter row stays locked
-- until the taking transaction ends). Deferred: the lock is held only for the commit itself, whatever
-- the transaction did before. The NOTIFY carries only "account:seq"; listeners read the rows.
CREATE OR REPLACE FUNCTION live_event_take_seq() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_seq bigint;
BEGIN
  -- Deleted again by its own transaction: it takes no number (a number is never skipped).
  PERFORM 1 FROM live_events WHERE id = NEW.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO live_event_counters AS c (account_id, seq) VALUES (NEW.account_id, 1)
    ON CONFLICT (account_id) DO UPDATE SET seq = c.seq + 1
    RETURNING c.seq INTO next_seq;
  UPDATE live_events SET seq = next_seq, committed_at = clock_timestamp() WHERE id = NEW.id;
  PERFORM pg_notify('live_events', NEW.account_id::text || ':' || next_seq::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER live_events_take_seq AFTER INSERT ON live_events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION live_event_take_seq();--> statement-breakpoint
-- A campaign email's state changes in many places (claim, send, review, stop, cancel): one event per
-- statement and campaign, written here in the changing transaction, so none is forgotten.
CREATE OR REPLACE FUNCTION live_campaign_emails_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO live_events (account_id, name, data)
    SELECT n.account_id, 'campaign_emails_changed',
           jsonb_build_object('campaign_id', n.campaign_id, 'ids', to_jsonb((array_agg(n.id ORDER BY n.id))[1:50]),
                              'statuses', to_jsonb(array_agg(DISTINCT n.status)), 'count', count(*))
    FROM new_rows n
    GROUP BY n.account_id, n.campaign_id;
  ELSE
    INSERT INTO live_events (account_id, name, data)
    SELECT n.account_id, 'campaign_emails_changed',
           jsonb_build_object('campaign_id', n.campaign_id, 'ids', to_jsonb((array_agg(n.id ORDER BY n.id))[1:50]),
                              'statuses', to_jsonb(array_agg(DISTINCT n.status)), 'count', count(*))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status
    GROUP BY n.account_id, n.campaign_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER campaign_emails_live_insert AFTER INSERT ON campaign_emails REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_campaign_emails_changed();--> statement-breakpoint
CREATE TRIGGER campaign_emails_live_update AFTER UPDATE ON campaign_emails REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_campaign_emails_changed();
