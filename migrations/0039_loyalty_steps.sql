ALTER TABLE "consultation_bookings" ADD COLUMN "regular_price" integer;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "discount_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "consultation_number" smallint;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "loyalty_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_discount" CHECK ("consultation_bookings"."discount_percent" between 0 and 50 and ("consultation_bookings"."regular_price" is null or "consultation_bookings"."price" = "consultation_bookings"."regular_price" - "consultation_bookings"."regular_price" * "consultation_bookings"."discount_percent" / 100)
        and ("consultation_bookings"."discount_percent" = 0 or ("consultation_bookings"."regular_price" is not null and "consultation_bookings"."consultation_number" >= 2)));