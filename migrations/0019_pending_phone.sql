ALTER TYPE "public"."login_code_purpose" ADD VALUE 'phone_change';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" varchar(16);--> statement-breakpoint
-- A phone that came through PATCH /users/me/ was never proven (issue 14): only an account registered by SMS (no
-- e-mail) proved its number with a code. The others keep theirs as a number to confirm, not one that signs in.
UPDATE "users" SET "pending_phone" = "phone", "phone" = NULL WHERE "email" IS NOT NULL AND "phone" IS NOT NULL;
