ALTER TABLE "consultants" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "meeting_room" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "student_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "student_email" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "student_phone" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "study_interest" text;