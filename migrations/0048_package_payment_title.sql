-- Issue 36 (decision 006, «Packages»): a package's payment names what it paid for like any other (decision 010, «What
-- was bought»): the consultation type's name as the package kept it when bought. The function of migration 0030 with
-- the package's branch. Custom migration.
CREATE OR REPLACE FUNCTION "forma_payment_service_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.booking_id IS NOT NULL THEN
    SELECT b.type_name INTO NEW.service_title FROM consultation_bookings b WHERE b.id = NEW.booking_id;
  ELSIF NEW.package_id IS NOT NULL THEN
    SELECT p.type_name INTO NEW.service_title FROM consultation_packages p WHERE p.id = NEW.package_id;
  ELSE
    SELECT e.title INTO NEW.service_title
    FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE r.id = NEW.registration_id;
  END IF;
  RETURN NEW;
END
$$;
