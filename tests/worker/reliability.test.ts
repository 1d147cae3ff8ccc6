// Reliability people can see (issue 38 §4, decision 021): each figure computed in the database from the bookings, the
// meeting rooms' attendance and the chats, with the number it is computed from, into one row per person that the
// mentor list joins; the mentee's figures only to a mentor the mentee booked. Rows are written here directly, as
// the booking flow, the meeting's Durable Object and the chat write them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../drizzle/db.ts';
import { chatMembers, chatMessages, chatRooms } from '../../drizzle/schema/chats.ts';
import { conferenceAttendance, conferences } from '../../drizzle/schema/conferences.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { reliabilityFigures } from '../../drizzle/schema/reliability.ts';
import { hourlyReliability, RELIABILITY_MINUTE } from '../../worker/reliability/refresh-reliability.ts';
import { refreshReliability } from '../../worker/reliability/reliability.queries.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
type User = Awaited<ReturnType<typeof createUser>>;

const ago = (ms: number) => new Date(Date.now() - ms);

/** A consultation of `mentor` with `mentee` starting `startsAgo` ms ago (negative: ahead), in the given state. */
async function consultation(
  db: Db,
  mentor: User,
  mentee: User,
  startsAgo: number,
  state: { status: 'paid' | 'finished' | 'canceled' | 'pending_payment'; canceledBy?: User; canceledAgo?: number; unpaid?: boolean },
) {
  const [type] = await db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Разбор резюме', costs: 1500 }).returning();
  const start = ago(startsAgo);
  // booked while the slot was ahead, then moved to its time: a booking is never made for a slot already past
  const ahead = new Date(start.getTime() + 400 * DAY);
  const [slot] = await db
    .insert(consultationSlots)
    .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: ahead, endsAt: new Date(ahead.getTime() + HOUR) })
    .returning();
  const [booking] = await db
    .insert(consultationBookings)
    .values({
      slotId: slot.id,
      menteeId: mentee.id,
      mentorId: mentor.id,
      consultationTypeId: type.id,
      status: state.status,
      price: 1500,
      paidAt: state.unpaid ? null : ago(startsAgo + 2 * DAY),
      canceledAt: state.canceledAgo === undefined ? null : ago(state.canceledAgo),
      canceledBy: state.canceledBy?.id ?? null,
      finishedAt: state.status === 'finished' ? ago(startsAgo - 2 * HOUR) : null,
    })
    .returning();
  await db.update(consultationSlots).set({ startsAt: start, endsAt: new Date(start.getTime() + HOUR) }).where(eq(consultationSlots.id, slot.id));
  return { booking, start };
}

/** The room of a booking with stays of the given people from start − 1 min to start + 30 min. */
async function metIn(db: Db, c: { booking: { id: number; mentorId: number }; start: Date }, who: User[]) {
  const [room] = await db
    .insert(conferences)
    .values({ contentType: 'consultationbooking', objectId: c.booking.id, login: `room-${c.booking.id}`, password: 'secret', createdBy: c.booking.mentorId })
    .returning();
  for (const person of who) {
    await db.insert(conferenceAttendance).values({
      conferenceId: room.id,
      userId: person.id,
      joinedAt: new Date(c.start.getTime() - MIN),
      leftAt: new Date(c.start.getTime() + 30 * MIN),
    });
  }
}

/** A direct chat: `first` writes first `firstAgo` ms ago; the mentor answers `replyAfter` ms later (never when omitted). */
async function chat(db: Db, mentor: User, first: User, firstAgo: number, replyAfter?: number) {
  const [room] = await db
    .insert(chatRooms)
    .values({ directKey: `${Math.min(mentor.id, first.id)}:${Math.max(mentor.id, first.id)}` })
    .returning();
  await db.insert(chatMembers).values([
    { roomId: room.id, userId: mentor.id },
    { roomId: room.id, userId: first.id },
  ]);
  await db.insert(chatMessages).values({ roomId: room.id, senderId: first.id, content: 'Здравствуйте!', createdAt: ago(firstAgo) });
  if (replyAfter !== undefined) {
    await db.insert(chatMessages).values({ roomId: room.id, senderId: mentor.id, content: 'Добрый день', createdAt: ago(firstAgo - replyAfter) });
  }
}

