ALTER TABLE "users" ALTER COLUMN "price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "price" DROP NOT NULL;