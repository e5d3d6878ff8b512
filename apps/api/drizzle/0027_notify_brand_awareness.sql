-- Custom SQL migration: accounts' in-app notifications hear of a LinkedIn post that failed and a LinkedIn connection that expired (new events; new accounts get them by default).
UPDATE "campaign_notifications" SET "events" = "events" || ARRAY['social_post_failed']::text[], "updated_at" = now() WHERE "provider" = 'in_app' AND NOT ('social_post_failed' = ANY("events"));--> statement-breakpoint
UPDATE "campaign_notifications" SET "events" = "events" || ARRAY['social_profile_expired']::text[], "updated_at" = now() WHERE "provider" = 'in_app' AND NOT ('social_profile_expired' = ANY("events"));
