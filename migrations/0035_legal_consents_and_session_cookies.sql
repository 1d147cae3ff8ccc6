CREATE TYPE "public"."legal_document" AS ENUM('privacy_policy', 'public_offer');--> statement-breakpoint
CREATE TABLE "legal_consents" (
	"user_id" integer NOT NULL,
	"document" "legal_document" NOT NULL,
	"version" varchar(32) NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_consents_user_id_document_version_pk" PRIMARY KEY("user_id","document","version")
);
--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "persistent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_consents" ADD CONSTRAINT "legal_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;