import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { mentorFavorites, users } from '../../drizzle/schema/users.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { deleteOwned } from '../lib/owned-rows.queries.ts';
import { mentorItemColumns } from '../mentors/mentors.queries.ts';

const favoriteColumns = { favoriteId: mentorFavorites.id, createdAt: mentorFavorites.createdAt, ...mentorItemColumns };

export function listFavorites(db: Db, userId: number) {
  return db
    .select(favoriteColumns)
    .from(mentorFavorites)
    .innerJoin(users, eq(users.id, mentorFavorites.mentorId))
    .where(eq(mentorFavorites.userId, userId))
    .orderBy(desc(mentorFavorites.createdAt), desc(mentorFavorites.id));
}

export type AddFavoriteOutcome = { kind: 'added'; id: number } | { kind: 'not_mentor' } | { kind: 'duplicate' };

/**
 * Adds a mentor in one INSERT … SELECT that finds nothing to insert unless the id is a mentor's;
 * mentor_favorites_pair_uq decides about duplicates (two tabs clicking at once).
 */
export async function addFavorite(db: Db, userId: number, mentorId: number): Promise<AddFavoriteOutcome> {
  try {
    const result = await db.execute<{ id: number }>(sql`
      insert into mentor_favorites (user_id, mentor_id)
      select ${userId}::int, u.id from users u where u.id = ${mentorId} and u.role = 'mentor'
      returning id`);
    const [row] = result.rows;
    return row ? { kind: 'added', id: Number(row.id) } : { kind: 'not_mentor' };
  } catch (e) {
    if (isUniqueViolation(e, 'mentor_favorites_pair_uq')) return { kind: 'duplicate' };
    throw e;
  }
}

export async function findFavorite(db: Db, userId: number, id: number) {
  const [row] = await db
    .select(favoriteColumns)
    .from(mentorFavorites)
    .innerJoin(users, eq(users.id, mentorFavorites.mentorId))
    .where(and(eq(mentorFavorites.id, id), eq(mentorFavorites.userId, userId)))
    .limit(1);
  return row ?? null;
}

export const deleteFavorite = (db: Db, userId: number, id: number) => deleteOwned(db, mentorFavorites, userId, id);
