DROP INDEX "events_mentor_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating" numeric(2, 1) GENERATED ALWAYS AS (case when reviews_count = 0 then 5.0 else round(review_stars_sum::numeric / reviews_count, 1) end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_mentor_rating_idx" ON "users" USING btree ("rating" DESC NULLS FIRST,"reviews_count" DESC NULLS FIRST,"id") WHERE "users"."role" = 'mentor';--> statement-breakpoint
CREATE INDEX "events_mentor_idx" ON "events" USING btree ("mentor_id","starts_at","duration_minutes","is_public","is_canceled");