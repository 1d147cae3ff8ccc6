// The rules that protect accounts, seats and slots hold in the database itself, whatever code writes.
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { userReviews } from '../../drizzle/schema/reviews.ts';
import { users, workExperiences } from '../../drizzle/schema/users.ts';
import { createEvent, createUser, uniqueEmail } from '../factories.ts';
import { sqlState, testDb, useTestDb } from './helpers.ts';

const t = useTestDb();

const hour = 3_600_000;
const base = Date.UTC(2031, 0, 6, 7, 0, 0); // a Monday, 10:00 in Moscow

async function mentorWithType() {
  const mentor = await createUser(t.db, { role: 'mentor' });
  const [type] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Разбор', costs: 3000 }).returning();
  const slot = (from: number, to: number) =>
    t.db.insert(consultationSlots).values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: new Date(from), endsAt: new Date(to) }).returning();
  return { mentor, type, slot };
}

describe('accounts', () => {
  it('allows one account per e-mail, whatever its case', async () => {
    const email = uniqueEmail('case');
    await createUser(t.db, { email });
    expect(await sqlState(createUser(t.db, { email: email.toUpperCase() }))).toBe('23505');
  });

  it('cascades profile rows with their user', async () => {
    const user = await createUser(t.db);
    await t.db.insert(workExperiences).values({ userId: user.id, positionTitle: 'Дизайнер', companyName: 'Студия', startDate: '2020-01-01' });
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(workExperiences).where(eq(workExperiences.userId, user.id))).toHaveLength(0);
  });

  it('refuses a work period that ends before it starts', async () => {
    const user = await createUser(t.db);
    const bad = t.db.insert(workExperiences).values({ userId: user.id, positionTitle: 'A', companyName: 'B', startDate: '2022-05-01', endDate: '2021-01-01' });
    expect(await sqlState(bad)).toBe('23514');
  });
});

describe('consultation slots', () => {
  it('never overlap for one mentor, may touch, and may overlap across mentors', async () => {
    const a = await mentorWithType();
    await a.slot(base, base + hour);
    expect(await sqlState(a.slot(base + hour / 2, base + 2 * hour))).toBe('23P01');
    expect(await sqlState(a.slot(base + hour, base + 2 * hour))).toBeUndefined();
    const b = await mentorWithType();
    expect(await sqlState(b.slot(base, base + hour))).toBeUndefined();
  });

  it('hold at most one live booking each', async () => {
    const { mentor, type, slot } = await mentorWithType();
    const [s] = await slot(base + 10 * hour, base + 11 * hour);
    const [m1, m2] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const book = (menteeId: number) =>
      t.db.insert(consultationBookings).values({ slotId: s.id, menteeId, mentorId: mentor.id, consultationTypeId: type.id, price: 3000 }).returning();
    const [first] = await book(m1.id);
    expect(await sqlState(book(m2.id))).toBe('23505');
    await t.db.update(consultationBookings).set({ status: 'canceled' }).where(eq(consultationBookings.id, first.id));
    expect(await sqlState(book(m2.id))).toBeUndefined();
  });

  it('refuse a mentor booking their own slot and deleting a booked slot', async () => {
    const { mentor, type, slot } = await mentorWithType();
    const [s] = await slot(base + 20 * hour, base + 21 * hour);
    const own = t.db.insert(consultationBookings).values({ slotId: s.id, menteeId: mentor.id, mentorId: mentor.id, consultationTypeId: type.id, price: 0 });
    expect(await sqlState(own)).toBe('23514');
    const mentee = await createUser(t.db);
    await t.db.insert(consultationBookings).values({ slotId: s.id, menteeId: mentee.id, mentorId: mentor.id, consultationTypeId: type.id, price: 3000 });
    expect(await sqlState(t.db.delete(consultationSlots).where(eq(consultationSlots.id, s.id)))).toBe('23001'); // restrict_violation
  });
});

describe('event seats', () => {
  it('are never oversold, even by many simultaneous registrations', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, mentor.id, { totalSpots: 5 });
    const people = await Promise.all(Array.from({ length: 25 }, () => createUser(t.db)));
    // each attempt on its own connection, as separate Worker requests would be
    const results = await Promise.all(
      people.map(async (p) => {
        const own = testDb();
        try {
          return await sqlState(own.db.insert(eventRegistrations).values({ eventId: event.id, userId: p.id, status: 'confirmed' }));
        } finally {
          await own.close();
        }
      }),
    );
    expect(results.filter((r) => r === undefined)).toHaveLength(5);
    expect(results.filter((r) => r === '23514')).toHaveLength(20);
    const [after] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(after.takenSpots).toBe(5);
  });

  it('are given back when a registration is canceled, and counted once per person', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, mentor.id, { totalSpots: 3 });
    const person = await createUser(t.db);
    const [reg] = await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: person.id, status: 'pending_payment' }).returning();
    expect(await sqlState(t.db.insert(eventRegistrations).values({ eventId: event.id, userId: person.id, status: 'confirmed' }))).toBe('23505');
    await t.db.update(eventRegistrations).set({ status: 'confirmed' }).where(eq(eventRegistrations.id, reg.id));
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0].takenSpots).toBe(1);
    await t.db.update(eventRegistrations).set({ status: 'canceled' }).where(eq(eventRegistrations.id, reg.id));
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0].takenSpots).toBe(0);
  });

  it('cannot become live on a canceled event, even when the cancel commits while the insert waits', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, mentor.id, { totalSpots: 5 });
    const [early, late] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const canceler = testDb();
    try {
      let registering: Promise<string | undefined> | undefined;
      await canceler.db.transaction(async (tx) => {
        await tx.update(events).set({ isCanceled: true }).where(eq(events.id, event.id));
        // this insert's trigger waits for the event row held by the cancel above
        registering = sqlState(t.db.insert(eventRegistrations).values({ eventId: event.id, userId: early.id, status: 'confirmed' }));
        await new Promise((r) => setTimeout(r, 200));
      });
      expect(await registering).toBe('23514');
    } finally {
      await canceler.close();
    }
    expect(await sqlState(t.db.insert(eventRegistrations).values({ eventId: event.id, userId: late.id, status: 'pending_payment' }))).toBe('23514');
    expect(await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))).toHaveLength(0);
    // canceled registrations (history) are still allowed
    await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: late.id, status: 'canceled' });
  });

  it('cannot be reduced below the seats already taken', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, mentor.id, { totalSpots: 2 });
    const [p1, p2] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await t.db.insert(eventRegistrations).values([
      { eventId: event.id, userId: p1.id, status: 'confirmed' },
      { eventId: event.id, userId: p2.id, status: 'confirmed' },
    ]);
    expect(await sqlState(t.db.update(events).set({ totalSpots: 1 }).where(eq(events.id, event.id)))).toBe('23514');
  });
});

