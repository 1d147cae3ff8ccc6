import type { Db, Tx } from '../../drizzle/db.ts';
import { pgError } from './db-errors.ts';

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
      const code = pgError(e)?.code;
      if (attempt < 3 && (code === '40P01' || code === '40001')) continue;
      throw e;
    }
  }
}
