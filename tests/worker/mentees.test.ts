// A mentor's mentees for /MyMentee (GET /mentees/). Decision 009.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Status = (typeof consultationBookings.$inferInsert)['status'];

type Person = { id: number; role: SessionUser['role'] };
/** the typed client's mentee list as this user (a visitor without one), on the spec's path with the trailing slash unless told */
const mentees = (user: Person | undefined, search?: string, trailingSlash = true) =>
  apiAs(user && asUser(user), { trailingSlash }).mentees.$get({ query: search === undefined ? {} : { search } });

async function booking(db: Db, mentorId: number, menteeId: number, startsIn: number, status: Status, paid = status !== 'canceled') {
  const [type] = await db.insert(consultationTypes).values({ mentorId, name: 'Разбор резюме', costs: 1500 }).returning();
  const start = new Date(Date.now() + startsIn);
  const [slot] = await db
    .insert(consultationSlots)
    .values({ mentorId, consultationTypeId: type.id, startsAt: start, endsAt: new Date(start.getTime() + HOUR) })
    .returning();
  await db.insert(consultationBookings).values({ slotId: slot.id, menteeId, mentorId, consultationTypeId: type.id, status, price: 1500, paidAt: paid ? new Date() : null });
  return start;
}

describe('GET /mentees/', () => {
  it('lists who booked or registered, with counts, last contact and the chat room, newest contact first', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const anna = await createUser(t.db, { firstName: 'Анна', lastName: 'Ёлкина', avatarUrl: '/media/a.png' });
    const boris = await createUser(t.db, { firstName: 'Борис', lastName: 'Петров' });
    const vera = await createUser(t.db, { firstName: 'Вера', lastName: 'Смирнова' });
    const stranger = await createUser(t.db, { firstName: 'Глеб', lastName: 'Чужой' });
    const other = await createUser(t.db, { role: 'mentor' });

    // Anna: a finished consultation 10 days ago and a paid one in 2 days (her last contact), and an event seat
    await booking(t.db, mentor.id, anna.id, -10 * DAY, 'finished');
    const annaLast = await booking(t.db, mentor.id, anna.id, 2 * DAY, 'paid');
    const event = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() + 5 * DAY) });
    const [annaReg] = await t.db
      .insert(eventRegistrations)
      .values({ eventId: event.id, userId: anna.id, status: 'confirmed', createdAt: new Date(Date.now() - 3 * DAY) })
      .returning();
    // Boris: only an event registration, made an hour ago
    const [borisReg] = await t.db
      .insert(eventRegistrations)
      .values({ eventId: event.id, userId: boris.id, status: 'confirmed', createdAt: new Date(Date.now() - HOUR) })
      .returning();
    // Vera: a consultation 20 days ago, paid and then cancelled: she was a paying customer, so she counts
    const veraLast = await booking(t.db, mentor.id, vera.id, -20 * DAY, 'canceled', true);
    // not mentees: an unpaid cancelled booking, a booking still awaiting payment, a cancelled registration,
    // and a booking with another mentor
    await booking(t.db, mentor.id, stranger.id, 4 * DAY, 'canceled', false);
    await booking(t.db, mentor.id, stranger.id, 6 * DAY, 'pending_payment', false);
    await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: stranger.id, status: 'canceled' });
    await booking(t.db, other.id, stranger.id, 3 * DAY, 'paid');

    const room = await expectOk(apiAs(asUser(mentor), { trailingSlash: true }).chats['with-user'].$post({ json: { mentor_profile_id: anna.id } }), 200);

    const list = await expectOk(mentees(mentor), 200);
    expect(list).toEqual<typeof list>([
      {
        id: anna.id,
        name: 'Анна',
        surname: 'Ёлкина',
        avatar_url: '/media/a.png',
        bookings_count: 2,
        registrations_count: 1,
        // a date ahead is the next meeting, not the «последний контакт» (issue 35 item 15)
        last_contact: annaReg.createdAt.toISOString(),
        next_meeting: annaLast.toISOString(),
        chat_room_id: room.roomId,
        // decision 021: a booker's figures, zero until the hourly job has counted them
        reliability: { attendance: { attended: 0, due: 0 }, late_cancellations_90d: { canceled: 0, bookings: 0 } },
      },
      {
        id: boris.id,
        name: 'Борис',
        surname: 'Петров',
        avatar_url: null,
        bookings_count: 0,
        registrations_count: 1,
        last_contact: borisReg.createdAt.toISOString(),
        next_meeting: event.startsAt.toISOString(),
        chat_room_id: null,
        // only an event's guest: no booking, so no figures for this mentor
        reliability: null,
      },
      {
        id: vera.id,
        name: 'Вера',
        surname: 'Смирнова',
        avatar_url: null,
        bookings_count: 1,
        registrations_count: 0,
        last_contact: veraLast.toISOString(),
        next_meeting: null,
        chat_room_id: null,
        reliability: { attendance: { attended: 0, due: 0 }, late_cancellations_90d: { canceled: 0, bookings: 0 } },
      },
    ]);

    // search: case-insensitive, ё = е, over name and surname, every word must match
    const ids = async (q: string) => (await expectOk(mentees(mentor, q, false), 200)).map((m) => m.id);
    expect(await ids('елкина')).toEqual([anna.id]);
    expect(await ids('ЁЛК')).toEqual([anna.id]);
    expect(await ids('анна елк')).toEqual([anna.id]);
    expect(await ids('пет')).toEqual([boris.id]);
    expect(await ids('чужой')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('  ')).toHaveLength(3);

    // the other mentor sees only their own customer
    expect((await expectOk(mentees(other), 200)).map((m) => m.id)).toEqual([stranger.id]);
  });

  it("gives a mentee's consultations and events with this mentor, latest first, and nothing of another mentor's (issue 35 item 22)", async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const other = await createUser(t.db, { role: 'mentor' });
    const anna = await createUser(t.db, { firstName: 'Анна', lastName: 'Ёлкина' });
    const past = await booking(t.db, mentor.id, anna.id, -10 * DAY, 'finished');
    const ahead = await booking(t.db, mentor.id, anna.id, 2 * DAY, 'paid');
    await booking(t.db, mentor.id, anna.id, 4 * DAY, 'pending_payment', false);
    await booking(t.db, other.id, anna.id, 3 * DAY, 'paid');
    const event = await createEvent(t.db, mentor.id, { title: 'Открытый урок', startsAt: new Date(Date.now() + 5 * DAY) });
    await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: anna.id, status: 'confirmed' });

    const history = (user: Person, id: number) => apiAs(asUser(user), { trailingSlash: true }).mentees[':id'].history.$get({ param: { id: String(id) } });
    const rows = await expectOk(history(mentor, anna.id), 200);
    expect(rows.map((r) => [r.kind, r.title, r.starts_at, r.state])).toEqual([
      ['event', 'Открытый урок', event.startsAt.toISOString(), 'ahead'],
      ['consultation', 'Разбор резюме', ahead.toISOString(), 'ahead'],
      ['consultation', 'Разбор резюме', past.toISOString(), 'done'],
    ]);
    expect((await expectOk(history(other, anna.id), 200)).map((r) => r.kind)).toEqual(['consultation']);
    await expectError(history(anna, mentor.id), 403);
  });

  it('is for mentors only', async () => {
    const mentee = await createUser(t.db);
    expect(await expectError(mentees(mentee), 403)).toMatchObject({ code: 'forbidden' });
    expect(await expectError(mentees(undefined), 401)).toMatchObject({ code: 'not_authenticated' });
    const mentor = await createUser(t.db, { role: 'mentor' });
    expect(await expectOk(mentees(mentor), 200)).toEqual([]);
    const long = 'а'.repeat(101);
    expect(await expectError(mentees(mentor, long), 400)).toMatchObject({
      fields: { search: expect.any(String) },
    });
  });
});