describe('reviews', () => {
  it('take 1 to 5 stars, one per author and mentor', async () => {
    const [mentor, author] = await Promise.all([createUser(t.db, { role: 'mentor' }), createUser(t.db)]);
    const review = (stars: number) => t.db.insert(userReviews).values({ toUserId: mentor.id, authorId: author.id, text: 'Отлично', stars });
    expect(await sqlState(review(6))).toBe('23514');
    expect(await sqlState(review(0))).toBe('23514');
    expect(await sqlState(review(5))).toBeUndefined();
    expect(await sqlState(review(4))).toBe('23505');
  });
});

describe('mentor review stats', () => {
  it('follow user_reviews through insert, update and delete', async () => {
    const [mentor, a, b] = await Promise.all([createUser(t.db, { role: 'mentor' }), createUser(t.db), createUser(t.db)]);
    const stats = async () => {
      const [row] = await t.db.select({ n: users.reviewsCount, sum: users.reviewStarsSum }).from(users).where(eq(users.id, mentor.id));
      return row;
    };
    const [first] = await t.db.insert(userReviews).values({ toUserId: mentor.id, authorId: a.id, text: 'Хорошо', stars: 4 }).returning();
    await t.db.insert(userReviews).values({ toUserId: mentor.id, authorId: b.id, text: 'Отлично', stars: 5 });
    expect(await stats()).toEqual({ n: 2, sum: 9 });
    await t.db.update(userReviews).set({ stars: 2 }).where(eq(userReviews.id, first.id));
    expect(await stats()).toEqual({ n: 2, sum: 7 });
    await t.db.delete(userReviews).where(eq(userReviews.id, first.id));
    expect(await stats()).toEqual({ n: 1, sum: 5 });
  });

  it('follow a review moved from one mentor to another in one statement: both are counted again', async () => {
    const [from, to, author] = await Promise.all([createUser(t.db, { role: 'mentor' }), createUser(t.db, { role: 'mentor' }), createUser(t.db)]);
    const counts = async () => {
      const rows = await t.db.select({ id: users.id, n: users.reviewsCount }).from(users).where(inArray(users.id, [from.id, to.id]));
      return [from, to].map((mentor) => rows.find((r) => r.id === mentor.id)?.n);
    };
    const [review] = await t.db.insert(userReviews).values({ toUserId: from.id, authorId: author.id, text: 'Хорошо', stars: 4 }).returning();
    expect(await counts()).toEqual([1, 0]);
    await t.db.update(userReviews).set({ toUserId: to.id }).where(eq(userReviews.id, review.id));
    expect(await counts()).toEqual([0, 1]);
  });

  // issue 36 review: migration 0027 wrote the same trigger function twice, once per table; 0038 keeps one
  it('come from one trigger function for page reviews and consultation ratings, told each table its mentor column', async () => {
    const { rows } = await t.db.execute<{ name: string; def: string }>(sql`
      select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
      where t.tgrelid in ('user_reviews'::regclass, 'consultation_reviews'::regclass) and t.tgname like '%\_rating\_%'
      order by t.tgname`);
    expect(rows.map((r) => [r.name, /EXECUTE FUNCTION (.+)$/.exec(r.def)?.[1]])).toEqual([
      ['consultation_reviews_rating_delete', "forma_reviews_rating('mentor_id')"],
      ['consultation_reviews_rating_insert', "forma_reviews_rating('mentor_id')"],
      ['consultation_reviews_rating_update', "forma_reviews_rating('mentor_id')"],
      ['user_reviews_rating_delete', "forma_reviews_rating('to_user_id')"],
      ['user_reviews_rating_insert', "forma_reviews_rating('to_user_id')"],
      ['user_reviews_rating_update', "forma_reviews_rating('to_user_id')"],
    ]);
    const old = await t.db.execute(sql`select 1 from pg_proc where proname in ('forma_user_reviews_rating', 'forma_consultation_reviews_rating')`);
    expect(old.rows).toEqual([]);
  });
});
