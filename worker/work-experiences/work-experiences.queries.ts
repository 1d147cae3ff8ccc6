import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { workExperiences } from '../../drizzle/schema/users.ts';
import { deleteOwned, findOwned, insertCapped, updateOwned } from '../lib/owned-rows.queries.ts';
import { WORK_EXPERIENCES_MAX } from './work-experiences.schemas.ts';

type Values = Omit<typeof workExperiences.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Newest start first; the id breaks ties so the order is stable. */
export function listWorkExperiences(db: Db, userId: number) {
  return db
    .select()
    .from(workExperiences)
    .where(eq(workExperiences.userId, userId))
    .orderBy(desc(workExperiences.startDate), desc(workExperiences.id));
}

export const findWorkExperience = (db: Db, userId: number, id: number) => findOwned(db, workExperiences, userId, id);

/** null when the user already has the maximum number of rows */
export const insertWorkExperience = (db: Db, userId: number, values: Values) =>
  insertCapped(db, workExperiences, userId, WORK_EXPERIENCES_MAX, { ...values, userId });

export const updateWorkExperience = (db: Db, userId: number, id: number, values: Values) => updateOwned(db, workExperiences, userId, id, values);

export const deleteWorkExperience = (db: Db, userId: number, id: number) => deleteOwned(db, workExperiences, userId, id);
