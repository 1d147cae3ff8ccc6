// withFlatRows (drizzle/flat-rows.ts): a prepared select whose fields are all at the top level maps its rows with a
// mapping worked out once, and gives exactly what drizzle's own mapping gives; any other select keeps drizzle's.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import { withFlatRows } from '../../drizzle/flat-rows.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';

const t = useTestDb();

describe('withFlatRows', () => {
  it("maps a flat select's rows as drizzle does: decoders, expressions, aliases and nulls", async () => {
    const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Анна', avatarUrl: null });
    const starts = new Date(Date.now() + 86_400_000);
    await createEvent(t.db, mentor.id, { startsAt: starts, price: 1200, imageUrl: null });
    await createEvent(t.db, mentor.id, { startsAt: new Date(starts.getTime() + 3_600_000), price: 0 });
    const select = () =>
      t.db.http
        .select({
          id: events.id,
          startsAt: events.startsAt,
          price: events.price,
          imageUrl: events.imageUrl,
          isFree: sql<boolean>`${events.price} = 0`,
          doubled: sql`${events.price} * 2`.mapWith(Number),
          named: sql<string>`${users.firstName}`.as('named'),
          avatar: users.avatarUrl,
        })
        .from(events)
        .innerJoin(users, eq(users.id, events.mentorId))
        .where(eq(events.mentorId, sql.placeholder('mentor')))
        .orderBy(events.startsAt);
    const theirs = await select().prepare('theirs').execute({ mentor: mentor.id });
    const flat = withFlatRows(select().prepare('flat'));
    const ours = await flat.execute({ mentor: mentor.id });
    expect(ours).toEqual(theirs);
    expect(ours).toHaveLength(2);
    expect(ours[0]).toEqual({ id: expect.any(Number), startsAt: starts, price: 1200, imageUrl: null, isFree: false, doubled: 2400, named: 'Анна', avatar: null });
    expect(ours[0]!.startsAt).toBeInstanceOf(Date);
    // the mapping is its own, not drizzle's
    expect(flat.mapResult).not.toBe(select().prepare('again').mapResult);
  });

  it('leaves a select with nested fields to drizzle (a left join may null a whole object)', async () => {
    const nested = t.db.http
      .select({ id: events.id, mentor: { id: users.id, name: users.firstName } })
      .from(events)
      .leftJoin(users, eq(users.id, events.mentorId))
      .limit(1)
      .prepare('nested');
    const drizzles = nested.mapResult;
    expect(withFlatRows(nested).mapResult).toBe(drizzles);
  });
});
