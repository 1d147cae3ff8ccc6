-- Notifications in Telegram (decision 026). Which topic a notification's kind belongs to (null: it stays in the bell
-- and its own e-mail), and its Telegram delivery made in the very transaction that stores it, for a person who linked
-- Telegram and has not turned the topic off there: every path that stores a notification (a transaction, a batch over
-- HTTP, a seed) gets it, and none can forget. A duplicate notification (its dedupe key) inserts nothing, so no delivery.
CREATE FUNCTION forma_notification_topic(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN kind IN ('booking_paid', 'booking_new', 'booking_confirmed', 'booking_moved', 'booking_move_proposed',
      'booking_move_declined', 'booking_canceled', 'event_registration', 'registration_confirmed', 'event_canceled') THEN 'bookings'
    WHEN kind = 'chat_message' THEN 'chat'
    WHEN kind IN ('reminder', 'event_reminder') THEN 'reminders'
    WHEN kind = 'room_open' THEN 'room_open'
    WHEN kind = 'waitlist_offer' THEN 'waitlist'
    WHEN kind = 'review_request' THEN 'reviews'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION forma_notification_deliveries_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind_topic text := forma_notification_topic(NEW.kind);
BEGIN
  IF kind_topic IS NULL THEN RETURN NULL; END IF;
  INSERT INTO notification_deliveries (notification_id, channel)
  SELECT NEW.id, 'telegram'
  WHERE EXISTS (SELECT 1 FROM telegram_links l WHERE l.user_id = NEW.user_id)
    AND coalesce((SELECT s.enabled FROM notification_settings s
      WHERE s.user_id = NEW.user_id AND s.channel = 'telegram' AND s.topic = kind_topic), true)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notification_deliveries AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION forma_notification_deliveries_trigger();
