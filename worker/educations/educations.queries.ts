import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { educations } from '../../drizzle/schema/users.ts';
import { deleteOwned, findOwned, insertCapped, updateOwned } from '../lib/owned-rows.queries.ts';
import { EDUCATIONS_MAX } from './educations.schemas.ts';

type Values = Omit<typeof educations.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Newest start first; the id breaks ties so the order is stable. */
export function listEducations(db: Db, userId: number) {
  return db.select().from(educations).where(eq(educations.userId, userId)).orderBy(desc(educations.startYear), desc(educations.id));
}

export const findEducation = (db: Db, userId: number, id: number) => findOwned(db, educations, userId, id);

/** null when the user already has the maximum number of rows */
export const insertEducation = (db: Db, userId: number, values: Values) => insertCapped(db, educations, userId, EDUCATIONS_MAX, { ...values, userId });

export const updateEducation = (db: Db, userId: number, id: number, values: Values) => updateOwned(db, educations, userId, id, values);

export const deleteEducation = (db: Db, userId: number, id: number) => deleteOwned(db, educations, userId, id);
