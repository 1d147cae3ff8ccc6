CREATE TYPE "public"."chat_room_kind" AS ENUM('direct', 'support');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "kind" "chat_room_kind" DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "support_user_id" integer;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_support_user_id_users_id_fk" FOREIGN KEY ("support_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_supportUserId_unique" UNIQUE("support_user_id");--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_kind_keys" CHECK (("chat_rooms"."kind" = 'direct' and "chat_rooms"."support_user_id" is null) or ("chat_rooms"."kind" = 'support' and "chat_rooms"."support_user_id" is not null and "chat_rooms"."direct_key" is null));