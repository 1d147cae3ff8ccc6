// Row ids as the API reads them: pure zod, so the web's forms can import the schemas that use it without
// pulling in database code.
import { z } from 'zod';

export const MAX_INT4 = 2_147_483_647;

/** A row id given in the query string (`?event_id=`, `?to_user_id=`). */
export const idParam = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_INT4, message);

/** The id a lookup query names (`?id=`), or null when it can't name any row (answered 404, like a path id). */
export function lookupId(raw: string | undefined): number | null {
  const parsed = idParam('').safeParse(raw && /^\d{1,10}$/.test(raw) ? raw : undefined);
  return parsed.success ? parsed.data : null;
}

/**
 * A lookup's `?id=` declared for the typed client (GetEvent, GetUser). Every value passes: the handler reads it with
 * lookupId, so an id that names no row, a malformed one or none at all is a 404, never a 400.
 */
export const lookupIdQuery = z.object({ id: z.union([z.string(), z.array(z.string())]).optional() });

/** A row's uuid as Postgres writes it (chat rooms, payments, files): lower-case, hyphenated. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
