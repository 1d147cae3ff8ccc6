// The notifications decision 026 routes to Telegram that the product did not make before: the reminder a day before a
// meeting (with its e-mail, as the hour-before one), «Комната открыта» when the host opens the room, and the request
// for a rating once a consultation is over. Each is stored once however often the job or the call repeats.
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { disputes } from '../../drizzle/schema/payments.ts';
import { consultationReviews } from '../../drizzle/schema/reviews.ts';
import { sendDueDayReminders, sendDueReminders } from '../../worker/reminders/reminders.ts';
import { REVIEW_REQUEST_URL, sendReviewRequests } from '../../worker/reviews/review-requests.ts';
import { createEvent, createUser } from '../factories.ts';
import { openNotifications } from './chat-socket.ts';
import { DAY, paidBooking, shiftSlot } from './escrow-fixtures.ts';
import { bindings, testDb, useTestDb } from './helpers.ts';
import { asUser, countMail, send } from './json-api.ts';

const t = useTestDb();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const noticesOf = (userId: number, keyPattern: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, keyPattern)));

/** A paid consultation (booked ten days ahead) moved to start at `startsAt`, for a mentee in `menteeZone`. */
async function consultationAt(startsAt: Date, menteeZone = 'Europe/Moscow', minutes = 60) {
  const mentee = await createUser(t.db, { timeZone: menteeZone, firstName: 'Анна' });
  const fixture = await paidBooking(t.db, { startsIn: 10 * DAY, minutes, mentee });
  await t.db.update(consultationSlots).set({ startsAt, endsAt: new Date(startsAt.getTime() + minutes * MINUTE) }).where(eq(consultationSlots.id, fixture.slot.id));
  return fixture;
}

