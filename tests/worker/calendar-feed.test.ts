// The private calendar feed and single-item .ics files (decision 010), read back with ical.js, an independent
// RFC 5545 parser: what it can't parse, Google Calendar and Apple Calendar won't import either.
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../drizzle/schema/calendars.ts';
import { consultationBookings, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import { htmlToText } from '../../worker/calendars/html-to-text.ts';
import { createEvent, createUser } from '../factories.ts';
import { DAY, paidBooking } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
type FeedAddress = { url: string; webcal_url: string; created_at: string };

const makeFeed = (user: Person) => expectJson<FeedAddress>(send('POST', '/api/calendars/feed/', { user: asUser(user) }), 201);
const pathOf = (url: string) => new URL(url).pathname;

async function ics(res: Response | Promise<Response>) {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(r.headers.get('cache-control')).toBe('private, no-store');
  return text;
}

/** The VEVENTs as a parser reads them, by UID. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const byUid = new Map<string, { summary: string; start: string; end: string; sequence: number; status: string; description: string; url: string; startZone: string }>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    byUid.set(event.uid, {
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url')),
      startZone: event.startDate.zone?.tzid ?? '',
    });
  }
  return { calendar, byUid };
}

/** iCalendar times have whole seconds. */
const inIcs = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();

const readFeed = async (url: string) => parse(await ics(send('GET', pathOf(url))));

describe('the calendar feed', () => {
  it("lists the person's consultations on both sides and their events, with stable UIDs and times in UTC", async () => {
    const { booking, mentee, mentor, slot, type } = await paidBooking(t.db, { startsIn: 3 * DAY, minutes: 45 });
    const led = await createEvent(t.db, mentor.id, { title: 'Мастер-класс', description: '<p>Первый <b>абзац</b></p><p>A &amp; B</p>', startsAt: new Date(Date.now() + 2 * DAY), durationMinutes: 90 });
    const host = await createUser(t.db, { role: 'mentor', firstName: 'Ольга', lastName: 'Ким' });
    const joined = await createEvent(t.db, host.id, { title: 'Лекция', startsAt: new Date(Date.now() + DAY), price: 0 });
    await expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(mentee), body: { event_id: joined.id } }), 201);

    const menteeFeed = await readFeed((await makeFeed(mentee)).url);
    expect([...menteeFeed.byUid.keys()].sort()).toEqual([`booking-${booking.id}@forma`, `event-${joined.id}@forma`]);
    const consultation = menteeFeed.byUid.get(`booking-${booking.id}@forma`)!;
    expect(consultation).toMatchObject({
      summary: `${type.name} — ${mentor.firstName} ${mentor.lastName}`,
      start: inIcs(slot.startsAt),
      end: inIcs(new Date(slot.startsAt.getTime() + 45 * 60_000)),
      status: 'CONFIRMED',
      startZone: 'UTC',
    });
    expect(consultation.description).toContain(`Наставник: ${mentor.firstName} ${mentor.lastName}`);
    expect(consultation.url).toMatch(/\/CalendarPage$/);
    expect(menteeFeed.byUid.get(`event-${joined.id}@forma`)).toMatchObject({ summary: 'Лекция', status: 'CONFIRMED', start: inIcs(joined.startsAt) });
    expect(menteeFeed.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Форма');
    expect(String(menteeFeed.calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');

    const mentorFeed = await readFeed((await makeFeed(mentor)).url);
    expect([...mentorFeed.byUid.keys()].sort()).toEqual([`booking-${booking.id}@forma`, `event-${led.id}@forma`]);
    expect(mentorFeed.byUid.get(`booking-${booking.id}@forma`)!.description).toContain(`Участник: ${mentee.firstName} ${mentee.lastName}`);
    const event = mentorFeed.byUid.get(`event-${led.id}@forma`)!;
    expect(event.description).toContain('Первый абзац\nA & B');
    expect(event.url).toMatch(new RegExp(`/event_info/${led.id}$`));
  });

  it('raises SEQUENCE on every change, keeps the UID, and shows cancelled items as CANCELLED', async () => {
    const { booking, mentee, mentor } = await paidBooking(t.db, { startsIn: 3 * DAY });
    const host = await createUser(t.db, { role: 'mentor' });
    const joined = await createEvent(t.db, host.id, { title: 'Лекция', startsAt: new Date(Date.now() + 2 * DAY), price: 0 });
    const register = () => expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(mentee), body: { event_id: joined.id } }), 201);
    const leave = () => expectJson(send('POST', '/api/events/unregister/', { user: asUser(mentee), body: { event_id: joined.id } }), 200);
    await register();
    const { url } = await makeFeed(mentee);
    const bookingUid = `booking-${booking.id}@forma`;
    const eventUid = `event-${joined.id}@forma`;
    const before = (await readFeed(url)).byUid;

    // the mentor moves the event: a new time, a higher SEQUENCE, the same UID
    const moved = new Date(Date.now() + 4 * DAY);
    await t.db.update(events).set({ startsAt: moved }).where(eq(events.id, joined.id));
    const afterMove = (await readFeed(url)).byUid;
    expect(afterMove.get(eventUid)!.start).toBe(inIcs(moved));
    expect(afterMove.get(eventUid)!.sequence).toBeGreaterThan(before.get(eventUid)!.sequence);

    // leaving: the event stays, cancelled, with a higher SEQUENCE; coming back raises it again
    await leave();
    const afterLeave = (await readFeed(url)).byUid;
    expect(afterLeave.get(eventUid)).toMatchObject({ status: 'CANCELLED' });
    expect(afterLeave.get(eventUid)!.sequence).toBeGreaterThan(afterMove.get(eventUid)!.sequence);
    await register();
    const afterReturn = (await readFeed(url)).byUid;
    expect(afterReturn.get(eventUid)).toMatchObject({ status: 'CONFIRMED' });
    expect(afterReturn.get(eventUid)!.sequence).toBeGreaterThan(afterLeave.get(eventUid)!.sequence);

    // the buyer cancels the consultation
    await expectJson(send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentee), body: { user_id: mentee.id } }), 200);
    const afterCancel = (await readFeed(url)).byUid;
    expect(afterCancel.get(bookingUid)).toMatchObject({ status: 'CANCELLED' });
    expect(afterCancel.get(bookingUid)!.sequence).toBeGreaterThan(before.get(bookingUid)!.sequence);
    expect((await readFeed((await makeFeed(mentor)).url)).byUid.get(bookingUid)).toMatchObject({ status: 'CANCELLED' });
  });

  it('is shown once: the state says only whether it exists; a reset kills the old address, deleting kills the feed', async () => {
    const user = await createUser(t.db);
    expect(await expectJson(send('GET', '/api/calendars/feed/', { user: asUser(user) }), 200)).toEqual({ active: false, created_at: null });
    const first = await makeFeed(user);
    expect(first.url).toMatch(/\/api\/calendars\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcal_url).toBe(first.url.replace(/^https?:/, 'webcal:'));
    const state = await expectJson(send('GET', '/api/calendars/feed/', { user: asUser(user) }), 200);
    expect(state).toEqual({ active: true, created_at: first.created_at });
    expect(JSON.stringify(state)).not.toContain(pathOf(first.url).split('/').pop()!.slice(0, 20));

    // only the hash is stored
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    const token = pathOf(first.url).split('/').pop()!.replace('.ics', '');
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);

    await ics(send('GET', pathOf(first.url)));
    const second = await makeFeed(user);
    expect(second.url).not.toBe(first.url);
    const gone = await expectJson(send('GET', pathOf(first.url)), 404);
    expect(gone).toEqual({ detail: 'Календарь не найден: ссылка сброшена или неверна', code: 'not_found' });
    await ics(send('GET', pathOf(second.url)));

    expect((await send('DELETE', '/api/calendars/feed/', { user: asUser(user) })).status).toBe(204);
    await expectJson(send('GET', pathOf(second.url)), 404);
    expect(await expectJson(send('GET', '/api/calendars/feed/', { user: asUser(user) }), 200)).toEqual({ active: false, created_at: null });
  });

  it('needs a signed-in person to make or see a feed; a malformed address is refused', async () => {
    await expectJson(send('POST', '/api/calendars/feed/'), 401);
    await expectJson(send('GET', '/api/calendars/feed/'), 401);
    await expectJson(send('GET', '/api/calendars/feed/short.ics'), 400);
    await expectJson(send('GET', `/api/calendars/feed/${'a'.repeat(43)}.ics`), 404);
  });
});

