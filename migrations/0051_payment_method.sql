CREATE TYPE "public"."payment_method" AS ENUM('bank_card', 'sbp', 'other');--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_method" "payment_method";