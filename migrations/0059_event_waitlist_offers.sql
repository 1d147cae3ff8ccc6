-- Issue 38 §3 (decision 023): a full event's line fills the seats that free. Whatever frees a seat (a cancellation,
-- a payment hold that ran out, the mentor adding seats) runs forma_offer_waitlist_seats in the same transaction, so
-- the database hands the seat to the first who waits before anyone else can register: the offer is a pending_payment
-- registration held until the offer's deadline, counted by event_registrations_count_spots like any other, and the
-- events_spots CHECK still refuses a seat past total_spots. Custom migration.

-- How long an offer lasts: 2 hours; when the event is near, until an hour before its start, yet at least 15 minutes
-- (a payment hold's time), and never past the start.
CREATE FUNCTION "forma_waitlist_offer_deadline"(p_starts_at timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT least(p_starts_at, now() + interval '2 hours', greatest(now() + interval '15 minutes', p_starts_at - interval '1 hour'))
$$;
--> statement-breakpoint

-- Offers the event's free seats to the line, first come first served, under the event's row lock (taken by the seat
-- trigger's UPDATE already when a registration ends). Someone who meanwhile registered another way leaves the line.
-- Answers how many offers it made.
CREATE FUNCTION "forma_offer_waitlist_seats"(p_event_id integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  e record;
  w record;
  free integer;
  reg_id integer;
  offered integer := 0;
  deadline timestamptz;
BEGIN
  SELECT "total_spots", "taken_spots", "starts_at", "is_canceled" INTO e FROM "events" WHERE "id" = p_event_id FOR NO KEY UPDATE;
  IF NOT FOUND OR e.is_canceled OR e.starts_at <= now() THEN
    RETURN 0;
  END IF;
  free := CASE WHEN e.total_spots = 0 THEN 2147483647 ELSE e.total_spots - e.taken_spots END;
  IF free <= 0 THEN
    RETURN 0;
  END IF;
  deadline := forma_waitlist_offer_deadline(e.starts_at);
  FOR w IN
    SELECT "id", "user_id" FROM "event_waitlist"
    WHERE "event_id" = p_event_id AND "status" = 'waiting'
    ORDER BY "created_at", "id"
    FOR UPDATE
  LOOP
    EXIT WHEN offered >= free;
    INSERT INTO "event_registrations" ("event_id", "user_id", "status", "hold_expires_at")
    VALUES (p_event_id, w.user_id, 'pending_payment', deadline)
    ON CONFLICT ("event_id", "user_id") WHERE "status" <> 'canceled' DO NOTHING
    RETURNING "id" INTO reg_id;
    IF reg_id IS NULL THEN
      UPDATE "event_waitlist" SET "status" = 'left', "ended_at" = now() WHERE "id" = w.id;
    ELSE
      UPDATE "event_waitlist"
      SET "status" = 'offered', "offered_at" = now(), "offer_expires_at" = deadline, "registration_id" = reg_id
      WHERE "id" = w.id;
      offered := offered + 1;
    END IF;
  END LOOP;
  RETURN offered;
END
$$;
--> statement-breakpoint

-- An offered seat's registration decides its entry: confirmed (paid, or a free seat taken) → accepted; ended → lapsed
-- when its deadline passed, else left. Any registration that ends frees a seat for the line. Named after
-- event_registrations_count_spots on purpose: AFTER triggers run by name, so the seat is counted free first.
CREATE FUNCTION "event_registrations_waitlist"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'confirmed' AND OLD.status <> 'confirmed' THEN
    UPDATE "event_waitlist" SET "status" = 'accepted', "ended_at" = now() WHERE "registration_id" = NEW.id AND "status" = 'offered';
  ELSIF NEW.status = 'canceled' AND OLD.status <> 'canceled' THEN
    UPDATE "event_waitlist"
    SET "status" = CASE WHEN NEW.hold_expires_at <= now() THEN 'lapsed'::waitlist_status ELSE 'left'::waitlist_status END, "ended_at" = now()
    WHERE "registration_id" = NEW.id AND "status" = 'offered';
    PERFORM forma_offer_waitlist_seats(NEW.event_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_registrations_waitlist" AFTER UPDATE OF "status" ON "event_registrations"
  FOR EACH ROW EXECUTE FUNCTION "event_registrations_waitlist"();
--> statement-breakpoint

-- A place taken in line while a seat is free (it freed after the page was read) gets the seat offered at once.
CREATE FUNCTION "event_waitlist_offer_on_join"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forma_offer_waitlist_seats(NEW.event_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_waitlist_offer_on_join" AFTER INSERT ON "event_waitlist"
  FOR EACH ROW EXECUTE FUNCTION "event_waitlist_offer_on_join"();
--> statement-breakpoint

-- The mentor adding seats (or lifting the limit) offers them to the line; cancelling the event ends the line.
CREATE FUNCTION "events_waitlist_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_canceled AND NOT OLD.is_canceled THEN
    UPDATE "event_waitlist" SET "status" = 'left', "ended_at" = now() WHERE "event_id" = NEW.id AND "status" = 'waiting';
  ELSIF NEW.total_spots = 0 OR NEW.total_spots > OLD.total_spots THEN
    PERFORM forma_offer_waitlist_seats(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_waitlist_seats" AFTER UPDATE OF "total_spots", "is_canceled" ON "events"
  FOR EACH ROW WHEN (NEW.total_spots IS DISTINCT FROM OLD.total_spots OR NEW.is_canceled IS DISTINCT FROM OLD.is_canceled)
  EXECUTE FUNCTION "events_waitlist_seats"();
