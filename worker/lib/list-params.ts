// Query parameters the lists share (events, mentors, mentees, downloads, support): search, categories, price bounds
// and paging, with their messages. Pure zod, so the web may import them too.
import { z } from 'zod';
import { categories, type Category } from '../../drizzle/categories.ts';

/** The longest search any list takes. */
export const SEARCH_MAX = 100;

/** `?search=`: trimmed, at most SEARCH_MAX characters; empty means no search. */
export const searchParam = z
  .string({ error: 'Некорректный поисковый запрос' })
  .trim()
  .max(SEARCH_MAX, `Поисковый запрос не должен превышать ${SEARCH_MAX} символов`)
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
