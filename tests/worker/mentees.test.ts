// A mentor's mentees for /MyMentee (GET /mentees/). Decision 009.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Status = (typeof consultationBookings.$inferInsert)['status'];

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
    await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: anna.id, status: 'confirmed', createdAt: new Date(Date.now() - 3 * DAY) });
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

    const room = await expectJson(send('POST', '/api/chats/with-user/', { user: asUser(mentor), body: { mentor_profile_id: anna.id } }), 200);

    const list = await expectJson<any[]>(send('GET', '/api/mentees/', { user: asUser(mentor) }), 200);
    expect(list).toEqual([
      {
        id: anna.id,
        name: 'Анна',
        surname: 'Ёлкина',
        avatar_url: '/media/a.png',
        bookings_count: 2,
        registrations_count: 1,
        last_contact: annaLast.toISOString(),
        chat_room_id: room.roomId,
      },
      {
        id: boris.id,
        name: 'Борис',
        surname: 'Петров',
        avatar_url: null,
        bookings_count: 0,
        registrations_count: 1,
        last_contact: borisReg.createdAt.toISOString(),
        chat_room_id: null,
      },
      {
        id: vera.id,
        name: 'Вера',
        surname: 'Смирнова',
        avatar_url: null,
        bookings_count: 1,
        registrations_count: 0,
        last_contact: veraLast.toISOString(),
        chat_room_id: null,
      },
    ]);

    // search: case-insensitive, ё = е, over name and surname, every word must match
    const ids = async (q: string) =>
      (await expectJson<any[]>(send('GET', `/api/mentees?search=${encodeURIComponent(q)}`, { user: asUser(mentor) }), 200)).map((m) => m.id);
    expect(await ids('елкина')).toEqual([anna.id]);
    expect(await ids('ЁЛК')).toEqual([anna.id]);
    expect(await ids('анна елк')).toEqual([anna.id]);
    expect(await ids('пет')).toEqual([boris.id]);
    expect(await ids('чужой')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('  ')).toHaveLength(3);

    // the other mentor sees only their own customer
    expect((await expectJson<any[]>(send('GET', '/api/mentees/', { user: asUser(other) }), 200)).map((m) => m.id)).toEqual([stranger.id]);
  });

  it('is for mentors only', async () => {
    const mentee = await createUser(t.db);
    expect(await expectJson(send('GET', '/api/mentees/', { user: asUser(mentee) }), 403)).toMatchObject({ code: 'forbidden' });
    expect(await expectJson(send('GET', '/api/mentees/'), 401)).toMatchObject({ code: 'not_authenticated' });
    const mentor = await createUser(t.db, { role: 'mentor' });
    expect(await expectJson(send('GET', '/api/mentees/', { user: asUser(mentor) }), 200)).toEqual([]);
    const long = 'а'.repeat(101);
    expect(await expectJson(send('GET', `/api/mentees/?search=${encodeURIComponent(long)}`, { user: asUser(mentor) }), 400)).toMatchObject({
      fields: { search: expect.any(String) },
    });
  });
});
