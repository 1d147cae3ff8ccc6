import { pgEnum } from 'drizzle-orm/pg-core';

/** The six categories of events and mentors. */
export const categories = ['Здоровье', 'Карьера', 'Образование', 'Красота', 'Хобби', 'Просвещение'] as const;
export type Category = (typeof categories)[number];
export const category = pgEnum('category', categories);
