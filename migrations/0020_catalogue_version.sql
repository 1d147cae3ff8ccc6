-- Decision 015, «Public reads cached at the edge»: the anonymous answers of the catalogue (event and mentor lists and
-- pages, top events, the landings' mentors, free slots) are cached under a key holding this number, which every
-- statement changing a table they read moves on. A sequence, not a counter row: nextval never waits for another
-- transaction, so writers don't queue behind one another for it.
CREATE SEQUENCE "catalogue_version";--> statement-breakpoint
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_version');
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'events', 'event_registrations', 'mentor_favorites', 'work_experiences', 'educations',
                           'consultation_types', 'consultation_slots', 'consultation_bookings', 'case_images', 'user_reviews']
  LOOP
    EXECUTE format('CREATE TRIGGER "catalogue_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"()', t);
  END LOOP;
END $$;
