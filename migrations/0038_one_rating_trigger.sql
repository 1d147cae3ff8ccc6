-- Review (issue 36): migration 0027's two statement-level rating triggers, one for user_reviews and one for
-- consultation_reviews, were one function written twice with a different mentor column. One function now, told the
-- column by its trigger (TG_ARGV[0]: to_user_id or mentor_id); the mentors a statement touched are still worked out
-- once each, in id order (the order every writer locks mentors' rows in). Custom migration: drizzle's DSL has no functions.
CREATE FUNCTION "forma_reviews_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m integer;
  -- transition tables are visible to EXECUTE; an INSERT has only new_rows, a DELETE only old_rows
  tables text[] := CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'UPDATE' THEN ARRAY['new_rows', 'old_rows'] ELSE ARRAY['old_rows'] END;
BEGIN
  FOR m IN EXECUTE (SELECT string_agg(format('SELECT %I FROM %I', TG_ARGV[0], t), ' UNION ') FROM unnest(tables) t) || ' ORDER BY 1' LOOP
    PERFORM forma_mentor_rating_refresh(m);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "user_reviews_rating_insert" ON "user_reviews";--> statement-breakpoint
DROP TRIGGER "user_reviews_rating_update" ON "user_reviews";--> statement-breakpoint
DROP TRIGGER "user_reviews_rating_delete" ON "user_reviews";--> statement-breakpoint
DROP TRIGGER "consultation_reviews_rating_insert" ON "consultation_reviews";--> statement-breakpoint
DROP TRIGGER "consultation_reviews_rating_update" ON "consultation_reviews";--> statement-breakpoint
DROP TRIGGER "consultation_reviews_rating_delete" ON "consultation_reviews";--> statement-breakpoint
DROP FUNCTION "forma_user_reviews_rating"();--> statement-breakpoint
DROP FUNCTION "forma_consultation_reviews_rating"();--> statement-breakpoint
-- Transition tables can't go with a column list (UPDATE OF …) nor with more than one event: one trigger per event.
CREATE TRIGGER "user_reviews_rating_insert" AFTER INSERT ON "user_reviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_reviews_rating"('to_user_id');--> statement-breakpoint
CREATE TRIGGER "user_reviews_rating_update" AFTER UPDATE ON "user_reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_reviews_rating"('to_user_id');--> statement-breakpoint
CREATE TRIGGER "user_reviews_rating_delete" AFTER DELETE ON "user_reviews"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_reviews_rating"('to_user_id');--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_rating_insert" AFTER INSERT ON "consultation_reviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_reviews_rating"('mentor_id');--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_rating_update" AFTER UPDATE ON "consultation_reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_reviews_rating"('mentor_id');--> statement-breakpoint
CREATE TRIGGER "consultation_reviews_rating_delete" AFTER DELETE ON "consultation_reviews"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_reviews_rating"('mentor_id');
