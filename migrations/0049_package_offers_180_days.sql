-- Issue 36 (decision 006, «Packages»): a package is one payment in one YooKassa safe deal, and a deal lives at most
-- 180 days, after which the provider closes it and returns what is left to the buyer. An offer valid longer would be
-- a promise the provider breaks, so offers run 90..180 days. Offers already longer are shortened to 180; packages
-- already bought keep the terms they were sold with (consultation_packages' own CHECK still allows them).
CREATE OR REPLACE FUNCTION "forma_package_offers_valid"(p_offers jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v jsonb;
  n numeric;
  pc numeric;
  d numeric;
  seen numeric[] := '{}';
BEGIN
  IF jsonb_typeof(p_offers) IS DISTINCT FROM 'array' OR jsonb_array_length(p_offers) > 3 THEN RETURN false; END IF;
  FOR v IN SELECT value FROM jsonb_array_elements(p_offers) LOOP
    IF jsonb_typeof(v) <> 'object' OR jsonb_typeof(v -> 'sessions') IS DISTINCT FROM 'number'
       OR jsonb_typeof(v -> 'percent') IS DISTINCT FROM 'number' OR jsonb_typeof(v -> 'valid_days') IS DISTINCT FROM 'number'
       OR (SELECT count(*) FROM jsonb_object_keys(v)) <> 3 THEN
      RETURN false;
    END IF;
    n := (v ->> 'sessions')::numeric;
    pc := (v ->> 'percent')::numeric;
    d := (v ->> 'valid_days')::numeric;
    IF n <> trunc(n) OR pc <> trunc(pc) OR d <> trunc(d) OR n < 2 OR n > 20 OR pc < 1 OR pc > 50 OR d < 90 OR d > 180
       OR n = ANY (seen) THEN
      RETURN false;
    END IF;
    seen := seen || n;
  END LOOP;
  RETURN true;
END
$$;
--> statement-breakpoint
-- the CHECK calls the function on write only: rows written under the old rule are brought under the new one here
UPDATE "consultation_types" t SET "packages" = (
  SELECT jsonb_agg(jsonb_set(o, '{valid_days}', to_jsonb(least((o ->> 'valid_days')::numeric, 180))) ORDER BY i)
  FROM jsonb_array_elements(t."packages") WITH ORDINALITY AS e(o, i)
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(t."packages") o WHERE (o ->> 'valid_days')::numeric > 180);
