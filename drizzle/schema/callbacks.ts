import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/**
 * The livestream landing's «Sign up for free» (spec 002 §2.12; issue 36): a visitor's e-mail and the page it was left
 * on, for admins to invite when the streams open (/admin/callbacks, «Подписки на эфиры»). One row per address and
 * page: signing up twice is one sign-up.
 */
export const waitlistSignups = pgTable(
  'waitlist_signups',
  {
    id: id(),
    email: varchar({ length: 254 }).notNull(),
    /** the page's path, e.g. '/SuperpeerLanding' */
    source: varchar({ length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_signups_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
    check('waitlist_signups_source', sql`${t.source} ~ '^/[A-Za-z0-9/_-]{0,99}$'`),
    uniqueIndex('waitlist_signups_email_source_uq').on(sql`lower(${t.email})`, t.source),
    // the admins' list, newest first
    index().on(t.createdAt),
  ],
);
