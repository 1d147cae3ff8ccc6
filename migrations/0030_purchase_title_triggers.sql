-- Issue 34, item 12 (decision 010, «What was bought»): a booking keeps its consultation type's name as it was when
-- booked, and a payment the name of what it paid for as it was when the payment was made, so a mentor renaming a type
-- or an event later can't change what a buyer's receipt, calendar or schedule says they bought. The database fills
-- both at insert, whoever inserts (the booking function of migration 0028, the deals, the seed, the tests), from the
-- rows themselves; what a caller passes is ignored. Rows from before are filled with today's names. Custom migration.
CREATE FUNCTION "forma_booking_type_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.name INTO NEW.type_name FROM consultation_types t WHERE t.id = NEW.consultation_type_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultation_bookings_type_name" BEFORE INSERT ON "consultation_bookings"
  FOR EACH ROW EXECUTE FUNCTION "forma_booking_type_name"();
--> statement-breakpoint
CREATE FUNCTION "forma_payment_service_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.booking_id IS NOT NULL THEN
    SELECT b.type_name INTO NEW.service_title FROM consultation_bookings b WHERE b.id = NEW.booking_id;
  ELSE
    SELECT e.title INTO NEW.service_title
    FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE r.id = NEW.registration_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_service_title" BEFORE INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "forma_payment_service_title"();
--> statement-breakpoint
UPDATE "consultation_bookings" b SET "type_name" = t.name FROM "consultation_types" t
  WHERE t.id = b.consultation_type_id AND b.type_name IS NULL;
--> statement-breakpoint
UPDATE "payments" p SET "service_title" = coalesce(
    (SELECT b.type_name FROM consultation_bookings b WHERE b.id = p.booking_id),
    (SELECT e.title FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE r.id = p.registration_id))
  WHERE p.service_title IS NULL;
