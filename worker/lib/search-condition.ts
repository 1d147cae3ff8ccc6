// Substring search over a normalised generated column (migrations 0005/0006): the column holds
// forma_search_norm(text) and each word of the query, normalised by the same SQL function, must occur
// in it. LIKE '%word%' on that column is what its pg_trgm GIN index serves; see docs/decisions/005-search.md.
// Used by the event and mentor lists.
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const MAX_WORDS = 8;

/** LIKE's own wildcards and its escape character, taken literally. */
function escapeLike(word: string) {
  return word.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Every word of `query` as a substring of `column`; undefined when the query has no words. */
export function searchCondition(column: PgColumn, query: string | undefined): SQL | undefined {
  const words = (query ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`${column} like '%' || forma_search_norm(${escapeLike(w)}) || '%'`));
}
