DROP INDEX "events_list_price_idx";--> statement-breakpoint
DROP INDEX "events_list_category_price_idx";--> statement-breakpoint
CREATE INDEX "events_list_price_idx" ON "events" USING btree ("price","id","starts_at") WHERE "events"."is_public" and not "events"."is_canceled";--> statement-breakpoint
CREATE INDEX "events_list_category_price_idx" ON "events" USING btree ("category","price","id","starts_at") WHERE "events"."is_public" and not "events"."is_canceled";