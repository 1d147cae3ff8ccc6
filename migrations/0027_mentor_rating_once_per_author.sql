-- Issue 34, item 4 (decision 010, «The mentor's rating»): a mentor's rating counts each person once, with their latest
-- rating that counts, and a consultation's rating counts only when the consultation was held: paid, or the two met in
-- its room. The running sums of migrations 0008 and 0014 counted every row, so a second account with four free 1-minute
-- bookings added four ratings. The sums are now worked out again for the mentor a change touches, from the rows, by
-- statement-level triggers (a bulk insert works each mentor out once). Custom migration: drizzle's DSL has no functions.

-- 1. Time in a consultation's room (decision 012, «Attendance and money»).
-- A person's stays in the room of booking p_booking, clipped to [p_from, p_until), as one multirange (two tabs at once
-- count once); a stay still open runs to now().
CREATE FUNCTION "forma_consultation_stays"(p_booking integer, p_user integer, p_from timestamptz, p_until timestamptz)
RETURNS tstzmultirange LANGUAGE sql STABLE AS $$
  SELECT coalesce(range_agg(tstzrange(greatest(a.joined_at, p_from), least(coalesce(a.left_at, now()), p_until))), '{}'::tstzmultirange)
  FROM conferences c JOIN conference_attendance a ON a.conference_id = c.id
  WHERE c.content_type = 'consultationbooking' AND c.object_id = p_booking AND a.user_id = p_user
    AND a.joined_at < p_until AND coalesce(a.left_at, now()) > p_from AND coalesce(a.left_at, now()) >= a.joined_at
$$;
--> statement-breakpoint
CREATE FUNCTION "forma_multirange_length"(p_ranges tstzmultirange) RETURNS interval LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(sum(upper(r) - lower(r)), interval '0') FROM unnest(p_ranges) r
$$;
--> statement-breakpoint
-- The booking's mentor and mentee were in its room at the same time for at least a minute within [p_from, p_until):
-- the consultation was held. A minute is a real encounter, yet not a reload or two people crossing at the door.
CREATE FUNCTION "forma_consultation_met"(p_booking integer, p_from timestamptz, p_until timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT forma_multirange_length(forma_consultation_stays(b.id, b.mentor_id, p_from, p_until)
                                   * forma_consultation_stays(b.id, b.mentee_id, p_from, p_until)) >= interval '1 minute'
    FROM consultation_bookings b WHERE b.id = p_booking), false)
$$;
--> statement-breakpoint

-- 2. The mentor's rating: users.reviews_count and users.review_stars_sum (the rating column is generated from them).
-- Per author, the latest of their ratings that count: a review on the page (written only after a held consultation,
-- worker/reviews/reviews.queries.ts) or a consultation's rating that was paid for or met in the room. The mentor's row
-- is locked first, so two writers count one after the other and the second sees the first's committed rows.
CREATE FUNCTION "forma_mentor_rating_refresh"(p_mentor integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = p_mentor FOR NO KEY UPDATE;
  UPDATE users u SET reviews_count = s.n, review_stars_sum = s.total
  FROM (
    SELECT count(*)::int AS n, coalesce(sum(latest.stars), 0)::int AS total
    FROM (
      SELECT DISTINCT ON (r.author_id) r.stars
      FROM (
        SELECT ur.author_id, ur.stars::int AS stars, ur.created_at, ur.id, 1 AS on_page
        FROM user_reviews ur WHERE ur.to_user_id = p_mentor
        UNION ALL
        SELECT cr.author_id, cr.rating::int, cr.created_at, cr.id, 0
        FROM consultation_reviews cr JOIN consultation_bookings b ON b.id = cr.booking_id
        WHERE cr.mentor_id = p_mentor AND (b.price > 0 OR forma_consultation_met(b.id, '-infinity', 'infinity'))
      ) r
      ORDER BY r.author_id, r.created_at DESC, r.on_page DESC, r.id DESC
    ) latest
  ) s
  WHERE u.id = p_mentor AND (u.reviews_count, u.review_stars_sum) IS DISTINCT FROM (s.n, s.total);
END
$$;
--> statement-breakpoint
DROP TRIGGER "user_reviews_keep_stats" ON "user_reviews";--> statement-breakpoint
DROP FUNCTION "user_reviews_keep_stats"();--> statement-breakpoint
DROP TRIGGER "consultation_reviews_keep_stats" ON "consultation_reviews";--> statement-breakpoint
DROP FUNCTION "consultation_reviews_keep_stats"();--> statement-breakpoint
-- Transition tables can't go with a column list (UPDATE OF …) nor with more than one event: one trigger per event.
CREATE FUNCTION "forma_user_reviews_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR m IN SELECT DISTINCT to_user_id FROM new_rows ORDER BY 1 LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR m IN SELECT to_user_id FROM new_rows UNION SELECT to_user_id FROM old_rows ORDER BY 1 LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
  ELSE
    FOR m IN SELECT DISTINCT to_user_id FROM old_rows ORDER BY 1 LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_reviews_rating_insert" AFTER INSERT ON "user_reviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_user_reviews_rating"();--> statement-breakpoint
CREATE TRIGGER "user_reviews_rating_update" AFTER UPDATE ON "user_reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_user_reviews_rating"();--> statement-breakpoint
CREATE TRIGGER "user_reviews_rating_delete" AFTER DELETE ON "user_reviews"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_user_reviews_rating"();--> statement-breakpoint
CREATE FUNCTION "forma_consultation_reviews_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR m IN SELECT DISTINCT mentor_id FROM new_rows ORDER BY 1 LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR m IN SELECT mentor_id FROM new_rows UNION SELECT mentor_id FROM old_rows ORDER BY 1 LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
  ELSE
    FOR m IN SELECT DISTINCT mentor_id FROM old_rows ORDER BY 1 LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_rating_insert" AFTER INSERT ON "consultation_reviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_consultation_reviews_rating"();--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_rating_update" AFTER UPDATE ON "consultation_reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_consultation_reviews_rating"();--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_rating_delete" AFTER DELETE ON "consultation_reviews"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_consultation_reviews_rating"();--> statement-breakpoint
-- A free consultation's rating starts to count once its two people have met in the room, which a join or a leave
-- decides (a stay still open grows, so a leave is when it is measured at the latest): the rooms of free, rated bookings.
CREATE FUNCTION "forma_attendance_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m integer;
BEGIN
  FOR m IN
    SELECT DISTINCT b.mentor_id
    FROM (SELECT conference_id FROM new_rows) a
    JOIN conferences c ON c.id = a.conference_id AND c.content_type = 'consultationbooking'
    JOIN consultation_bookings b ON b.id = c.object_id
    WHERE b.price = 0 AND EXISTS (SELECT 1 FROM consultation_reviews r WHERE r.booking_id = b.id)
    ORDER BY 1
  LOOP
    PERFORM forma_mentor_rating_refresh(m);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conference_attendance_rating_insert" AFTER INSERT ON "conference_attendance"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_attendance_rating"();--> statement-breakpoint
CREATE TRIGGER "conference_attendance_rating_update" AFTER UPDATE ON "conference_attendance"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_attendance_rating"();--> statement-breakpoint
-- the ratings written before this migration, counted again by the new rule
DO $$
DECLARE m integer;
BEGIN
  FOR m IN SELECT id FROM users WHERE reviews_count > 0 ORDER BY id LOOP PERFORM forma_mentor_rating_refresh(m); END LOOP;
END
$$;
