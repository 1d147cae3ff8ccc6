import type { Db, Tx } from '../../drizzle/db.ts';

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error in `cause`). */
export function sqlState(e: unknown): string | null {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err.code;
  }
  return null;
}

/** The constraint a failed statement broke, when the driver names one. */
export function sqlConstraint(e: unknown): string | null {
  for (let err = e as { constraint?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.constraint === 'string') return err.constraint;
  }
  return null;
}

/**
 * One transaction, run again (up to three times) when Postgres aborts it as a deadlock victim or a
 * serialization failure. Money transitions lock a service row (booking, registration) before its payment,
 * but a registration's trigger also locks the event, so two paths can still meet in opposite order; the
 * loser is simply retried, and its conditional updates decide afresh.
 */
export async function transact<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const code = sqlState(e);
      if (attempt < 3 && (code === '40P01' || code === '40001')) continue;
      throw e;
    }
  }
}
