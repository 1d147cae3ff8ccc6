-- A slot with booking history is soft-deleted (deleted_at), so it must stop blocking the mentor's time:
-- the no-overlap constraint now covers live slots only. Custom migration (drizzle-kit generate --custom).
ALTER TABLE "consultation_slots" DROP CONSTRAINT "consultation_slots_no_overlap";--> statement-breakpoint
ALTER TABLE "consultation_slots"
  ADD CONSTRAINT "consultation_slots_no_overlap"
  EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("deleted_at" IS NULL);
