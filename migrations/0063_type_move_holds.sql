-- Issue 38 §1 (decision 024): a move to a dearer consultation type waits for its top-up. Custom migration.
--
-- 1. A move awaiting its top-up holds the slot it goes to until its hold runs out, as a mentor's proposal does
--    (migration 0061): no other booking may go live on it, by any path, refused as the live-slot index refuses a taken
--    slot. The move's own booking passes (the top-up moves it there). The function of 0061 with that branch.
CREATE OR REPLACE FUNCTION "forma_booking_proposal_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('pending_payment', 'paid') OR (TG_OP = 'UPDATE' AND NEW.slot_id = OLD.slot_id) THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM booking_move_proposals p JOIN consultation_bookings pb ON pb.id = p.booking_id
             WHERE p.slot_id = NEW.slot_id AND p.status = 'pending' AND p.expires_at > now()
               AND p.booking_id IS DISTINCT FROM NEW.id AND pb.status = 'paid')
     OR EXISTS (SELECT 1 FROM booking_type_moves m JOIN consultation_bookings mb ON mb.id = m.booking_id
                WHERE m.to_slot_id = NEW.slot_id AND m.status = 'awaiting_payment' AND m.hold_expires_at > now()
                  AND m.booking_id IS DISTINCT FROM NEW.id AND mb.status = 'paid') THEN
    RAISE EXCEPTION 'slot held by a move of another booking'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'consultation_bookings_live_slot_uq', TABLE = 'consultation_bookings';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- 2. A top-up names what it paid for as the booking will be named once moved: the new type's name (migration 0048's
--    function with that branch first).
CREATE OR REPLACE FUNCTION "forma_payment_service_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type_move_id IS NOT NULL THEN
    SELECT m.type_name_after INTO NEW.service_title FROM booking_type_moves m WHERE m.id = NEW.type_move_id;
  ELSIF NEW.booking_id IS NOT NULL THEN
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
