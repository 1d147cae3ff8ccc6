-- Issue 35, item 10 (decision 005, «The mentor's price»): the card's «от N ₽ за сессию» is the lowest cost of the
-- mentor's consultation types that are not archived, null when there is none. It used to be a free number nobody could
-- edit (11 000 ₽ by default), so 40 of 50 demo cards disagreed with the mentor's own prices. It stays a column, so the
-- list filters and sorts on it without aggregating, and triggers keep it: whatever writes users.price gets the derived
-- value, and every change of a mentor's types works it out again. Custom migration: drizzle's DSL has no functions.
CREATE FUNCTION "forma_mentor_price"(p_mentor integer) RETURNS integer LANGUAGE sql VOLATILE AS $$
  SELECT min(t.costs) FROM consultation_types t WHERE t.mentor_id = p_mentor AND t.archived_at IS NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "forma_users_price_derived"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price := forma_mentor_price(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_price_derived" BEFORE INSERT OR UPDATE OF "price" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "forma_users_price_derived"();--> statement-breakpoint
-- The mentor's row is locked before the types are read again, so two writers of one mentor's types count one after the
-- other and the second sees the first's committed rows. SET price = NULL hands the work to users_price_derived.
CREATE FUNCTION "forma_mentor_price_refresh"(p_mentor integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = p_mentor FOR NO KEY UPDATE;
  UPDATE users SET price = NULL WHERE id = p_mentor AND price IS DISTINCT FROM forma_mentor_price(p_mentor);
END
$$;
--> statement-breakpoint
-- Transition tables can't go with more than one event: one trigger per event (as migration 0027's).
CREATE FUNCTION "forma_consultation_types_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR m IN SELECT DISTINCT mentor_id FROM new_rows ORDER BY 1 LOOP PERFORM forma_mentor_price_refresh(m); END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR m IN SELECT mentor_id FROM new_rows UNION SELECT mentor_id FROM old_rows ORDER BY 1 LOOP PERFORM forma_mentor_price_refresh(m); END LOOP;
  ELSE
    FOR m IN SELECT DISTINCT mentor_id FROM old_rows ORDER BY 1 LOOP PERFORM forma_mentor_price_refresh(m); END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultation_types_price_insert" AFTER INSERT ON "consultation_types"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_consultation_types_price"();--> statement-breakpoint
CREATE TRIGGER "consultation_types_price_update" AFTER UPDATE ON "consultation_types"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_consultation_types_price"();--> statement-breakpoint
CREATE TRIGGER "consultation_types_price_delete" AFTER DELETE ON "consultation_types"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forma_consultation_types_price"();--> statement-breakpoint
-- every account's price worked out by the rule (users_price_derived sets it)
UPDATE "users" SET "price" = NULL;
