import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';

/**
 * Where the catalogue stands: a number every statement changing what its public answers read moves on (migration
 * 0020's triggers). Reading a sequence's last value waits for nobody.
 */
export async function catalogueVersion(db: Db) {
  const result = await db.execute<{ v: string }>(sql`select last_value::text as v from catalogue_version`);
  return result.rows[0].v;
}
