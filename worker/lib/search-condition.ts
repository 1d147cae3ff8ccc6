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

/** The words of `query` as the search condition takes them (LIKE's wildcards escaped), at most MAX_WORDS. */
export function searchWords(query: string | undefined) {
  return (query ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS).map(escapeLike);
}

/**
 * Every word of `query` as a substring of `column`; undefined when the query has no words. `bind` gives what stands
 * for the i-th word in the statement: the word itself, or a placeholder of a statement prepared once for every search
 * of as many words (whose value is then `searchWords(query)[i]`).
 */
export function searchCondition(column: PgColumn, query: string | undefined, bind: (word: string, i: number) => unknown = (word) => word): SQL | undefined {
  const words = searchWords(query);
  if (!words.length) return undefined;
  return and(...words.map((w, i) => sql`${column} like '%' || forma_search_norm(${bind(w, i)}) || '%'`));
}
