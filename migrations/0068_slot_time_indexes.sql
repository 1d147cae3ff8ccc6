-- The minute scheduler finds meetings by time across all mentors (decision 026): the reminders a day and an hour before
-- by the start, the review requests by the end. Without these each run read every slot ever made.
CREATE INDEX "consultation_slots_starts_idx" ON "consultation_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "consultation_slots_ends_idx" ON "consultation_slots" USING btree ("ends_at");