describe('reminders a day before', () => {
  it('reach the mentee and the mentor of a paid consultation once, each in their own zone and calendar, with an e-mail', async () => {
    // 23:40 in Moscow on 10 March; 01:40 on 11 March in Yekaterinburg
    const startsAt = new Date('2031-03-10T20:40:00Z');
    const { mentee, mentor, booking } = await consultationAt(startsAt, 'Asia/Yekaterinburg');
    // 23 hours 30 minutes before: 00:10 on 10 March in Moscow, 02:10 in Yekaterinburg
    const now = new Date(startsAt.getTime() - 23.5 * HOUR);
    const tab = await openNotifications(asUser(mentee));
    // overlapping runs on their own connections, then a later one: as two schedulers and a retry would be
    const handles = [testDb(), testDb(), testDb()];
    const counts = await Promise.all(handles.map((h) => sendDueDayReminders(bindings, h.db, now)));
    await sendDueDayReminders(bindings, t.db, new Date(now.getTime() + 20 * MINUTE));
    await Promise.all(handles.map((h) => h.close()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);

    const key = `reminder_day:booking:${booking.id}@${startsAt.getTime() / 1000}`;
    const [forMentee] = await noticesOf(mentee.id, key);
    const [forMentor] = await noticesOf(mentor.id, key);
    expect(await noticesOf(mentee.id, 'reminder_day:%')).toHaveLength(1);
    expect(forMentee).toMatchObject({ kind: 'reminder', payload: { url: `/booking-conference/${booking.id}` } });
    expect(forMentee.message).toBe('Напоминание: завтра, 11 марта, в 01:40 — консультация «Разбор резюме». Комната откроется за 30 минут до начала.');
    expect(forMentor.message).toBe('Напоминание: сегодня, 10 марта, в 23:40 — консультация «Разбор резюме». Комната откроется за 30 минут до начала.');
    expect(await countMail(t.db, mentee.email!, 'Консультация завтра в 01:40')).toBe(1);
    expect(await countMail(t.db, mentor.email!, 'Консультация сегодня в 23:40')).toBe(1);
    const [notice] = await tab.waitFor((m) => m.type === 'notification');
    expect(notice).toMatchObject({ notification: { payload: { url: `/booking-conference/${booking.id}` } } });
    tab.ws.close();

    // the hour-before reminder still comes, under its own key
    await sendDueReminders(bindings, t.db, new Date(startsAt.getTime() - 30 * MINUTE));
    expect(await noticesOf(mentee.id, `reminder:booking:${booking.id}@%`)).toHaveLength(1);
    expect(await noticesOf(mentee.id, 'reminder_day:%')).toHaveLength(1);
  });

  it('go only 23 to 24 hours ahead; not for a cancelled consultation or event; reach an event’s confirmed participants', async () => {
    const now = new Date('2031-03-09T09:00:00Z');
    const due = await consultationAt(new Date(now.getTime() + 23.5 * HOUR));
    const tooFar = await consultationAt(new Date(now.getTime() + 24 * HOUR + MINUTE));
    const tooNear = await consultationAt(new Date(now.getTime() + 22 * HOUR));
    const canceled = await consultationAt(new Date(now.getTime() + 23.5 * HOUR));
    await t.db.update(consultationBookings).set({ status: 'canceled', canceledAt: new Date() }).where(eq(consultationBookings.id, canceled.booking.id));

    const mentor = await createUser(t.db, { role: 'mentor' });
    const [going, left] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const event = await createEvent(t.db, mentor.id, { startsAt: new Date(now.getTime() + 23 * HOUR + 30 * MINUTE), title: 'Вечер акварели' });
    const off = await createEvent(t.db, mentor.id, { startsAt: new Date(now.getTime() + 23 * HOUR + 30 * MINUTE) });
    await t.db.insert(eventRegistrations).values([
      { eventId: event.id, userId: going.id, status: 'confirmed' },
      { eventId: event.id, userId: left.id, status: 'canceled' },
      { eventId: off.id, userId: going.id, status: 'confirmed' },
    ]);
    // cancelled after its participant registered
    await t.db.update(events).set({ isCanceled: true }).where(eq(events.id, off.id));
    await sendDueDayReminders(bindings, t.db, now);

    expect(await noticesOf(due.mentee.id, 'reminder_day:%')).toHaveLength(1);
    for (const f of [tooFar, tooNear, canceled]) {
      expect(await noticesOf(f.mentee.id, 'reminder_day:%')).toHaveLength(0);
      expect(await noticesOf(f.mentor.id, 'reminder_day:%')).toHaveLength(0);
    }
    const [seen] = await noticesOf(going.id, `reminder_day:event:${event.id}@%`);
    expect(seen.message).toBe('Напоминание: завтра, 10 марта, в 11:30 — мероприятие «Вечер акварели». Комната откроется за 30 минут до начала.');
    expect(await noticesOf(going.id, `reminder_day:event:${off.id}@%`)).toHaveLength(0);
    expect(await noticesOf(left.id, 'reminder_day:%')).toHaveLength(0);
    expect(await noticesOf(mentor.id, `reminder_day:event:${event.id}@%`)).toHaveLength(1);
    expect(await countMail(t.db, going.email!, 'Мероприятие завтра в 11:30')).toBe(1);
  });
});

describe('«Комната открыта»', () => {
  const open = (user: { id: number; role: 'mentee' | 'mentor' | 'admin' }, content_type: string, object_id: number, status = 'started') =>
    send('POST', '/api/conferences/update-from-salute-jazz/', { user: asUser(user), body: { content_type, object_id, status } });
  const hhmm = (at: Date, timeZone: string) => new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);

  it('tells the buyer once with the join link when the mentor opens the room, however often it is opened', async () => {
    const mentee = await createUser(t.db, { timeZone: 'Asia/Vladivostok' });
    const { mentor, booking, slot } = await paidBooking(t.db, { startsIn: 10 * DAY, mentee });
    await shiftSlot(t.db, slot.id, 10 * MINUTE);
    const [moved] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, slot.id));
    const tab = await openNotifications(asUser(mentee));

    expect((await open(mentor, 'consultationbooking', booking.id)).status).toBe(200);
    // a double click, a second tab, an end and a reopen
    await Promise.all([open(mentor, 'consultationbooking', booking.id), open(mentor, 'consultationbooking', booking.id)]);
    await open(mentor, 'consultationbooking', booking.id, 'ended');
    await open(mentor, 'consultationbooking', booking.id);

    const told = await noticesOf(mentee.id, 'room_open:%');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'room_open', payload: { url: `/booking-conference/${booking.id}` } });
    expect(told[0].message).toBe(`Комната открыта: консультация «Разбор резюме», начало в ${hhmm(moved.startsAt, 'Asia/Vladivostok')}. Можно входить.`);
    expect(await noticesOf(mentor.id, 'room_open:%')).toHaveLength(0);
    const [notice] = await tab.waitFor((m) => m.type === 'notification');
    expect(notice).toMatchObject({ notification: { payload: { url: `/booking-conference/${booking.id}` } } });
    tab.ws.close();
  });

  it('tells an event’s confirmed participants, not a cancelled or unpaid seat; nobody when the room may not open yet', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const [going, left, unpaid] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const event = await createEvent(t.db, mentor.id, { title: 'Разбор портфолио', startsAt: new Date(Date.now() + 10 * MINUTE), durationMinutes: 90 });
    const early = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() + 2 * HOUR) });
    await t.db.insert(eventRegistrations).values([
      { eventId: event.id, userId: going.id, status: 'confirmed' },
      { eventId: event.id, userId: left.id, status: 'canceled' },
      { eventId: event.id, userId: unpaid.id, status: 'pending_payment', holdExpiresAt: new Date(Date.now() + 10 * MINUTE) },
      { eventId: early.id, userId: going.id, status: 'confirmed' },
    ]);
    expect((await open(mentor, 'events', early.id)).status).toBe(409);
    expect((await open(mentor, 'events', event.id)).status).toBe(200);

    const [told] = await noticesOf(going.id, `room_open:event:${event.id}@%`);
    expect(told).toMatchObject({ kind: 'room_open', payload: { url: `/event-conference/${event.id}` } });
    expect(told.message).toMatch(/^Комната открыта: мероприятие «Разбор портфолио», начало в \d\d:\d\d\. Можно входить\.$/);
    expect(await noticesOf(going.id, 'room_open:%')).toHaveLength(1);
    expect(await noticesOf(left.id, 'room_open:%')).toHaveLength(0);
    expect(await noticesOf(unpaid.id, 'room_open:%')).toHaveLength(0);
    expect(await noticesOf(mentor.id, 'room_open:%')).toHaveLength(0);

    // the event moved 10 minutes later after its room opened: opened again then, its people hear of the new start
    const later = new Date(Date.now() + 20 * MINUTE);
    await t.db.update(events).set({ startsAt: later }).where(eq(events.id, event.id));
    await open(mentor, 'events', event.id);
    expect(await noticesOf(going.id, `room_open:event:${event.id}@%`)).toHaveLength(2);
  });
});

