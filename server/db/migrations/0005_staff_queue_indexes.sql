-- The staff queue (server/modules/staff/queue-repository.ts) at 100,000 applications: every
-- filter and sort it offers reads an index, and counts per status read the status index only.
-- The expressions must stay identical to the ones the queue queries use.
CREATE INDEX IF NOT EXISTS "applications_created_at_idx" ON "applications" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_status_created_at_idx" ON "applications" USING btree ("status", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_university_created_at_idx" ON "applications" USING btree ("university_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_program_created_at_idx" ON "applications" USING btree ("program_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_name_sort_idx" ON "applications" USING btree (lower("full_name"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_status_order_idx" ON "applications" USING btree (array_position(ARRAY['submitted','reviewed','applied','offered','accepted']::text[], "status"), "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_email_prefix_idx" ON "applications" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_search_idx" ON "applications" USING gin (to_tsvector('simple'::regconfig, "full_name" || ' ' || "email"));
