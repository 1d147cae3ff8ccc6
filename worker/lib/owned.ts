// Access to rows that belong to one user. Another user's row answers 404, exactly like a missing one,
// so ids can't be probed to learn what exists.
import { z } from 'zod';
import { errors } from './errors.ts';
import { MAX_INT4 } from './id-param.ts';

/** The `:id` path parameter as a row id; anything else is a path that names nothing (404, not 400). */
export function parseId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_INT4)) throw errors.notFound();
  return id;
}

/** The row a caller-scoped query found, or 404. */
export function found<T>(row: T | null | undefined, detail?: string): T {
  if (row == null) throw errors.notFound(detail);
  return row;
}

/** The optional `user_id` clients send with a row (spec 001 section 7); null or absent means "mine". */
export const ownerIdField = z.coerce.number({ error: 'Некорректный пользователь' }).int('Некорректный пользователь').nullish();

/** A body may name its owner, but only as the caller: writing rows for someone else is refused. */
export function assertOwnUserId(userId: number | null | undefined, callerId: number) {
  if (userId != null && userId !== callerId) throw errors.forbidden();
}
