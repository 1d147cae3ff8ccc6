// Readers of URL search params for the routes' `validateSearch`. Route configs are part of the first page's
// JavaScript, so these are plain functions rather than a schema library (zod/mini and its core cost ~17 KB gzip
// there). The router has already parsed each value as JSON where it could (`?page=2` is the number 2, `?x=true` a
// boolean). A missing or bad value reads as undefined, or as the default where there is one: links get shared and
// edited, and a bad key never fails the page.
import type { SearchSchemaInput } from '@tanstack/react-router';

type Raw = Record<string, unknown>;

/**
 * A route's `validateSearch` from a reader of the raw params. Every key is optional when linking to the route
 * (defaults stay out of the URL); the page reads what `read` returns.
 */
export function searchParams<Out extends object>(read: (raw: Raw) => Out) {
  return (raw: { [K in keyof Out]?: Out[K] } & SearchSchemaInput): Out => read(raw as Raw);
}

export function searchString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A string matching `pattern`, e.g. an id a provider appends to our return address. */
export function searchMatching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

export function searchOneOf<T extends string | number>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** A list whose every item is allowed; a list with an unknown item reads as none. */
export function searchListOf<T extends string>(value: unknown, allowed: readonly T[]): T[] | undefined {
  return Array.isArray(value) && value.every((item) => allowed.includes(item)) ? (value as T[]) : undefined;
}

export function searchNonNegative(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A row's id (`?booking=12`): a positive whole number; `12abc`, `0` or `-1` read as none. */
export function searchId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function searchBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}
