CREATE TABLE "catalogue_seed" (
	"id" integer PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_categories" (
	"name" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uk_cost_figures" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_gbp" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"source_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "duration" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "intake" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "tuition" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "category" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "tuition_gbp" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "fee_year" text;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "ielts_overall" real;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "ielts_min_component" real;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "english_equivalents" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "academic_level" text;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "academic_requirement" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "intakes" jsonb;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "duration_months" smallint;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "study_mode" text DEFAULT 'Full-time' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "categories" text[];--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "last_checked" date;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing rows move to the structured model; the first start after this migration seeds the
-- files' full values over them (catalogue_seed is empty), see docs/decisions/0016.
UPDATE "programs" SET
  "tuition_gbp" = coalesce(nullif(regexp_replace(coalesce("tuition", ''), '[^0-9]', '', 'g'), '')::integer, 0),
  "fee_year" = '2025/26',
  "ielts_overall" = coalesce(substring("requirements" from 'IELTS ([0-9]\.[05])')::real, 6.5),
  "ielts_min_component" = coalesce(substring("requirements" from 'IELTS [0-9]\.[05] overall[^0-9]*([0-9]\.[05])')::real, 6.0),
  "academic_level" = '',
  "intakes" = jsonb_build_array(jsonb_build_object('month', coalesce("intake", 'September'), 'deadline', null)),
  "duration_months" = coalesce(substring("duration" from '^([0-9]+) year')::integer * 12, 12),
  "categories" = ARRAY[coalesce("category", 'Business')];--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "tuition_gbp" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "fee_year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "ielts_overall" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "ielts_min_component" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "academic_level" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "intakes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "duration_months" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "categories" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" DROP COLUMN "duration";--> statement-breakpoint
ALTER TABLE "programs" DROP COLUMN "intake";--> statement-breakpoint
ALTER TABLE "programs" DROP COLUMN "tuition";--> statement-breakpoint
ALTER TABLE "programs" DROP COLUMN "category";--> statement-breakpoint
INSERT INTO "program_categories" ("name", "sort_order") VALUES ('Engineering', 0), ('Business', 1), ('IT', 2), ('Cybersecurity', 3), ('Tourism', 4) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "uk_cost_figures_kind_idx" ON "uk_cost_figures" USING btree ("kind","effective_from");
