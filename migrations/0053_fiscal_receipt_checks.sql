ALTER TABLE "fiscal_receipts" DROP CONSTRAINT "fiscal_receipts_attempts";--> statement-breakpoint
ALTER TABLE "sandbox_provider_objects" DROP CONSTRAINT "sandbox_provider_objects_kind";--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "remakes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "fiscal_receipts_due_idx" ON "fiscal_receipts" USING btree ("next_check_at") WHERE "fiscal_receipts"."status" <> 'succeeded';--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_attempts" CHECK ("fiscal_receipts"."attempts" >= 0 and "fiscal_receipts"."remakes" >= 0);--> statement-breakpoint
ALTER TABLE "sandbox_provider_objects" ADD CONSTRAINT "sandbox_provider_objects_kind" CHECK ("sandbox_provider_objects"."kind" in ('payment', 'payout', 'refund', 'self_employed', 'receipt'));