CREATE TABLE "commission_rates" (
	"university_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rate_bp" integer,
	"fixed_pence" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_kind_check" CHECK ((kind = 'percent' and rate_bp between 0 and 10000 and fixed_pence is null) or (kind = 'fixed' and fixed_pence >= 0 and rate_bp is null)),
	CONSTRAINT "commission_rates_kinds_check" CHECK (kind in ('percent', 'fixed'))
);
--> statement-breakpoint
CREATE TABLE "partner_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"partnership_id" uuid,
	"share_bp" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_organisations_partnership_unique" UNIQUE("partnership_id"),
	CONSTRAINT "partner_organisations_share_check" CHECK ("partner_organisations"."share_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "commission_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"partner_id" uuid,
	"university_id" text NOT NULL,
	"university_name" text NOT NULL,
	"program_name" text,
	"intake" text,
	"tuition_pence" integer NOT NULL,
	"rate_kind" text NOT NULL,
	"rate_bp" integer,
	"fixed_pence" integer,
	"share_bp" integer DEFAULT 0 NOT NULL,
	"agency_pence" integer NOT NULL,
	"partner_pence" integer NOT NULL,
	"status" text DEFAULT 'expected' NOT NULL,
	"invoiced_on" date,
	"paid_on" date,
	"cancelled_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_lines_application_unique" UNIQUE("application_id"),
	CONSTRAINT "commission_lines_status_check" CHECK (status in ('expected', 'invoiced', 'paid', 'cancelled')),
	CONSTRAINT "commission_lines_amounts_check" CHECK ("commission_lines"."tuition_pence" >= 0 and "commission_lines"."agency_pence" >= 0 and "commission_lines"."partner_pence" between 0 and "commission_lines"."agency_pence")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "partner_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_partner_id_partner_organisations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_organisations" ADD CONSTRAINT "partner_organisations_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_organisations" ADD CONSTRAINT "partner_organisations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_partner_id_partner_organisations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_members_partner_idx" ON "partner_members" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "commission_lines_partner_idx" ON "commission_lines" USING btree ("partner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_source_partner_id_partner_organisations_id_fk" FOREIGN KEY ("source_partner_id") REFERENCES "public"."partner_organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_source_partner_idx" ON "applications" USING btree ("source_partner_id","created_at" DESC NULLS LAST) WHERE "applications"."source_partner_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('applicant', 'consultant', 'catalogue_editor', 'admin', 'partner'));