ALTER TABLE "consultation_bookings" ADD COLUMN "type_name" varchar(255);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "service_title" varchar(255);