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

/** What a 503 for a database that is away asks the caller to wait (a restart takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What the driver says when the connection itself failed: refused, dropped, the socket to the proxy gone, or (the
 * HTTP path) the proxy unreachable or answering with a server error.
 */
const CONNECTION_LOST =
  /connection terminated|ECONNREFUSED|ECONNRESET|ETIMEDOUT|websocket|socket hang up|connection error|server closed the connection|Error connecting to database|HTTP status (429|5\d\d)/i;

/**
 * Whether the database was away rather than wrong (decision 013, «The database away»): no connection (refused,
 * dropped, timed out), a connection-class SQLSTATE (08…), the server shutting down or starting up (57P01-57P03), or
 * out of connections (53300). Callers get a 503 with Retry-After; everything else stays a 500.
 */
export function databaseUnavailable(e: unknown): boolean {
  const code = pgError(e)?.code;
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code))) return true;
  for (let err = e as { message?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.message === 'string' && CONNECTION_LOST.test(err.message) && !/failed query/i.test(err.message)) return true;
  }
  return false;
}
