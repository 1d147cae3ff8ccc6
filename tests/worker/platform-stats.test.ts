// The landings' counts (issue 36): GET /api/stats/platform/ counts mentors, learners, directions with a mentor and the
// consultations and events held from the database, and keeps its answer for minutes.
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../drizzle/categories.ts';
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { platformStats } from '../../worker/platform-stats/platform-stats.queries.ts';
import { createEvent, createUser } from '../factories.ts';
import { call, useTestDb } from './helpers.ts';

const t = useTestDb();
const HOUR = 3_600_000;
const ROLLBACK = new Error('rollback');

/**
 * Runs `fn` in one REPEATABLE READ snapshot and rolls it back: other test files write users and bookings at the same
 * time, and a snapshot sees none of their writes, only its own, so the counts' differences are exact.
 */
async function inSnapshot(fn: (tx: Db) => Promise<void>) {
  await expect(
    t.db.transaction(
      async (tx) => {
        await fn(tx as unknown as Db);
        throw ROLLBACK;
      },
      { isolationLevel: 'repeatable read' },
    ),
  ).rejects.toBe(ROLLBACK);
}

async function consultation(db: Db, mentorId: number, menteeId: number, startsIn: number, status: 'paid' | 'finished' | 'pending_payment' | 'canceled') {
  const [type] = await db.insert(consultationTypes).values({ mentorId, name: 'Разбор', costs: 1000 }).returning();
  const startsAt = new Date(Date.now() + startsIn);
  const [slot] = await db.insert(consultationSlots).values({ mentorId, consultationTypeId: type.id, startsAt, endsAt: new Date(startsAt.getTime() + HOUR) }).returning();
  const paid = status === 'paid' || status === 'finished' ? new Date(startsAt.getTime() - HOUR) : null;
  await db.insert(consultationBookings).values({
    slotId: slot.id,
    menteeId,
    mentorId,
    consultationTypeId: type.id,
    status,
    price: 1000,
    paidAt: paid,
    finishedAt: status === 'finished' ? new Date() : null,
    canceledAt: status === 'canceled' ? new Date() : null,
  });
}

describe('the platform counts', () => {
  it('count mentors, learners, held consultations and events with a participant; not what is ahead, unpaid or cancelled', async () => {
    await inSnapshot(async (db) => {
      const before = await platformStats(db);
      const mentor = await createUser(db, { role: 'mentor', category: 'Хобби' });
      const mentee = await createUser(db, { role: 'mentee' });
      await createUser(db, { role: 'admin' });

      await consultation(db, mentor.id, mentee.id, -3 * HOUR, 'paid'); // over, paid: held
      await consultation(db, mentor.id, mentee.id, -5 * HOUR, 'finished'); // over, closed by the buyer: held
      await consultation(db, mentor.id, mentee.id, -7 * HOUR, 'canceled'); // refunded: not held
      await consultation(db, mentor.id, mentee.id, -9 * HOUR, 'pending_payment'); // never paid: not held
      await consultation(db, mentor.id, mentee.id, 5 * HOUR, 'paid'); // ahead: not yet

      // registered while ahead (the database takes no registration for a past or cancelled event), then moved back
      const held = await createEvent(db, mentor.id, { durationMinutes: 60 });
      const empty = await createEvent(db, mentor.id, { durationMinutes: 60 });
      const canceled = await createEvent(db, mentor.id, { durationMinutes: 60 });
      const running = await createEvent(db, mentor.id, { durationMinutes: 60 });
      await db.insert(eventRegistrations).values([
        { eventId: held.id, userId: mentee.id, status: 'confirmed', confirmedAt: new Date() },
        { eventId: canceled.id, userId: mentee.id, status: 'confirmed', confirmedAt: new Date() },
        { eventId: running.id, userId: mentee.id, status: 'confirmed', confirmedAt: new Date() },
      ]);
      const startsAt = (agoMs: number) => new Date(Date.now() - agoMs);
      await db.update(events).set({ startsAt: startsAt(3 * HOUR) }).where(inArray(events.id, [held.id, empty.id, canceled.id]));
      await db.update(events).set({ isCanceled: true, canceledAt: new Date() }).where(eq(events.id, canceled.id));
      await db.update(events).set({ startsAt: startsAt(30 * 60_000) }).where(eq(events.id, running.id)); // still on

      const after = await platformStats(db);
      expect(after).toMatchObject({
        mentors: before.mentors + 1,
        mentees: before.mentees + 1,
        consultations_held: before.consultations_held + 2,
        events_held: before.events_held + 1,
      });
    });
  });

  it('count a direction once it has a mentor, and each direction once', async () => {
    await inSnapshot(async (db) => {
      const used = await db.execute<{ category: string }>(sql`select distinct category from users where role = 'mentor' and category is not null`);
      const taken = new Set(used.rows.map((row) => row.category));
      const free = categories.find((category) => !taken.has(category));
      const before = await platformStats(db);
      expect(before.categories).toBe(taken.size);
      if (free) {
        await createUser(db, { role: 'mentor', category: free });
        await createUser(db, { role: 'mentor', category: free });
        expect((await platformStats(db)).categories).toBe(before.categories + 1);
      } else {
        // every direction has mentors already in this database: one more changes nothing
        await createUser(db, { role: 'mentor', category: categories[0] });
        expect((await platformStats(db)).categories).toBe(before.categories);
      }
      // a learner's category (none is set in practice) does not make a direction
      await createUser(db, { role: 'mentee' });
      expect((await platformStats(db)).categories).toBe(before.categories + (free ? 1 : 0));
    });
  });
});

describe('GET /api/stats/platform/', () => {
  it('answers the counts to anyone, then the same answer from the cache for minutes though the data moved', async () => {
    await createUser(t.db, { role: 'mentor', category: 'Здоровье' });
    const first = await call('/api/stats/platform/');
    expect(first.status).toBe(200);
    const counted = (await first.json()) as Record<string, number>;
    expect(Object.keys(counted).sort()).toEqual(['categories', 'consultations_held', 'events_held', 'mentees', 'mentors']);
    for (const value of Object.values(counted)) expect(Number.isInteger(value) && value >= 0).toBe(true);
    // the answer is the database's count (read around it: other files add users meanwhile, never remove mentors)
    expect(counted.mentors).toBeLessThanOrEqual((await platformStats(t.db)).mentors);
    expect(counted.mentors).toBeGreaterThan(0);

    await createUser(t.db, { role: 'mentor', category: 'Карьера' });
    const again = await call('/api/stats/platform?utm_source=x');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await again.json()).toEqual(counted);
  });
});
