CREATE TABLE "pending_objects" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "passport_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tracking_revoked_at" timestamp with time zone;--> statement-breakpoint
-- The masked view's hint for rows stored before encryption; the start-up job then encrypts them.
UPDATE "applications" SET "passport_hint" = right("passport_number", CASE WHEN length("passport_number") >= 8 THEN 4 ELSE 2 END) WHERE "passport_number" NOT LIKE 'enc1:%';
