ALTER TABLE "application_documents" DROP CONSTRAINT "application_documents_application_key_unique";--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "state" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_key_version_unique" UNIQUE("application_id","key","version");--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_state_check" CHECK (state in ('received', 'verified', 'rejected'));