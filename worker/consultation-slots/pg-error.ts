/**
 * The SQLSTATE and constraint of a failed statement, or null for other errors. drizzle wraps the driver's
 * error in `cause`; the Neon driver reports the constraint's name as `constraint`.
 */
export function pgError(e: unknown) {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return { code: err.code, constraint: err.constraint };
  }
  return null;
}

/** Another live slot of the same mentor overlaps (exclusion constraint consultation_slots_no_overlap). */
export function isSlotOverlap(e: unknown) {
  const err = pgError(e);
  return err?.code === '23P01' && err.constraint === 'consultation_slots_no_overlap';
}

/** Postgres doesn't know a time zone name that the runtime's ICU accepted. */
export function isUnknownTimeZone(e: unknown) {
  for (let err = e as { code?: string; message?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '22023' && /time zone/i.test(err.message ?? '')) return true;
  }
  return false;
}
