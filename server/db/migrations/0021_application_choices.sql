CREATE TABLE "application_choice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choice_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_choice_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "application_choice_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"choice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"university_id" text NOT NULL,
	"university_name" text NOT NULL,
	"program_id" text,
	"program_name" text,
	"sent_on" date,
	"reference" text,
	"decision" text,
	"decided_at" timestamp with time zone,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions_met_on" date,
	"reason" text,
	"reply_deadline" date,
	"reply" text,
	"replied_at" timestamp with time zone,
	"reminders_sent" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_choices_position_unique" UNIQUE("application_id","position"),
	CONSTRAINT "application_choices_university_unique" UNIQUE("application_id","university_id"),
	CONSTRAINT "application_choices_decision_check" CHECK (decision is null or decision in ('conditional_offer', 'unconditional_offer', 'unsuccessful', 'withdrawn')),
	CONSTRAINT "application_choices_reply_check" CHECK (reply is null or (reply in ('firm', 'insurance', 'declined') and decision in ('conditional_offer', 'unconditional_offer'))),
	CONSTRAINT "application_choices_position_check" CHECK ("application_choices"."position" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "application_choice_documents" ADD CONSTRAINT "application_choice_documents_choice_id_application_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."application_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choice_documents" ADD CONSTRAINT "application_choice_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choice_documents" ADD CONSTRAINT "application_choice_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choice_events" ADD CONSTRAINT "application_choice_events_choice_id_application_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."application_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choice_events" ADD CONSTRAINT "application_choice_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_choice_documents_choice_idx" ON "application_choice_documents" USING btree ("choice_id","created_at");--> statement-breakpoint
CREATE INDEX "application_choice_events_choice_idx" ON "application_choice_events" USING btree ("choice_id","created_at");--> statement-breakpoint
CREATE INDEX "application_choices_awaiting_decision_idx" ON "application_choices" USING btree ("application_id") WHERE "application_choices"."sent_on" is not null and "application_choices"."decision" is null;--> statement-breakpoint
CREATE INDEX "application_choices_awaiting_reply_idx" ON "application_choices" USING btree ("application_id") WHERE "application_choices"."decision" in ('conditional_offer', 'unconditional_offer') and "application_choices"."reply" is null;--> statement-breakpoint
CREATE INDEX "application_choices_reply_deadline_idx" ON "application_choices" USING btree ("reply_deadline") WHERE "application_choices"."reply_deadline" is not null and "application_choices"."reply" is null;--> statement-breakpoint
-- D18: every existing application gets its choices, the chosen program's university first, then the
-- other picked universities in pick order; its status becomes the matching state of its choices.
INSERT INTO "application_choices" ("application_id", "position", "university_id", "university_name", "program_id", "program_name", "created_at", "updated_at")
SELECT a."id", 1, a."university_id", a."university_name", a."program_id", a."program_name", a."created_at", a."created_at"
FROM "applications" a;--> statement-breakpoint
INSERT INTO "application_choices" ("application_id", "position", "university_id", "university_name", "created_at", "updated_at")
SELECT p."application_id", 1 + row_number() OVER (PARTITION BY p."application_id" ORDER BY p."ord"), p."university_id", u."name", p."created_at", p."created_at"
FROM (
  SELECT DISTINCT ON (a."id", pick."university_id") a."id" AS "application_id", a."created_at", pick."university_id", pick."ord"
  FROM "applications" a, unnest(a."picked_university_ids") WITH ORDINALITY AS pick("university_id", "ord")
  WHERE pick."university_id" <> a."university_id"
  ORDER BY a."id", pick."university_id", pick."ord"
) p
JOIN "universities" u ON u."id" = p."university_id";--> statement-breakpoint
-- applied and beyond: every choice was sent on the day the application moved to applied
UPDATE "application_choices" c
SET "sent_on" = (coalesce(
      (SELECT min(e."created_at") FROM "application_status_events" e WHERE e."application_id" = a."id" AND e."status" = 'applied'),
      a."last_status_update") AT TIME ZONE 'UTC')::date
FROM "applications" a
WHERE a."id" = c."application_id" AND a."status" IN ('applied', 'offered', 'accepted');--> statement-breakpoint
-- offered: an offer on the first choice, as the after-offer facts describe it
UPDATE "application_choices" c
SET "decision" = CASE WHEN a."after_offer"->>'offerType' = 'unconditional' THEN 'unconditional_offer' ELSE 'conditional_offer' END,
    "decided_at" = coalesce(
      (SELECT min(e."created_at") FROM "application_status_events" e WHERE e."application_id" = a."id" AND e."status" = 'offered'),
      a."last_status_update"),
    "conditions" = CASE WHEN coalesce(btrim(a."after_offer"->>'conditions'), '') = '' THEN '[]'::jsonb ELSE jsonb_build_array(btrim(a."after_offer"->>'conditions')) END,
    "conditions_met_on" = (a."after_offer"->>'conditionsMetOn')::date
FROM "applications" a
WHERE a."id" = c."application_id" AND c."position" = 1 AND a."status" = 'offered';--> statement-breakpoint
-- accepted: the first choice's offer is the student's firm one, and unconditional
UPDATE "application_choices" c
SET "decision" = 'unconditional_offer',
    "decided_at" = coalesce(
      (SELECT min(e."created_at") FROM "application_status_events" e WHERE e."application_id" = a."id" AND e."status" = 'offered'),
      a."last_status_update"),
    "conditions" = CASE WHEN coalesce(btrim(a."after_offer"->>'conditions'), '') = '' THEN '[]'::jsonb ELSE jsonb_build_array(btrim(a."after_offer"->>'conditions')) END,
    "conditions_met_on" = coalesce((a."after_offer"->>'conditionsMetOn')::date,
      CASE WHEN coalesce(btrim(a."after_offer"->>'conditions'), '') = '' THEN NULL ELSE (a."last_status_update" AT TIME ZONE 'UTC')::date END),
    "reply" = 'firm',
    "replied_at" = a."last_status_update"
FROM "applications" a
WHERE a."id" = c."application_id" AND c."position" = 1 AND a."status" = 'accepted';--> statement-breakpoint
INSERT INTO "application_choice_events" ("choice_id", "kind", "details", "created_at")
SELECT c."id", 'migrated', jsonb_build_object('status', a."status"), now()
FROM "application_choices" c JOIN "applications" a ON a."id" = c."application_id";
