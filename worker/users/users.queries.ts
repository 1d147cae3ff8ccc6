import { eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { users } from '../../drizzle/schema/users.ts';

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
