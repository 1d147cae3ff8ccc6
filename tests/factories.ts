// Data factories shared by the tests: unique e-mails so tests never collide on rows.
import type { Db } from '../drizzle/db.ts';
import { users } from '../drizzle/schema/users.ts';
import { events } from '../drizzle/schema/events.ts';

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 8)}@test.forma`;
}

export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({ email: uniqueEmail(values.role ?? 'mentee'), firstName: 'Тест', lastName: 'Пользователь', ...values })
    .returning();
  return row;
}

export async function createEvent(db: Db, mentorId: number, values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await db
    .insert(events)
    .values({ mentorId, title: 'Тестовое мероприятие', startsAt: new Date(Date.now() + 7 * 86_400_000), ...values })
    .returning();
  return row;
}
