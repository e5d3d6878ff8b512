-- The inbox list's totals are kept under the write epoch (db/epoch-cache.ts): every change to what they
-- count is announced on `app_changes` at commit, as migration 0011 does for the persona pages, so each
-- API instance on this PostgreSQL drops them. Statement-level: a sync run's batch announces once per statement.
CREATE TRIGGER email_threads_app_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON email_threads FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();--> statement-breakpoint
CREATE TRIGGER email_thread_messages_app_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON email_thread_messages FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();--> statement-breakpoint
CREATE TRIGGER prospects_app_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prospects FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
