ALTER TABLE "users" ADD COLUMN "mentor_no_show_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mentor_cancellation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mentor_reliability" CHECK ("users"."mentor_no_show_count" >= 0 and "users"."mentor_cancellation_count" >= 0);