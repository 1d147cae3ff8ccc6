-- Invariants that drizzle's schema DSL cannot express. Custom migration created with
-- `drizzle-kit generate --custom`; see docs/decisions/001-invariants-in-the-database.md.

-- A mentor's slots never overlap (half-open ranges: 10:00-11:00 and 11:00-12:00 may touch).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "consultation_slots"
  ADD CONSTRAINT "consultation_slots_no_overlap"
  EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);--> statement-breakpoint

-- events.taken_spots counts the live registrations (pending payment or confirmed). Keeping it in a trigger
-- means every path that adds a registration goes through the events_spots CHECK, and the row lock of the
-- UPDATE serialises concurrent registrations: an event can never be oversold.
CREATE FUNCTION "event_registrations_count_spots"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.status IN ('pending_payment', 'confirmed');
  is_live boolean := TG_OP <> 'DELETE' AND NEW.status IN ('pending_payment', 'confirmed');
BEGIN
  IF TG_OP = 'UPDATE' AND was_live AND is_live AND OLD.event_id <> NEW.event_id THEN
    RAISE EXCEPTION 'a registration cannot move to another event' USING ERRCODE = 'check_violation';
  END IF;
  IF is_live AND NOT was_live THEN
    UPDATE "events" SET "taken_spots" = "taken_spots" + 1 WHERE "id" = NEW.event_id;
  ELSIF was_live AND NOT is_live THEN
    UPDATE "events" SET "taken_spots" = "taken_spots" - 1 WHERE "id" = OLD.event_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_registrations_count_spots"
  AFTER INSERT OR UPDATE OF "status", "event_id" OR DELETE ON "event_registrations"
  FOR EACH ROW EXECUTE FUNCTION "event_registrations_count_spots"();
