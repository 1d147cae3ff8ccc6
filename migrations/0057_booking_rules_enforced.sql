-- Issue 38 §2 (decision 022): the booking rules a mentor sets per consultation type hold for every booking whoever
-- writes it (forma_book_slot, a package's booking, §1's move of a booking to another slot): a trigger refuses a live
-- booking that breaks one, and the slot picker offers only slots the same function lets through. Custom migration.

-- Which rule of its type a booking of the slot made at `p_at` would break, or null: 'notice' (it starts sooner than the
-- type's minimum notice after `p_at`), 'horizon' (later than the type's horizon after `p_at`), 'buffer' (a live booking of the mentor on another slot is
-- nearer to it than the larger of the two buffers between them: the earlier one's «after», the later one's «before»),
-- 'daily_limit' (the mentor already has the type's daily limit of live bookings, of all types, on the slot's day in the
-- mentor's time zone). Bookings of the slot itself don't count: a second booking of one slot is the live-slot index's
-- to refuse (slot_taken). Live as in worker/consultation-slots/live-booking.ts. The mentor's slots are found by
-- (mentor_id, starts_at); a slot lasts at most 1000 minutes (consultation_types_duration), which bounds the look back.
-- A slot that has already started is history, not a booking being made (every booking path refuses it as past): the
-- demo data and the tests write such bookings, and no rule applies to them.
CREATE FUNCTION "forma_booking_rule_broken"(p_slot_id integer, p_at timestamptz) RETURNS text
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
        AND bs.starts_at > s.starts_at - make_interval(mins => mb.buffer + 1000)
        AND bs.starts_at < s.ends_at + make_interval(mins => greatest(t.buffer_after_minutes, bt.buffer_before_minutes))
        AND bs.ends_at + make_interval(mins => greatest(bt.buffer_after_minutes, t.buffer_before_minutes)) > s.starts_at
        AND b.status IN ('pending_payment', 'paid', 'finished')
        AND (b.status <> 'pending_payment' OR b.hold_expires_at IS NULL OR b.hold_expires_at > now())) THEN 'buffer'
    WHEN t.daily_limit IS NOT NULL AND (
      SELECT count(*) FROM consultation_slots ds
      JOIN consultation_bookings b ON b.slot_id = ds.id
      WHERE ds.mentor_id = s.mentor_id AND ds.id <> s.id
        AND ds.starts_at >= date_trunc('day', s.starts_at AT TIME ZONE u.time_zone) AT TIME ZONE u.time_zone
        AND ds.starts_at < (date_trunc('day', s.starts_at AT TIME ZONE u.time_zone) + interval '1 day') AT TIME ZONE u.time_zone
        AND b.status IN ('pending_payment', 'paid', 'finished')
        AND (b.status <> 'pending_payment' OR b.hold_expires_at IS NULL OR b.hold_expires_at > now())) >= t.daily_limit THEN 'daily_limit'
  END
  FROM consultation_slots s
  JOIN consultation_types t ON t.id = s.consultation_type_id
  JOIN users u ON u.id = s.mentor_id
  -- the largest buffer among the mentor's types: 0 means no booking of this mentor can be too near another
  CROSS JOIN LATERAL (SELECT coalesce(max(greatest(x.buffer_before_minutes, x.buffer_after_minutes)), 0) AS buffer
                      FROM consultation_types x WHERE x.mentor_id = s.mentor_id) mb
  WHERE s.id = p_slot_id
$$;
--> statement-breakpoint

-- A booking that becomes live on a slot (inserted live, or moved to another slot) passes its type's rules; an insert
-- also keeps the type's cancellation cut-off on the booking, so a later edit of the type changes no booking made. The
-- buffers and the daily limit depend on the mentor's other bookings: two bookings of one mentor that could break them
-- together queue on an advisory lock keyed by the mentor (taken last, after the slot's and the booker's locks, and held
-- to the end of the transaction), so of two mentees booking the last place of a day at once exactly one wins. Each
-- statement of this volatile function reads with a fresh snapshot, so the second sees the first's booking. A rule
-- broken raises check_violation naming it (consultation_bookings_<rule>); the API maps it to its Russian refusal.
CREATE FUNCTION "forma_booking_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff smallint;
  shared boolean;
  own boolean;
  broken text;
BEGIN
  -- one read of the mentor's types (by their mentor_id index): the cut-off to keep, and whether any rule can apply. A
  -- mentor with no rules (most) pays nothing more: the booking races of the bench run through here.
  SELECT max(x.cancel_cutoff_hours) FILTER (WHERE x.id = NEW.consultation_type_id),
         coalesce(bool_or(x.daily_limit IS NOT NULL OR x.buffer_before_minutes > 0 OR x.buffer_after_minutes > 0), false),
         coalesce(bool_or(x.id = NEW.consultation_type_id AND (x.min_notice_hours > 0 OR x.horizon_days IS NOT NULL)), false)
    INTO cutoff, shared, own
    FROM consultation_types x WHERE x.mentor_id = NEW.mentor_id;
  IF TG_OP = 'INSERT' THEN
    NEW.cancel_cutoff_hours := coalesce(cutoff, 0);
  END IF;
  IF NEW.status NOT IN ('pending_payment', 'paid') OR (TG_OP = 'UPDATE' AND NEW.slot_id = OLD.slot_id) OR NOT (shared OR own) THEN
    RETURN NEW;
  END IF;
  IF shared THEN
    PERFORM pg_advisory_xact_lock(38002, NEW.mentor_id);
  END IF;
  -- a new booking is judged when it was made (its created_at: now() for every booking path, earlier for the demo
  -- data's history); a booking moved to another slot, now
  broken := forma_booking_rule_broken(NEW.slot_id, CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.created_at, now()) ELSE now() END);
  IF broken IS NOT NULL THEN
    RAISE EXCEPTION 'booking rule broken: %', broken
      USING ERRCODE = 'check_violation', CONSTRAINT = 'consultation_bookings_' || broken, TABLE = 'consultation_bookings';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultation_bookings_rules" BEFORE INSERT OR UPDATE OF "slot_id" ON "consultation_bookings"
  FOR EACH ROW EXECUTE FUNCTION "forma_booking_rules"();
