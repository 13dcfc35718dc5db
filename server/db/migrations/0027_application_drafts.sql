CREATE TABLE "application_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"link_hash" text,
	"email" text,
	"content" jsonb NOT NULL,
	"passport_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_drafts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "application_drafts_link_hash_unique" UNIQUE("link_hash"),
	CONSTRAINT "application_drafts_owner" CHECK (("application_drafts"."user_id" is not null) <> ("application_drafts"."link_hash" is not null and "application_drafts"."email" is not null))
);
--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_drafts_updated_at_idx" ON "application_drafts" USING btree ("updated_at");