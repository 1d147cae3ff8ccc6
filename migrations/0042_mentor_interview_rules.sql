-- The vetting interview's rules that drizzle's schema DSL cannot express (decision 004, «The vetting interview»).

-- An admin is never in two interviews at once: booked and held interviews of one admin don't overlap
-- (offers may: the first to be booked takes the time, a second booking of it fails here).
ALTER TABLE "mentor_interviews"
  ADD CONSTRAINT "mentor_interviews_admin_no_overlap"
  EXCLUDE USING gist ("admin_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('booked', 'held'));--> statement-breakpoint

-- An application is approved only after a held interview, whoever writes the row.
CREATE FUNCTION "forma_application_needs_interview"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'approved' AND (TG_OP = 'INSERT' OR OLD.status <> 'approved') AND NOT EXISTS (
    SELECT 1 FROM "mentor_interviews" i WHERE i.application_id = NEW.id AND i.status = 'held'
  ) THEN
    RAISE EXCEPTION 'an application is approved only after a held interview'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'mentor_applications_interview_held';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mentor_applications_interview_held"
  BEFORE INSERT OR UPDATE OF "status" ON "mentor_applications"
  FOR EACH ROW EXECUTE FUNCTION "forma_application_needs_interview"();--> statement-breakpoint

-- «Профиль подтверждён» comes only from an approved application with a held interview, dated by that interview.
-- Flags set before this migration (the demo seed's) had nothing behind them and are cleared.
UPDATE "users" SET "is_verified" = false WHERE "is_verified" AND "verified_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verified_dated" CHECK ("is_verified" = ("verified_at" IS NOT NULL));--> statement-breakpoint
CREATE FUNCTION "forma_user_verified_by_interview"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.verified_at IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.verified_at IS DISTINCT FROM OLD.verified_at) AND NOT EXISTS (
    SELECT 1 FROM "mentor_applications" a JOIN "mentor_interviews" i ON i.application_id = a.id
    WHERE a.user_id = NEW.id AND a.status = 'approved' AND i.status = 'held' AND i.starts_at = NEW.verified_at
  ) THEN
    RAISE EXCEPTION 'a profile is verified only by an approved application with a held interview'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_verified_by_interview';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_verified_by_interview"
  BEFORE INSERT OR UPDATE OF "is_verified", "verified_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "forma_user_verified_by_interview"();