async function figures(userId: number) {
  const [row] = await t.db.select().from(reliabilityFigures).where(eq(reliabilityFigures.userId, userId));
  return row;
}

describe('reliability figures', () => {
  it('counts a mentor: held sessions, attendance from the room, 90 days of cancellations (no-shows in, the mentee’s own out)', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const mentee = await createUser(t.db);
    // five held consultations (three finished, two still in escrow), both in the room
    for (let i = 0; i < 5; i += 1) {
      const c = await consultation(t.db, mentor, mentee, (i + 1) * DAY, { status: i < 3 ? 'finished' : 'paid' });
      await metIn(t.db, c, [mentor, mentee]);
    }
    // a no-show: the mentee came, the mentor did not, the job cancelled it as the mentor's after the start
    const noShow = await consultation(t.db, mentor, mentee, 7 * DAY, { status: 'canceled', canceledBy: mentor, canceledAgo: 7 * DAY - 16 * MIN });
    await metIn(t.db, noShow, [mentee]);
    // the mentee cancelled in time: neither a missed meeting nor the mentor's cancellation
    await consultation(t.db, mentor, mentee, 10 * DAY, { status: 'canceled', canceledBy: mentee, canceledAgo: 20 * DAY });
    // the mentor cancelled one 10 days ago (counts) and one 100 days ago (outside the window)
    await consultation(t.db, mentor, mentee, -5 * DAY, { status: 'canceled', canceledBy: mentor, canceledAgo: 10 * DAY });
    await consultation(t.db, mentor, mentee, 95 * DAY, { status: 'canceled', canceledBy: mentor, canceledAgo: 100 * DAY });
    // ahead, and never paid: not counted anywhere
    await consultation(t.db, mentor, mentee, -3 * DAY, { status: 'paid' });
    await consultation(t.db, mentor, mentee, 3 * DAY + 2 * HOUR, { status: 'canceled', unpaid: true, canceledBy: mentor, canceledAgo: 4 * DAY });
    // a held event (over, a confirmed guest), one cancelled and one with nobody: only the first is a session held
    const held = await createEvent(t.db, mentor.id, { startsAt: ago(3 * DAY) });
    const canceled = await createEvent(t.db, mentor.id, { startsAt: ago(3 * DAY) });
    await createEvent(t.db, mentor.id, { startsAt: ago(3 * DAY) });
    await t.db.insert(eventRegistrations).values([
      { eventId: held.id, userId: mentee.id, status: 'confirmed' },
      { eventId: canceled.id, userId: mentee.id, status: 'confirmed' },
    ]);
    await t.db.update(events).set({ isCanceled: true }).where(eq(events.id, canceled.id));

    expect(await refreshReliability(t.db, { ids: [mentor.id, mentee.id] })).toBe(2);
    expect(await figures(mentor.id)).toMatchObject({
      sessionsHeld: 4,
      consultationsDue: 6,
      consultationsAttended: 5,
      // held 5 + the no-show + the mentee's own cancellation + the mentor's 10 days ago
      bookings90d: 8,
      mentorCancellations90d: 2,
    });
    // the mentee: at all six whose time came (the no-show too); the cancellation 20 days before the start is not late
    expect(await figures(mentee.id)).toMatchObject({ menteeDue: 6, menteeAttended: 6, menteeBookings90d: 8, menteeLateCancellations90d: 0 });
  });

  it('counts a mentee who did not come, and a cancellation less than 24 h before the start as late', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const mentee = await createUser(t.db);
    const came = await consultation(t.db, mentor, mentee, 2 * DAY, { status: 'finished' });
    await metIn(t.db, came, [mentor, mentee]);
    // the mentor waited, the mentee never came
    const missed = await consultation(t.db, mentor, mentee, 3 * DAY, { status: 'paid' });
    await metIn(t.db, missed, [mentor]);
    await consultation(t.db, mentor, mentee, 5 * DAY, { status: 'canceled', canceledBy: mentee, canceledAgo: 5 * DAY + 3 * HOUR });
    await consultation(t.db, mentor, mentee, 6 * DAY, { status: 'canceled', canceledBy: mentee, canceledAgo: 6 * DAY + 2 * DAY });

    await refreshReliability(t.db, { ids: [mentor.id, mentee.id] });
    expect(await figures(mentee.id)).toMatchObject({ menteeDue: 2, menteeAttended: 1, menteeBookings90d: 4, menteeLateCancellations90d: 1 });
    // the mentor was there both times (waiting 10 minutes counts), and cancelled nothing
    expect(await figures(mentor.id)).toMatchObject({ consultationsDue: 2, consultationsAttended: 2, mentorCancellations90d: 0 });
  });

  it('takes the median time to a first reply over chats others opened; an unanswered one counts once it has waited 48 h', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    await chat(t.db, mentor, people[0], 5 * DAY, 10 * MIN);
    await chat(t.db, mentor, people[1], 5 * DAY, 30 * MIN);
    await chat(t.db, mentor, people[2], 5 * DAY, 2 * HOUR);
    await chat(t.db, mentor, people[3], 5 * DAY);
    // too young to judge, and one the mentor opened
    await chat(t.db, mentor, people[4], 3 * HOUR);
    const [own] = await t.db.insert(chatRooms).values({ directKey: `${mentor.id}:own-${people[5].id}` }).returning();
    await t.db.insert(chatMembers).values([
      { roomId: own.id, userId: mentor.id },
      { roomId: own.id, userId: people[5].id },
    ]);
    await t.db.insert(chatMessages).values({ roomId: own.id, senderId: mentor.id, content: 'Привет', createdAt: ago(4 * DAY) });

    await refreshReliability(t.db, { ids: [mentor.id] });
    // [10 min, 30 min, 2 h, never]: the median is the second, 30 minutes
    expect(await figures(mentor.id)).toMatchObject({ chatsOpened: 4, chatsAnswered: 3, replyMedianSeconds: 1800 });
  });

  it('the list reads the joined row; the hourly job refreshes stale rows only, at its minute', async () => {
    const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Надёжный' });
    const mentee = await createUser(t.db);
    const c = await consultation(t.db, mentor, mentee, DAY, { status: 'finished' });
    await metIn(t.db, c, [mentor, mentee]);
    const api = apiAs(undefined, { trailingSlash: true });
    const card = async () => (await expectOk(api.users.GetUser.$get({ query: { id: String(mentor.id) } }), 200)).reliability;
    // not counted yet: no figures rather than zeros
    expect(await card()).toBeNull();

    const at = new Date();
    at.setUTCMinutes(RELIABILITY_MINUTE - 1);
    expect(await hourlyReliability(t.db, at)).toBeUndefined();
    at.setUTCMinutes(RELIABILITY_MINUTE);
    expect(await hourlyReliability(t.db, at)).toBeGreaterThan(0);
    expect(await card()).toEqual({
      sessions_held: 1,
      attendance: { attended: 1, due: 1 },
      cancellations_90d: { canceled: 0, bookings: 1 },
      first_reply: { median_seconds: null, answered: 0, chats: 0 },
    });
    // fresh rows are left alone: a second run within the hour does not touch this one
    const before = (await figures(mentor.id)).refreshedAt;
    await hourlyReliability(t.db, at);
    expect((await figures(mentor.id)).refreshedAt).toEqual(before);
  });
});

describe('a mentee’s figures', () => {
  it('only a mentor the mentee booked sees them; another mentor gets 404, a mentee 403', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const stranger = await createUser(t.db, { role: 'mentor' });
    const mentee = await createUser(t.db);
    await consultation(t.db, mentor, mentee, 2 * DAY, { status: 'finished' });
    await consultation(t.db, mentor, mentee, -2 * DAY, { status: 'pending_payment', unpaid: true });
    await refreshReliability(t.db, { ids: [mentee.id] });
    const get = (user: User) => apiAs(asUser(user), { trailingSlash: true }).mentees[':id'].reliability.$get({ param: { id: String(mentee.id) } });

    expect(await expectOk(get(mentor), 200)).toEqual({
      attendance: { attended: 0, due: 1 },
      late_cancellations_90d: { canceled: 0, bookings: 1 },
    });
    expect((await expectError(get(stranger), 404)).detail).toBe('Ученик не найден');
    await expectError(get(mentee), 403);
  });
});
