ALTER TABLE "applications" ADD COLUMN "awaiting_decision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "offer_awaiting_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_awaiting_decision_idx" ON "applications" USING btree ("created_at" DESC NULLS LAST,"status") WHERE "applications"."awaiting_decision";--> statement-breakpoint
CREATE INDEX "applications_offer_awaiting_reply_idx" ON "applications" USING btree ("created_at" DESC NULLS LAST,"status") WHERE "applications"."offer_awaiting_reply";--> statement-breakpoint
-- D18: the flags of the open applications there are, from their choices (as the service keeps them)
UPDATE "applications" a SET
  "awaiting_decision" = EXISTS (SELECT 1 FROM "application_choices" c WHERE c."application_id" = a."id" AND c."sent_on" IS NOT NULL AND c."decision" IS NULL),
  "offer_awaiting_reply" = EXISTS (SELECT 1 FROM "application_choices" c WHERE c."application_id" = a."id" AND c."decision" IN ('conditional_offer', 'unconditional_offer') AND c."reply" IS NULL)
WHERE a."outcome" IS NULL;
