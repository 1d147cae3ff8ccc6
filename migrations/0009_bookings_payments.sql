ALTER TYPE "public"."dispute_status" ADD VALUE 'resolved_partial' BEFORE 'resolved_release';--> statement-breakpoint
CREATE TABLE "sandbox_provider_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(32) NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provider_objects_kind" CHECK ("sandbox_provider_objects"."kind" in ('payment', 'payout', 'refund')),
	CONSTRAINT "sandbox_provider_objects_amount" CHECK ("sandbox_provider_objects"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "consultation_slots" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "refund_kopecks" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_provider_objects_idem_uq" ON "sandbox_provider_objects" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "consultation_bookings_hold_idx" ON "consultation_bookings" USING btree ("hold_expires_at") WHERE "consultation_bookings"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "event_registrations_hold_idx" ON "event_registrations" USING btree ("hold_expires_at") WHERE "event_registrations"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "payments_held_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'succeeded';