/**
 * Whether a statement failed on a unique index (SQLSTATE 23505), optionally a named one. drizzle wraps the
 * driver's error in `cause`; the Neon driver reports the index name as `constraint`.
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return !constraint || err.constraint === constraint;
  }
  return false;
}
