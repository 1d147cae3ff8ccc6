CREATE TABLE "conference_waits" (
	"content_type" "conference_content_type" NOT NULL,
	"object_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conference_waits_content_type_object_id_user_id_pk" PRIMARY KEY("content_type","object_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conference_waits" ADD CONSTRAINT "conference_waits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;