CREATE TABLE "application_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_team" boolean NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"attachment_storage_key" text,
	"attachment_name" text,
	"attachment_content_type" text,
	"attachment_size" integer,
	"attachment_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_messages_attachment_storage_key_unique" UNIQUE("attachment_storage_key")
);
--> statement-breakpoint
CREATE TABLE "application_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_key" text,
	"message" text NOT NULL,
	"due_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"answer_text" text,
	"answer_document_id" uuid,
	CONSTRAINT "application_requests_kind_check" CHECK ("application_requests"."kind" in ('document', 'information')),
	CONSTRAINT "application_requests_document_check" CHECK (("application_requests"."kind" = 'document') = ("application_requests"."document_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "stage_times" (
	"status" text PRIMARY KEY NOT NULL,
	"working_days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_times_days_check" CHECK ("stage_times"."working_days" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "atas_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "request_due_on" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "applicant_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "team_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "after_offer" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_answer_document_id_application_documents_id_fk" FOREIGN KEY ("answer_document_id") REFERENCES "public"."application_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_times" ADD CONSTRAINT "stage_times_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_messages_application_idx" ON "application_messages" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_requests_application_idx" ON "application_requests" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_owner_created_idx" ON "applications" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_stage_due_idx" ON "applications" USING btree ("stage_due_at") WHERE "applications"."stage_due_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_request_due_idx" ON "applications" USING btree ("request_due_on") WHERE "applications"."request_due_on" is not null;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_outcome_check" CHECK ("applications"."outcome" is null or "applications"."outcome" in ('withdrawn', 'unsuccessful'));