-- Browser push (decision 027). The delivery trigger of decision 026 makes, besides the Telegram row, one push row per
-- notification for a person with at least one browser subscribed who has not turned the topic off for push; one row
-- covers every subscribed browser of the person (push_sends records which ones it reached).
CREATE OR REPLACE FUNCTION forma_notification_deliveries_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind_topic text := forma_notification_topic(NEW.kind);
BEGIN
  IF kind_topic IS NULL THEN RETURN NULL; END IF;
  INSERT INTO notification_deliveries (notification_id, channel)
  SELECT NEW.id, 'telegram'
  WHERE EXISTS (SELECT 1 FROM telegram_links l WHERE l.user_id = NEW.user_id)
    AND coalesce((SELECT s.enabled FROM notification_settings s
      WHERE s.user_id = NEW.user_id AND s.channel = 'telegram' AND s.topic = kind_topic), true)
  UNION ALL
  SELECT NEW.id, 'push'
  WHERE EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = NEW.user_id)
    AND coalesce((SELECT s.enabled FROM notification_settings s
      WHERE s.user_id = NEW.user_id AND s.channel = 'push' AND s.topic = kind_topic), true)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
