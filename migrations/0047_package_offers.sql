-- Issue 36 (decision 006, «Packages»): a consultation type's package offers, `packages` = [{sessions, percent,
-- valid_days}]: N consultations of the type paid at once, X % off each, usable for D days after payment. The API's zod
-- schema says the same in Russian (worker/consultation-types/consultation-types.schemas.ts, packageOffersField); this
-- keeps any other writer honest. Custom migration: a CHECK through a function.

-- At most 3 offers, each exactly {sessions, percent, valid_days}, whole numbers, sessions 2..20 (no two offers of the same
-- size: a purchase names its offer by it), percent 1..50, valid_days 90..730.
CREATE FUNCTION "forma_package_offers_valid"(p_offers jsonb) RETURNS boolean
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
    IF n <> trunc(n) OR pc <> trunc(pc) OR d <> trunc(d) OR n < 2 OR n > 20 OR pc < 1 OR pc > 50 OR d < 90 OR d > 730
       OR n = ANY (seen) THEN
      RETURN false;
    END IF;
    seen := seen || n;
  END LOOP;
  RETURN true;
END
$$;
--> statement-breakpoint
-- a free consultation has nothing to discount: a free type offers no packages
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_packages" CHECK (forma_package_offers_valid("packages") AND ("costs" > 0 OR "packages" = '[]'::jsonb));
