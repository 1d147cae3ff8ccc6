-- users.reviews_count and users.review_stars_sum follow user_reviews, so the mentor list can sort by
-- rating without aggregating every mentor's reviews per request. Custom migration
-- (`drizzle-kit generate --custom`): drizzle's schema DSL has no triggers.
CREATE FUNCTION "user_reviews_keep_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "users" SET "reviews_count" = "reviews_count" - 1, "review_stars_sum" = "review_stars_sum" - OLD.stars
    WHERE "id" = OLD.to_user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "users" SET "reviews_count" = "reviews_count" + 1, "review_stars_sum" = "review_stars_sum" + NEW.stars
    WHERE "id" = NEW.to_user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_reviews_keep_stats"
  AFTER INSERT OR UPDATE OF "stars", "to_user_id" OR DELETE ON "user_reviews"
  FOR EACH ROW EXECUTE FUNCTION "user_reviews_keep_stats"();--> statement-breakpoint
-- reviews written before this migration
UPDATE "users" u SET "reviews_count" = s.n, "review_stars_sum" = s.total
FROM (SELECT "to_user_id", count(*)::int AS n, sum("stars")::int AS total FROM "user_reviews" GROUP BY "to_user_id") s
WHERE u."id" = s."to_user_id";
