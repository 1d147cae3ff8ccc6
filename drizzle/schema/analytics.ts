import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { events } from './events.ts';
import { users } from './users.ts';

/** Views of a mentor's page or of one of their events: the top of the conversion funnel in analytics. */
export const pageViews = pgTable(
  'page_views',
  {
    id: id(),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer().references(() => events.id, { onDelete: 'cascade' }),
    viewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    viewedAt: createdAt(),
  },
  (t) => [index().on(t.mentorId, t.viewedAt)],
);
