ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (forma_event_search_text(title, description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (forma_mentor_search_text(first_name, last_name, tg_title, specialization, skills, description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_list_starts_idx" ON "events" USING btree ("starts_at","id") WHERE "events"."is_public" and not "events"."is_canceled";--> statement-breakpoint
CREATE INDEX "events_list_price_idx" ON "events" USING btree ("price","id") WHERE "events"."is_public" and not "events"."is_canceled";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WHERE "users"."role" = 'mentor';