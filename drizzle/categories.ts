// The six categories of events and mentors (spec 000 §3). Pure, so the SPA imports the same list the database's
// enum is made of (drizzle/schema/categories.ts) without pulling drizzle into a page.
export const categories = ['Здоровье', 'Карьера', 'Образование', 'Красота', 'Хобби', 'Просвещение'] as const;
export type Category = (typeof categories)[number];