describe('«Добавить в календарь»: one item as .ics', () => {
  it('gives a consultation to its buyer and its mentor only', async () => {
    const { booking, mentee, mentor, type } = await paidBooking(t.db, { startsIn: 3 * DAY });
    const stranger = await createUser(t.db);
    for (const person of [mentee, mentor]) {
      const res = await send('GET', `/api/calendars/bookings/${booking.id}.ics`, { user: asUser(person) });
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="forma-booking-${booking.id}.ics"`);
      const { calendar, byUid } = parse(await ics(res));
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(byUid.get(`booking-${booking.id}@forma`)!.summary).toContain(type.name);
    }
    await expectJson(send('GET', `/api/calendars/bookings/${booking.id}.ics`, { user: asUser(stranger) }), 404);
    await expectJson(send('GET', `/api/calendars/bookings/${booking.id}.ics`), 401);
  });

  it('gives an event to anyone who can open its page', async () => {
    const host = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, host.id, { title: 'Открытая встреча', startsAt: new Date(Date.now() + DAY), durationMinutes: 30 });
    const { byUid } = parse(await ics(send('GET', `/api/calendars/events/${event.id}.ics`)));
    expect(byUid.get(`event-${event.id}@forma`)).toMatchObject({
      summary: 'Открытая встреча',
      start: inIcs(event.startsAt),
      end: inIcs(new Date(event.startsAt.getTime() + 30 * 60_000)),
    });
    await expectJson(send('GET', '/api/calendars/events/999999999.ics'), 404);
  });
});

// Issue 34: a mentor's title closed the calendar's NAME line and wrote two events of its own into the file.
const PLANTED = [
  'Вебинар',
  'BEGIN:VEVENT', 'UID:phish@x', 'DTSTART:20250101T100000Z', 'SUMMARY:Оплатите участие повторно', 'URL:https://evil.example/pay', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:phish2@x', 'DTSTART:20250102T100000Z', 'SUMMARY:Оплатите участие повторно', 'END:VEVENT',
  'X-PLANTED:1',
].join('\r\n');
// the separators a parser or a calendar app might also take for a line's end
const PLANTED_ODD = `Вебинар\u2028BEGIN:VEVENT\u0085UID:phish@x\rSUMMARY:Оплатите\nEND:VEVENT\u000b\u001b[0m`;

/** The file holds this one item and no line of anyone else's: the planted text stays inside one property value. */
function holdsOnly(text: string, uid: string) {
  const { calendar, byUid } = parse(text);
  expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
  expect([...byUid.keys()]).toEqual([uid]);
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  expect(unfolded.match(/^BEGIN:VEVENT$/gm)).toHaveLength(1);
  expect(unfolded).not.toMatch(/^(UID:phish|URL:https:\/\/evil|X-PLANTED)/m);
  // no control character but the CRLF that ends each line (RFC 5545 allows HTAB only, and we write none)
  expect(unfolded.split('\r\n').filter((line) => /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/.test(line))).toEqual([]);
  return { calendar, item: byUid.get(uid)! };
}

describe('text stored with line breaks (rows from before the single-line rule)', () => {
  it("can't plant events through an event's title: the public .ics and the feed hold only the real event", async () => {
    const host = await createUser(t.db, { role: 'mentor', firstName: 'Ольга\r\nX-PLANTED:1', lastName: 'Ким' });
    for (const title of [PLANTED, PLANTED_ODD]) {
      const event = await createEvent(t.db, host.id, { title, startsAt: new Date(Date.now() + DAY), price: 0 });
      const { calendar, item } = holdsOnly(await ics(send('GET', `/api/calendars/events/${event.id}.ics`)), `event-${event.id}@forma`);
      expect(item.summary.startsWith('Вебинар BEGIN:VEVENT')).toBe(true);
      expect(String(calendar.getFirstPropertyValue('x-wr-calname')).startsWith('Вебинар BEGIN:VEVENT')).toBe(true);
      expect(String(calendar.getFirstPropertyValue('name')).startsWith('Вебинар BEGIN:VEVENT')).toBe(true);
    }
    // NAME and X-WR-CALNAME are TEXT: written with RFC 5545's escapes, since the library writes them as given
    const listed = await createEvent(t.db, host.id, { title: 'Вебинар, часть 1; вход', startsAt: new Date(Date.now() + DAY) });
    expect(await ics(send('GET', `/api/calendars/events/${listed.id}.ics`))).toContain('\r\nX-WR-CALNAME:Вебинар\\, часть 1\\; вход\r\n');

    const mentee = await createUser(t.db);
    const event = await createEvent(t.db, host.id, { title: PLANTED, startsAt: new Date(Date.now() + DAY), price: 0 });
    await expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(mentee), body: { event_id: event.id } }), 201);
    holdsOnly(await ics(send('GET', pathOf((await makeFeed(mentee)).url))), `event-${event.id}@forma`);
  });

  it("can't plant events through a consultation type's name or a person's name in a booking's .ics", async () => {
    const { booking, mentee, mentor, type } = await paidBooking(t.db, { startsIn: 3 * DAY });
    await t.db.update(consultationTypes).set({ description: 'Первая строка\r\nвторая\u0007\u001b' }).where(eq(consultationTypes.id, type.id));
    // the name the booking keeps as bought (decision 010, «What was bought»), planted as an older row could hold it
    await t.db.update(consultationBookings).set({ typeName: PLANTED }).where(eq(consultationBookings.id, booking.id));
    await t.db.update(users).set({ lastName: 'Ким\r\nX-PLANTED:1\u2029' }).where(eq(users.id, mentor.id));
    const uid = `booking-${booking.id}@forma`;
    for (const person of [mentee, mentor]) {
      const { item } = holdsOnly(await ics(send('GET', `/api/calendars/bookings/${booking.id}.ics`, { user: asUser(person) })), uid);
      expect(item.summary.startsWith('Вебинар BEGIN:VEVENT')).toBe(true);
      // a description keeps its own line breaks, as text inside the one property
      expect(item.description).toContain('Первая строка\nвторая');
    }
    holdsOnly(await ics(send('GET', pathOf((await makeFeed(mentee)).url))), uid);
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs and list items as lines and decodes entities once', () => {
    expect(htmlToText('<h1>Заголовок</h1><ul><li>один</li><li>два</li></ul><p>&lt;b&gt; &#1060; &#x424;&nbsp;!</p>')).toBe(
      'Заголовок\n• один\n• два\n<b> Ф Ф !',
    );
  });
});