describe('review requests', () => {
  it('ask the buyer once, after the consultation is over, in their zone, with the link to rate it', async () => {
    const mentee = await createUser(t.db, { timeZone: 'Asia/Novosibirsk' });
    const { mentor, booking, slot } = await paidBooking(t.db, { startsIn: 10 * DAY, mentee });
    // started 70 minutes ago, an hour long: over 10 minutes ago
    await shiftSlot(t.db, slot.id, -70 * MINUTE);
    const [held] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, slot.id));

    const now = new Date();
    const handles = [testDb(), testDb(), testDb()];
    const counts = await Promise.all(handles.map((h) => sendReviewRequests(bindings, h.db, now)));
    await sendReviewRequests(bindings, t.db, new Date(now.getTime() + 5 * MINUTE));
    await Promise.all(handles.map((h) => h.close()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);

    const asked = await noticesOf(mentee.id, 'review_request:%');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ kind: 'review_request', dedupeKey: `review_request:booking:${booking.id}`, payload: { url: REVIEW_REQUEST_URL } });
    expect(REVIEW_REQUEST_URL).toBe('/CalendarPage?tab=history&filter=attended');
    const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Novosibirsk', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(held.startsAt);
    expect(asked[0].message).toBe(
      `Оцените консультацию «Разбор резюме» (${mentor.firstName} ${mentor.lastName}, ${when}): как всё прошло? Оценка займёт минуту и поможет другим выбрать наставника.`,
    );
    expect(await noticesOf(mentor.id, 'review_request:%')).toHaveLength(0);
  });

  it('do not ask before the end, for a cancelled, rated or disputed consultation, nor a day after it', async () => {
    const running = await paidBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, running.slot.id, -30 * MINUTE);
    const canceled = await paidBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, canceled.slot.id, -90 * MINUTE);
    await t.db.update(consultationBookings).set({ status: 'canceled', canceledAt: new Date() }).where(eq(consultationBookings.id, canceled.booking.id));
    const rated = await paidBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, rated.slot.id, -90 * MINUTE);
    await t.db.insert(consultationReviews).values({ bookingId: rated.booking.id, authorId: rated.mentee.id, mentorId: rated.mentor.id, rating: 5 });
    const disputed = await paidBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, disputed.slot.id, -90 * MINUTE);
    await t.db.insert(disputes).values({ bookingId: disputed.booking.id, openedBy: disputed.mentee.id, text: 'Наставник не пришёл' });
    const old = await paidBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, old.slot.id, -26 * HOUR);

    await sendReviewRequests(bindings, t.db, new Date());
    for (const f of [running, canceled, rated, disputed, old]) expect(await noticesOf(f.mentee.id, 'review_request:%')).toHaveLength(0);

    // the running one is asked once it is over
    await sendReviewRequests(bindings, t.db, new Date(Date.now() + 31 * MINUTE));
    expect(await noticesOf(running.mentee.id, 'review_request:%')).toHaveLength(1);
  });
});

describe('their Telegram topics (decision 026)', () => {
  it('are the kinds these notifications are stored as', async () => {
    const topic = async (kind: string) =>
      (await t.db.execute<{ topic: string | null }>(sql`select forma_notification_topic(${kind}) as topic`)).rows[0].topic;
    expect(await topic('reminder')).toBe('reminders');
    expect(await topic('room_open')).toBe('room_open');
    expect(await topic('review_request')).toBe('reviews');
  });
});
