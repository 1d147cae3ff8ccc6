-- Every account keeps a way in (decision 025): an e-mail, a proven phone or a linked provider account. It was the
-- check users_reachable (e-mail or phone); an account registered through Telegram has neither, so the rule now spans
-- user_identities and is a constraint trigger, checked at commit so that an account and its first identity can be
-- inserted one after the other in one transaction. Unlinking the last way in fails here even if a route forgot to ask.
CREATE FUNCTION forma_user_reachable(uid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM users u
    WHERE u.id = uid AND u.email IS NULL AND u.phone IS NULL
      AND NOT EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id)
  ) THEN
    RAISE EXCEPTION 'account % would have no way to sign in', uid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_reachable', TABLE = 'users';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION forma_users_reachable_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forma_user_reachable(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION forma_identities_reachable_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forma_user_reachable(OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_reachable AFTER INSERT OR UPDATE OF email, phone ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION forma_users_reachable_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_identities_reachable AFTER DELETE OR UPDATE OF user_id ON user_identities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION forma_identities_reachable_trigger();
