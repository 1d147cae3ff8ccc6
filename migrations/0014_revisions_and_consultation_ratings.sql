-- Custom migration (drizzle's schema DSL has no triggers).
-- 1. `revision` columns become the iCalendar SEQUENCE of the calendar feed (decision 010): raised whenever what a
--    calendar shows changes, in the same statement as the change, so no writer can forget it.
CREATE FUNCTION "events_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.title, NEW.description, NEW.starts_at, NEW.duration_minutes, NEW.is_canceled)
     IS DISTINCT FROM (OLD.title, OLD.description, OLD.starts_at, OLD.duration_minutes, OLD.is_canceled) THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_bump_revision" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_bump_revision"();--> statement-breakpoint
CREATE FUNCTION "status_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "consultation_bookings_bump_revision" BEFORE UPDATE OF "status" ON "consultation_bookings"
  FOR EACH ROW EXECUTE FUNCTION "status_bump_revision"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_bump_revision" BEFORE UPDATE OF "status" ON "event_registrations"
  FOR EACH ROW EXECUTE FUNCTION "status_bump_revision"();--> statement-breakpoint
-- 2. A consultation's rating counts in its mentor's rating (users.reviews_count / review_stars_sum), like a review
--    on the mentor page does.
CREATE FUNCTION "consultation_reviews_keep_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "users" SET "reviews_count" = "reviews_count" - 1, "review_stars_sum" = "review_stars_sum" - OLD.rating
    WHERE "id" = OLD.mentor_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "users" SET "reviews_count" = "reviews_count" + 1, "review_stars_sum" = "review_stars_sum" + NEW.rating
    WHERE "id" = NEW.mentor_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_keep_stats"
  AFTER INSERT OR UPDATE OF "rating", "mentor_id" OR DELETE ON "consultation_reviews"
  FOR EACH ROW EXECUTE FUNCTION "consultation_reviews_keep_stats"();--> statement-breakpoint
-- consultation ratings written before this migration
UPDATE "users" u SET "reviews_count" = u."reviews_count" + s.n, "review_stars_sum" = u."review_stars_sum" + s.total
FROM (SELECT "mentor_id", count(*)::int AS n, sum("rating")::int AS total FROM "consultation_reviews" GROUP BY "mentor_id") s
WHERE u."id" = s."mentor_id";
