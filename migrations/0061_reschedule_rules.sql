-- Issue 38 §1 (decision 024): moving a booking to another slot. Custom migration.
--
-- 1. A booking being moved is judged without itself: forma_booking_rule_broken (migration 0057) counted every live
--    booking of the mentor, and the moved one still stands on its old slot while the trigger runs, so a move to a later
--    hour of the same day under a full daily limit, or by less than the buffer, was refused by the booking itself. The
--    three-argument form leaves out the booking `p_booking_id`.
CREATE FUNCTION "forma_booking_rule_broken"(p_slot_id integer, p_at timestamptz, p_booking_id integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN s.starts_at <= now() THEN NULL
    WHEN s.starts_at < p_at + make_interval(hours => t.min_notice_hours) THEN 'notice'
    WHEN t.horizon_days IS NOT NULL AND s.starts_at > p_at + make_interval(days => t.horizon_days) THEN 'horizon'
    WHEN mb.buffer > 0 AND EXISTS (
      SELECT 1 FROM consultation_slots bs
      JOIN consultation_bookings b ON b.slot_id = bs.id
      JOIN consultation_types bt ON bt.id = b.consultation_type_id
      WHERE bs.mentor_id = s.mentor_id AND bs.id <> s.id AND bs.deleted_at IS NULL
        AND b.id IS DISTINCT FROM p_booking_id
        AND bs.starts_at > s.starts_at - make_interval(mins => mb.buffer + 1000)
        AND bs.starts_at < s.ends_at + make_interval(mins => greatest(t.buffer_after_minutes, bt.buffer_before_minutes))
        AND bs.ends_at + make_interval(mins => greatest(bt.buffer_after_minutes, t.buffer_before_minutes)) > s.starts_at
        AND b.status IN ('pending_payment', 'paid', 'finished')
        AND (b.status <> 'pending_payment' OR b.hold_expires_at IS NULL OR b.hold_expires_at > now())) THEN 'buffer'
    WHEN t.daily_limit IS NOT NULL AND (
      SELECT count(*) FROM consultation_slots ds
      JOIN consultation_bookings b ON b.slot_id = ds.id
      WHERE ds.mentor_id = s.mentor_id AND ds.id <> s.id
        AND b.id IS DISTINCT FROM p_booking_id
        AND ds.starts_at >= date_trunc('day', s.starts_at AT TIME ZONE u.time_zone) AT TIME ZONE u.time_zone
        AND ds.starts_at < (date_trunc('day', s.starts_at AT TIME ZONE u.time_zone) + interval '1 day') AT TIME ZONE u.time_zone
        AND b.status IN ('pending_payment', 'paid', 'finished')
        AND (b.status <> 'pending_payment' OR b.hold_expires_at IS NULL OR b.hold_expires_at > now())) >= t.daily_limit THEN 'daily_limit'
  END
  FROM consultation_slots s
  JOIN consultation_types t ON t.id = s.consultation_type_id
  JOIN users u ON u.id = s.mentor_id
  CROSS JOIN LATERAL (SELECT coalesce(max(greatest(x.buffer_before_minutes, x.buffer_after_minutes)), 0) AS buffer
                      FROM consultation_types x WHERE x.mentor_id = s.mentor_id) mb
  WHERE s.id = p_slot_id
$$;
--> statement-breakpoint
-- The two-argument form, which the trigger of migration 0057 and the slot picker call, leaves out the booking a move
-- names for its own transaction (set_config('forma.moved_booking', id, true), worker/bookings/reschedule.queries.ts):
-- so the trigger itself stays as 0057 has it. Outside a move the setting is unset and nothing is left out.
CREATE OR REPLACE FUNCTION "forma_booking_rule_broken"(p_slot_id integer, p_at timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT forma_booking_rule_broken(p_slot_id, p_at, nullif(current_setting('forma.moved_booking', true), '')::integer)
$$;
--> statement-breakpoint
-- 2. A mentor's pending proposal to move a booking (booking_move_proposals) holds the proposed slot until it runs out
--    or is answered: no other booking may go live on it, by any path (a new booking, a package's, a move). Refused as
--    the live-slot index refuses a taken slot (23505 naming consultation_bookings_live_slot_uq), so every path already
--    answers «Это время уже занято». The proposal's own booking passes (accepting moves it there). A proposal whose
--    booking is no longer paid holds nothing. The proposal's insert locks the slot FOR UPDATE and every booking path
--    locks it FOR SHARE first, so a proposal and a booking of one slot never both go through.
CREATE FUNCTION "forma_booking_proposal_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('pending_payment', 'paid') OR (TG_OP = 'UPDATE' AND NEW.slot_id = OLD.slot_id) THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM booking_move_proposals p JOIN consultation_bookings pb ON pb.id = p.booking_id
             WHERE p.slot_id = NEW.slot_id AND p.status = 'pending' AND p.expires_at > now()
               AND p.booking_id IS DISTINCT FROM NEW.id AND pb.status = 'paid') THEN
    RAISE EXCEPTION 'slot held by a proposal to move a booking'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'consultation_bookings_live_slot_uq', TABLE = 'consultation_bookings';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultation_bookings_proposal_hold" BEFORE INSERT OR UPDATE OF "slot_id" ON "consultation_bookings"
  FOR EACH ROW EXECUTE FUNCTION "forma_booking_proposal_hold"();
