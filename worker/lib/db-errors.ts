/**
 * The SQLSTATE and constraint of a failed statement, or null for other errors. drizzle wraps the driver's
 * error in `cause`; the Neon driver reports the constraint's (or unique index's) name as `constraint`.
 */
export function pgError(e: unknown) {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return { code: err.code, constraint: err.constraint };
  }
  return null;
}

/** Whether a statement failed on a unique index (SQLSTATE 23505), optionally a named one. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = pgError(e);
  return err?.code === '23505' && (!constraint || err.constraint === constraint);
}

/**
 * The SQLSTATE when the database refused a value itself (class 22, data exception: a character it cannot store,
 * a string too long, a number out of range, an impossible date, text that is not a number), which only input a
 * client sent can cause; null for anything else (our bugs, outages), which stays a 500.
 */
export function inputRefusal(e: unknown): string | null {
  const code = pgError(e)?.code;
  return code?.startsWith('22') ? code : null;
}
