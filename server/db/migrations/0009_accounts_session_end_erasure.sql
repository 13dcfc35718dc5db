CREATE TABLE "erased_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" text NOT NULL,
	"program_level" text NOT NULL,
	"university_id" text NOT NULL,
	"status" text NOT NULL,
	"submitted_month" date NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "erased_applications_erased_at_idx" ON "erased_applications" USING btree ("erased_at");--> statement-breakpoint
-- Finding 6: whatever ends a session (sign-out, sign out everywhere, a reset, a deactivation, an
-- invitation, an erased account) deletes its row; every instance hears of it and ends that
-- session's live streams. Delivered at commit.
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD."id"::text);
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"();
