// Substring search over a normalised generated column (migrations 0005/0006): the column holds
// forma_search_norm(text) and each word of the query, normalised by the same SQL function, must occur
// in it. LIKE '%word%' on that column is what its pg_trgm GIN index serves; see docs/decisions/005-search.md.
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { categories, type Category } from '../../drizzle/categories.ts';
import { z } from 'zod';

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

/** `?search=`: trimmed, at most 100 characters; empty means no search. */
export const searchParam = z
  .string({ error: 'Некорректный поисковый запрос' })
  .trim()
  .max(100, 'Поисковый запрос не должен превышать 100 символов')
  .optional()
  .transform((v) => v || undefined);

/**
 * `?category=` repeated (`?category=Хобби&category=Карьера`), or comma-separated; 'all' (or nothing)
 * means every category.
 */
export const categoriesParam = z
  .preprocess(
    (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean)),
    z.array(z.string()),
  )
  .superRefine((values, ctx) => {
    const bad = values.find((v) => v !== 'all' && !categories.includes(v as Category));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `Неизвестная категория: ${bad}` });
  })
  .transform((values) => (values.includes('all') ? [] : [...new Set(values)] as Category[]));

/** An optional non-negative whole number of rubles; an empty value means no bound. */
export const priceParam = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: 'Некорректная цена' }).int('Некорректная цена').min(0, 'Некорректная цена').max(10_000_000, 'Некорректная цена').optional(),
);

export const offsetParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: 'Некорректное смещение' }).int('Некорректное смещение').min(0, 'Некорректное смещение').max(1_000_000, 'Некорректное смещение').default(0),
);

/** A page size up to `max` (a larger one is cut to `max`, not refused). */
export const limitParam = (fallback: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'Некорректный размер страницы' })
      .int('Некорректный размер страницы')
      .min(1, 'Некорректный размер страницы')
      .default(fallback)
      .transform((n) => Math.min(n, max)),
  );
