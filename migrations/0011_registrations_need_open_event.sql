-- A registration can only become live on an event that is not canceled. The check sits in the trigger's
-- UPDATE of the event row: a registration inserted while cancel_event is running waits for the event's row
-- lock and then finds the event canceled, instead of surviving on it. Custom migration.
CREATE OR REPLACE FUNCTION "event_registrations_count_spots"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.status IN ('pending_payment', 'confirmed');
  is_live boolean := TG_OP <> 'DELETE' AND NEW.status IN ('pending_payment', 'confirmed');
BEGIN
  IF TG_OP = 'UPDATE' AND was_live AND is_live AND OLD.event_id <> NEW.event_id THEN
    RAISE EXCEPTION 'a registration cannot move to another event' USING ERRCODE = 'check_violation';
  END IF;
  IF is_live AND NOT was_live THEN
    UPDATE "events" SET "taken_spots" = "taken_spots" + 1 WHERE "id" = NEW.event_id AND NOT "is_canceled";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the event is canceled' USING ERRCODE = 'check_violation', CONSTRAINT = 'event_registrations_open_event';
    END IF;
  ELSIF was_live AND NOT is_live THEN
    UPDATE "events" SET "taken_spots" = "taken_spots" - 1 WHERE "id" = OLD.event_id;
  END IF;
  RETURN NULL;
END
$$;
