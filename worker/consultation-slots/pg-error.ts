import { pgError } from '../lib/db-errors.ts';

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
