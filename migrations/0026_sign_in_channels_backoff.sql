CREATE TABLE "backoff_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backoff_counters_failures" CHECK ("backoff_counters"."failures" > 0)
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "channel" text;--> statement-breakpoint
CREATE INDEX "backoff_counters_next_try_at_index" ON "backoff_counters" USING btree ("next_try_at");