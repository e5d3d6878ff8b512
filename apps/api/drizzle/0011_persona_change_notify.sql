-- Every change to what the persona list shows is announced on the `app_changes` channel at commit, so
-- each API instance on this PostgreSQL drops its cached persona pages (db/write-epoch.ts). Statement-level:
-- a 60k-row import announces once per statement, and NOTIFY folds repeats within a transaction.
CREATE OR REPLACE FUNCTION notify_app_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER personas_app_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON personas FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();--> statement-breakpoint
CREATE TRIGGER persona_prospects_app_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON persona_prospects FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();--> statement-breakpoint
CREATE TRIGGER messaging_settings_app_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON messaging_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
