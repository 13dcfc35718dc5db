CREATE TABLE "referral_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_messages_kind_check" CHECK ("referral_messages"."kind" in ('reply', 'invitation'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"referral_id" uuid,
	"partnership_id" uuid,
	"booking_id" uuid,
	"saved_guidance_id" uuid,
	"owner_id" uuid,
	"stage" text DEFAULT 'new' NOT NULL,
	"closed_reason" text,
	"follow_up_on" date,
	"reminded_for" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "leads_referral_id_unique" UNIQUE("referral_id"),
	CONSTRAINT "leads_partnership_id_unique" UNIQUE("partnership_id"),
	CONSTRAINT "leads_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "leads_saved_guidance_id_unique" UNIQUE("saved_guidance_id"),
	CONSTRAINT "leads_kind_check" CHECK (kind in ('referral', 'partnership', 'booking', 'guidance')),
	CONSTRAINT "leads_stage_check" CHECK (stage in ('new', 'contacted', 'applied', 'closed')),
	CONSTRAINT "leads_one_source" CHECK (num_nonnulls("leads"."referral_id", "leads"."partnership_id", "leads"."booking_id", "leads"."saved_guidance_id") = 1),
	CONSTRAINT "leads_closed_reason_check" CHECK (("leads"."stage" = 'closed') = ("leads"."closed_reason" is not null))
);
--> statement-breakpoint
-- issue 28: an application from before the source was recorded (or sent from the site) is 'direct'
UPDATE "applications" SET "source_kind" = 'direct' WHERE "source_kind" IS NULL;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "source_kind" SET DEFAULT 'direct';--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "source_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "student_language" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_told_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_told_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_status_events" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_referral_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "referrer_may_follow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD CONSTRAINT "referral_messages_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD CONSTRAINT "referral_messages_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_saved_guidance_id_saved_guidance_id_fk" FOREIGN KEY ("saved_guidance_id") REFERENCES "public"."saved_guidance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_messages_referral_idx" ON "referral_messages" USING btree ("referral_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_owner_stage_idx" ON "leads" USING btree ("owner_id","stage");--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("follow_up_on") WHERE "leads"."follow_up_on" is not null and "leads"."stage" <> 'closed';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_source_referral_id_referrals_id_fk" FOREIGN KEY ("source_referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "application_status_events_funnel_idx" ON "application_status_events" USING btree ("created_at","status","ended_at") WHERE "application_status_events"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_source_referral_idx" ON "applications" USING btree ("source_referral_id") WHERE "applications"."source_referral_id" is not null;--> statement-breakpoint
CREATE INDEX "applications_funnel_idx" ON "applications" USING btree ("created_at","source_kind","status","owner_id","university_id");--> statement-breakpoint
CREATE INDEX "saved_guidance_created_idx" ON "saved_guidance" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitation_token_hash_unique" UNIQUE("invitation_token_hash");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_source_kind_check" CHECK (source_kind in ('direct', 'referral', 'partner', 'booking'));--> statement-breakpoint
-- the funnel's time in status: each status event ends when the next one of its application begins
UPDATE "application_status_events" e SET "ended_at" = n."next_at"
FROM (
  SELECT "id", lead("created_at") OVER (PARTITION BY "application_id" ORDER BY "created_at", "id") AS "next_at"
  FROM "application_status_events"
) n
WHERE n."id" = e."id" AND n."next_at" IS NOT NULL;
