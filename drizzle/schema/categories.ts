import { pgEnum } from 'drizzle-orm/pg-core';
import { categories } from '../categories.ts';

/** The categories of events and mentors as a Postgres enum. */
export const category = pgEnum('category', categories);
