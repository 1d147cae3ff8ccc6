CREATE TABLE "conference_sfu_sessions" (
	"session_id" varchar(128) PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference_sfu_sessions" ADD CONSTRAINT "conference_sfu_sessions_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_sfu_sessions" ADD CONSTRAINT "conference_sfu_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_sfu_sessions_conference_id_index" ON "conference_sfu_sessions" USING btree ("conference_id");