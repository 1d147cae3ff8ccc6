-- Issue 34, item 4 (decision 010, «Free consultations»): one free consultation of a mentee with a mentor at a time. A
-- free booking is refused while the booker has another free one with the same mentor that has not ended yet, so nobody
-- books a row of a mentor's free slots in one go. The functions of migration 0025 with one more answer column,
-- `free_booked`, and the rule in forma_book_slot's insert; the booker's users row is locked before it (bookingLocks in
-- worker/bookings/bookings.queries.ts), so two free bookings of one person are counted one after the other. Custom
-- migration. A function's answer columns can't be changed in place: dropped and made again.
DROP FUNCTION "forma_book_slot"(integer, integer, integer, text, boolean, integer, integer, boolean, boolean, integer, integer, integer, timestamptz);--> statement-breakpoint
DROP FUNCTION "forma_slot_for_booking"(integer, integer);--> statement-breakpoint

-- The slot as a booking sees it: `taken` when a live booking (paid, finished, or a hold still running) has it, how many
-- unpaid holds the would-be booker has running, and `free_booked` when they have a free consultation with the slot's
-- mentor (paid at once, so live as 'paid' or 'finished') that has not ended. No row when the slot is missing or deleted.
CREATE FUNCTION "forma_slot_for_booking"(p_slot_id integer, p_mentee_id integer)
RETURNS TABLE (id integer, mentor_id integer, type_id integer, costs integer, starts_at text, mentor_time_zone text, past boolean, archived boolean, taken boolean, open_holds integer, free_booked boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT s.id, s.mentor_id, t.id, t.costs,
         -- as Postgres writes it (microseconds kept), so a later batch can check that the slot has not moved
         to_json(s.starts_at) #>> '{}',
         mu.time_zone, s.starts_at <= now(), t.archived_at IS NOT NULL,
         EXISTS (SELECT 1 FROM consultation_bookings b WHERE b.slot_id = s.id
                 AND (b.status IN ('paid', 'finished') OR (b.status = 'pending_payment' AND b.hold_expires_at > now()))),
         (SELECT count(*)::int FROM consultation_bookings h
          WHERE h.mentee_id = p_mentee_id AND h.status = 'pending_payment' AND h.hold_expires_at > now()),
         EXISTS (SELECT 1 FROM consultation_bookings fb JOIN consultation_slots fs ON fs.id = fb.slot_id
                 WHERE fb.mentee_id = p_mentee_id AND fb.mentor_id = s.mentor_id AND fb.price = 0
                   AND fb.status IN ('paid', 'finished') AND fs.ends_at > now())
  FROM consultation_slots s JOIN consultation_types t ON t.id = s.consultation_type_id JOIN users mu ON mu.id = s.mentor_id
  WHERE s.id = p_slot_id AND s.deleted_at IS NULL;
END
$$;
--> statement-breakpoint

-- Books the slot as `p_booking_id`, only if it is bookable: there, not deleted, still ahead, its type not archived, no
-- live booking on it; for a hold (not `p_free`), the booker under `p_max_open_holds` unpaid holds; for a free booking,
-- no other free one of the booker with this mentor still ahead or running; with `p_paid_only`, a slot that costs and is
-- not the booker's own; `p_within_limits`; and, when `p_seen_mentor_id` is given, still at the mentor, type, price and
-- start a look saw. The partial unique index consultation_bookings_live_slot_uq decides a race: every loser's insert
-- fails with 23505. Answers the slot as it now stands (forma_slot_for_booking), which tells why nothing was written.
-- The caller takes the locks first (worker/bookings/bookings.queries.ts, bookingLocks).
CREATE FUNCTION "forma_book_slot"(
  p_booking_id integer, p_slot_id integer, p_mentee_id integer, p_questions text, p_free boolean,
  p_hold_minutes integer, p_max_open_holds integer, p_paid_only boolean, p_within_limits boolean,
  p_seen_mentor_id integer, p_seen_type_id integer, p_seen_costs integer, p_seen_starts_at timestamptz)
RETURNS TABLE (id integer, mentor_id integer, type_id integer, costs integer, starts_at text, mentor_time_zone text, past boolean, archived boolean, taken boolean, open_holds integer, free_booked boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  -- bookable as forma_slot_for_booking reads it: the one place that says what a live booking and a running hold are
  INSERT INTO consultation_bookings
    (id, slot_id, mentee_id, mentor_id, consultation_type_id, status, questions, price, hold_expires_at, paid_at)
  SELECT p_booking_id, f.id, p_mentee_id, f.mentor_id, f.type_id,
         CASE WHEN p_free THEN 'paid' ELSE 'pending_payment' END::booking_status, p_questions, f.costs,
         CASE WHEN p_free THEN NULL ELSE now() + make_interval(mins => p_hold_minutes) END,
         CASE WHEN p_free THEN now() END
  FROM forma_slot_for_booking(p_slot_id, p_mentee_id) f
  WHERE NOT f.past AND NOT f.archived AND NOT f.taken
    AND (p_free OR f.open_holds < p_max_open_holds)
    AND (NOT p_free OR NOT f.free_booked)
    AND (NOT p_paid_only OR (f.costs > 0 AND f.mentor_id <> p_mentee_id))
    AND p_within_limits
    AND (p_seen_mentor_id IS NULL OR (f.mentor_id = p_seen_mentor_id AND f.type_id = p_seen_type_id AND f.costs = p_seen_costs
                                      AND f.starts_at::timestamptz = p_seen_starts_at));
  RETURN QUERY SELECT * FROM forma_slot_for_booking(p_slot_id, p_mentee_id);
END
$$;
