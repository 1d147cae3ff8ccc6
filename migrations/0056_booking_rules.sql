ALTER TABLE "consultation_bookings" ADD COLUMN "cancel_cutoff_hours" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "min_notice_hours" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "buffer_before_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "buffer_after_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "horizon_days" smallint;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "daily_limit" smallint;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "cancel_cutoff_hours" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_min_notice" CHECK ("consultation_types"."min_notice_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_buffers" CHECK ("consultation_types"."buffer_before_minutes" between 0 and 720 and "consultation_types"."buffer_after_minutes" between 0 and 720);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_horizon" CHECK ("consultation_types"."horizon_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_daily_limit" CHECK ("consultation_types"."daily_limit" between 1 and 50);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_cancel_cutoff" CHECK ("consultation_types"."cancel_cutoff_hours" between 0 and 720);