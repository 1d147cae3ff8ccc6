import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * «Перезвоните мне» from a landing's footer: a visitor's name and phone, kept until an admin has called back and
 * marked the request done in the call-back inbox (/admin/callbacks). Visitors have no account, so nothing links it.
 */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    /** as typed (spec 000 §5: free text with a format placeholder), checked to hold 10-15 digits */
    phone: varchar({ length: 32 }).notNull(),
    createdAt: createdAt(),
    /** when an admin marked it done, and who; both empty while it waits */
    doneAt: ts(),
    doneBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('callback_requests_name', sql`length(btrim(${t.name})) between 1 and 100`),
    check('callback_requests_phone', sql`length(regexp_replace(${t.phone}, '\\D', '', 'g')) between 10 and 15`),
    check('callback_requests_done', sql`${t.doneBy} is null or ${t.doneAt} is not null`),
    // the inbox lists waiting requests first
    index().on(t.doneAt, t.createdAt),
  ],
);
