-- Issue 36 (decision 006, «Loyalty steps»): discounts for long cooperation. A consultation type's `loyalty_steps` say
-- «from the N-th paid consultation with this mentor, X % off»; the booking's price is worked out here, in the booking's
-- own insert, and kept on the booking (regular price, percent, the N, the price charged), so a later edit of the steps
-- changes no booking already made. Custom migration: a CHECK through a function, and the booking function again.

-- The steps' shape: at most 3, each exactly {from, percent}, whole numbers, from 2..100, percent 1..50, both strictly
-- increasing from one step to the next (a later step never gives less). The API's zod schema says the same in Russian
-- (worker/consultation-types/consultation-types.schemas.ts); this keeps any other writer honest.
CREATE FUNCTION "forma_loyalty_steps_valid"(p_steps jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v jsonb;
  f numeric;
  pc numeric;
  prev_from numeric := 1;
  prev_percent numeric := 0;
BEGIN
  IF jsonb_typeof(p_steps) IS DISTINCT FROM 'array' OR jsonb_array_length(p_steps) > 3 THEN RETURN false; END IF;
  FOR v IN SELECT value FROM jsonb_array_elements(p_steps) LOOP
    IF jsonb_typeof(v) <> 'object' OR jsonb_typeof(v -> 'from') IS DISTINCT FROM 'number'
       OR jsonb_typeof(v -> 'percent') IS DISTINCT FROM 'number' OR (SELECT count(*) FROM jsonb_object_keys(v)) <> 2 THEN
      RETURN false;
    END IF;
    f := (v ->> 'from')::numeric;
    pc := (v ->> 'percent')::numeric;
    IF f <> trunc(f) OR pc <> trunc(pc) OR f < 2 OR f > 100 OR pc < 1 OR pc > 50 OR f <= prev_from OR pc <= prev_percent THEN
      RETURN false;
    END IF;
    prev_from := f;
    prev_percent := pc;
  END LOOP;
  RETURN true;
END
$$;
--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_loyalty_steps" CHECK (forma_loyalty_steps_valid("loyalty_steps"));
--> statement-breakpoint

-- The price of the type for this mentee now. `paid_before` counts the mentee's consultations with the type's mentor
-- (any of the mentor's types) whose payment was received and not refunded in full: payment `succeeded` (held) or
-- `released` (paid out, also after a partial refund). Not counted: free ones (nothing paid), holds and payments still
-- pending, refunded ones. The booking is consultation number `paid_before + 1`; the step is the last one whose `from` it
-- reaches. Counting only money received makes two bookings the mentee makes at once get the same step: neither is
-- paid while the other is priced, so the order they are priced in changes nothing. The discount is rounded down to the
-- ruble (the price stays whole rubles and the mentee never pays more than the step says); a free type has none.
CREATE FUNCTION "forma_loyalty_price"(p_type_id integer, p_mentee_id integer)
RETURNS TABLE (regular_price integer, discount_percent integer, price integer, consultation_number integer, paid_before integer)
LANGUAGE sql STABLE AS $$
  SELECT t.costs, coalesce(s.percent, 0), t.costs - t.costs * coalesce(s.percent, 0) / 100, n.paid + 1, n.paid
  FROM consultation_types t
  CROSS JOIN LATERAL (
    SELECT count(DISTINCT b.id)::int AS paid
    FROM consultation_bookings b JOIN payments p ON p.booking_id = b.id
    WHERE b.mentee_id = p_mentee_id AND b.mentor_id = t.mentor_id AND p.status IN ('succeeded', 'released')) n
  LEFT JOIN LATERAL (
    SELECT (e ->> 'percent')::int AS percent
    FROM jsonb_array_elements(t.loyalty_steps) e
    WHERE t.costs > 0 AND (e ->> 'from')::int <= n.paid + 1
    ORDER BY (e ->> 'from')::int DESC LIMIT 1) s ON true
  WHERE t.id = p_type_id
$$;
--> statement-breakpoint

-- forma_book_slot of migration 0028, now pricing the booking with forma_loyalty_price: `price` is what is charged,
-- `regular_price` the type's price, `discount_percent` and `consultation_number` why. The look's `p_seen_costs` still
-- compares the type's regular price (the mentor's price must not have moved since the look).
CREATE OR REPLACE FUNCTION "forma_book_slot"(
  p_booking_id integer, p_slot_id integer, p_mentee_id integer, p_questions text, p_free boolean,
  p_hold_minutes integer, p_max_open_holds integer, p_paid_only boolean, p_within_limits boolean,
  p_seen_mentor_id integer, p_seen_type_id integer, p_seen_costs integer, p_seen_starts_at timestamptz)
RETURNS TABLE (id integer, mentor_id integer, type_id integer, costs integer, starts_at text, mentor_time_zone text, past boolean, archived boolean, taken boolean, open_holds integer, free_booked boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO consultation_bookings
    (id, slot_id, mentee_id, mentor_id, consultation_type_id, status, questions, price, regular_price, discount_percent,
     consultation_number, hold_expires_at, paid_at)
  SELECT p_booking_id, f.id, p_mentee_id, f.mentor_id, f.type_id,
         CASE WHEN p_free THEN 'paid' ELSE 'pending_payment' END::booking_status, p_questions,
         lp.price, lp.regular_price, lp.discount_percent,
         CASE WHEN lp.discount_percent > 0 THEN lp.consultation_number END,
         CASE WHEN p_free THEN NULL ELSE now() + make_interval(mins => p_hold_minutes) END,
         CASE WHEN p_free THEN now() END
  FROM forma_slot_for_booking(p_slot_id, p_mentee_id) f
  CROSS JOIN LATERAL forma_loyalty_price(f.type_id, p_mentee_id) lp
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
