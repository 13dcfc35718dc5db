ALTER TABLE "mail_outbox" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "group_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_group_idx" ON "mail_outbox" USING btree ("group_key","created_at") WHERE "mail_outbox"."group_key" is not null;