CREATE TABLE "reliability_figures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sessions_held" integer DEFAULT 0 NOT NULL,
	"consultations_due" integer DEFAULT 0 NOT NULL,
	"consultations_attended" integer DEFAULT 0 NOT NULL,
	"bookings90d" integer DEFAULT 0 NOT NULL,
	"mentor_cancellations90d" integer DEFAULT 0 NOT NULL,
	"chats_opened" integer DEFAULT 0 NOT NULL,
	"chats_answered" integer DEFAULT 0 NOT NULL,
	"reply_median_seconds" integer,
	"mentee_due" integer DEFAULT 0 NOT NULL,
	"mentee_attended" integer DEFAULT 0 NOT NULL,
	"mentee_bookings90d" integer DEFAULT 0 NOT NULL,
	"mentee_late_cancellations90d" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reliability_figures_parts" CHECK ("reliability_figures"."sessions_held" >= 0 and "reliability_figures"."consultations_attended" between 0 and "reliability_figures"."consultations_due"
        and "reliability_figures"."mentor_cancellations90d" between 0 and "reliability_figures"."bookings90d" and "reliability_figures"."chats_answered" between 0 and "reliability_figures"."chats_opened"
        and "reliability_figures"."mentee_attended" between 0 and "reliability_figures"."mentee_due" and "reliability_figures"."mentee_late_cancellations90d" between 0 and "reliability_figures"."mentee_bookings90d"
        and ("reliability_figures"."reply_median_seconds" is null or "reliability_figures"."reply_median_seconds" >= 0))
);
--> statement-breakpoint
ALTER TABLE "reliability_figures" ADD CONSTRAINT "reliability_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;