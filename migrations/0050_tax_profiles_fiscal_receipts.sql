CREATE TYPE "public"."fiscal_receipt_kind" AS ENUM('payment', 'settlement', 'refund');--> statement-breakpoint
CREATE TYPE "public"."fiscal_receipt_status" AS ENUM('not_sent', 'pending', 'succeeded', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."mentor_tax_status" AS ENUM('self_employed', 'individual_entrepreneur', 'none');--> statement-breakpoint
CREATE TYPE "public"."self_employed_status" AS ENUM('pending', 'confirmed', 'canceled', 'unregistered');--> statement-breakpoint
CREATE TABLE "fiscal_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "fiscal_receipt_kind" NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"booking_id" integer,
	"amount_kopecks" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"status" "fiscal_receipt_status" DEFAULT 'not_sent' NOT NULL,
	"provider_receipt_id" text,
	"fiscal_storage_number" text,
	"fiscal_document_number" text,
	"fiscal_attribute" text,
	"registered_at" timestamp with time zone,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_providerReceiptId_unique" UNIQUE("provider_receipt_id"),
	CONSTRAINT "fiscal_receipts_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "fiscal_receipts_one_uq" UNIQUE NULLS NOT DISTINCT("payment_id","kind","booking_id","refund_id"),
	CONSTRAINT "fiscal_receipts_amount_positive" CHECK ("fiscal_receipts"."amount_kopecks" > 0),
	CONSTRAINT "fiscal_receipts_attempts" CHECK ("fiscal_receipts"."attempts" >= 0),
	CONSTRAINT "fiscal_receipts_items_array" CHECK (jsonb_typeof("fiscal_receipts"."items") = 'array' and jsonb_array_length("fiscal_receipts"."items") > 0),
	CONSTRAINT "fiscal_receipts_refund_ref" CHECK (("fiscal_receipts"."kind" = 'refund') = ("fiscal_receipts"."refund_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "mentor_tax_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" "mentor_tax_status" NOT NULL,
	"inn" varchar(12),
	"phone" varchar(15),
	"legal_name" varchar(255),
	"self_employed_id" text,
	"self_employed_status" "self_employed_status",
	"confirmation_url" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_tax_profiles_selfEmployedId_unique" UNIQUE("self_employed_id"),
	CONSTRAINT "mentor_tax_profiles_inn_digits" CHECK ("mentor_tax_profiles"."inn" ~ '^[0-9]{12}$'),
	CONSTRAINT "mentor_tax_profiles_phone_digits" CHECK ("mentor_tax_profiles"."phone" ~ '^[0-9]{4,15}$'),
	CONSTRAINT "mentor_tax_profiles_legal_name_not_blank" CHECK (length(btrim("mentor_tax_profiles"."legal_name")) > 0),
	CONSTRAINT "mentor_tax_profiles_status_fields" CHECK (("mentor_tax_profiles"."status" <> 'individual_entrepreneur' or ("mentor_tax_profiles"."inn" is not null and "mentor_tax_profiles"."legal_name" is not null))
        and ("mentor_tax_profiles"."status" <> 'self_employed' or "mentor_tax_profiles"."inn" is not null or "mentor_tax_profiles"."phone" is not null)),
	CONSTRAINT "mentor_tax_profiles_permission" CHECK (("mentor_tax_profiles"."self_employed_id" is null or "mentor_tax_profiles"."status" = 'self_employed')
        and ("mentor_tax_profiles"."self_employed_id" is null) = ("mentor_tax_profiles"."self_employed_status" is null)
        and ("mentor_tax_profiles"."confirmation_url" is null or "mentor_tax_profiles"."self_employed_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "waiting_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "npd_receipt_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "npd_receipt_url" text;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_booking_id_consultation_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."consultation_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_tax_profiles" ADD CONSTRAINT "mentor_tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_receipts_refund_idx" ON "fiscal_receipts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_open_idx" ON "fiscal_receipts" USING btree ("updated_at") WHERE "fiscal_receipts"."status" in ('not_sent', 'pending');--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_waiting_while_pending" CHECK ("payouts"."waiting_reason" is null or "payouts"."status" = 'pending');