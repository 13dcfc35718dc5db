ALTER TABLE "application_documents" DROP CONSTRAINT "application_documents_application_key_version_unique";--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "part" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_key_part_version_unique" UNIQUE("application_id","key","part","version");--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_part_check" CHECK ("application_documents"."part" between 1 and 9);