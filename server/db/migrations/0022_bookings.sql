CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultant_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topic" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"user_id" uuid,
	"application_id" uuid,
	"room_name" text NOT NULL,
	"manage_token_hash" text NOT NULL,
	"client_hash" text NOT NULL,
	"staff_note" text,
	"reminded_24h_at" timestamp with time zone,
	"reminded_1h_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'cancelled', 'held', 'no_show')),
	CONSTRAINT "bookings_channel_check" CHECK ("bookings"."channel" in ('video', 'whatsapp')),
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "consultant_availability" (
	"consultant_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"breaks" jsonb NOT NULL,
	"dates_off" jsonb NOT NULL,
	"extra_hours" jsonb NOT NULL,
	"meeting_minutes" integer DEFAULT 30 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"minimum_notice_hours" integer DEFAULT 12 NOT NULL,
	"booking_window_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultant_availability_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "instant_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultant_id" text,
	"purpose" text NOT NULL,
	"room_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instant_meetings_room_name_unique" UNIQUE("room_name")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_availability" ADD CONSTRAINT "consultant_availability_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_availability" ADD CONSTRAINT "consultant_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_meetings" ADD CONSTRAINT "instant_meetings_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_room_name_idx" ON "bookings" USING btree ("room_name");--> statement-breakpoint
CREATE INDEX "bookings_consultant_starts_idx" ON "bookings" USING btree ("consultant_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_email_starts_idx" ON "bookings" USING btree (lower("email"),"starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_starts_idx" ON "bookings" USING btree ("client_hash","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "instant_meetings_created_idx" ON "instant_meetings" USING btree ("created_at");--> statement-breakpoint
-- Written by hand (drizzle-kit has no exclusion constraints): the database refuses two bookings of
-- one consultant whose times overlap; a cancelled booking no longer holds its time (decision 0038).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("consultant_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled');
