// The bell's API and the reminders an hour before a meeting.
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { consultationSlots } from '../../drizzle/schema/consultations.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { storeNotifications } from '../../worker/notifications/notify.ts';
import { sendDueReminders } from '../../worker/reminders/reminders.ts';
import { createEvent, createUser } from '../factories.ts';
import { openNotifications } from './chat-socket.ts';
import { paidBooking } from './escrow-fixtures.ts';
import { bindings, testDb, useTestDb } from './helpers.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { asUser, countMail } from './json-api.ts';
import { apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();
const MINUTE = 60_000;

/** the typed client's bell as this user (a visitor without one), on the spec's paths with the trailing slash */
const bell = (user?: SessionUser) => apiAs(user, { trailingSlash: true }).notifications;
const page = (user?: SessionUser, query: { page?: string } = {}) => bell(user).$get({ query });
const markRead = (user: SessionUser, id: number) => bell(user)[':id'].mark_read.$post({ param: { id: String(id) } });

async function withNotices(count: number) {
  const user = await createUser(t.db);
  await storeNotifications(
    t.db,
    Array.from({ length: count }, (_, i) => ({ userId: user.id, kind: 'test', message: `Уведомление ${i + 1}`, url: i % 2 ? '/AllEvents' : undefined })),
  );
  return asUser(user);
}

describe('GET /api/notifications/', () => {
  it('pages newest first, 20 a page, with next, count and the unread count', async () => {
    const user = await withNotices(23);
    const first = await expectOk(page(user), 200);
    expectMatch(first, { next: 2, count: 23, unread_count: 23 });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]).toEqual<(typeof first.results)[number]>({ id: expect.any(Number), message: 'Уведомление 23', is_read: false, payload: {}, created_at: expect.any(String) });
    expect(first.results[1].payload).toEqual({ url: '/AllEvents' });
    const second = await expectOk(page(user, { page: '2' }), 200);
    expect(second.results.map((n) => n.message)).toEqual(['Уведомление 3', 'Уведомление 2', 'Уведомление 1']);
    expect(second.next).toBeNull();
    expect(await expectError(page(user, { page: '0' }), 400)).toMatchObject({ code: 'validation_error' });
    expect((await page()).status).toBe(401);
  });

  it("marks one read (only one's own) and all read, and tells every open tab", async () => {
    const user = await withNotices(3);
    const other = await withNotices(1);
    const tab = await openNotifications(user);
    const { results } = await expectOk(page(user), 200);
    expect((await markRead(other, results[0].id)).status).toBe(404);
    const read = await expectOk(markRead(user, results[0].id), 200);
    expect(read).toEqual<typeof read>({ id: results[0].id, is_read: true });
    expect(await tab.waitFor((m) => m.type === 'read')).toEqual([{ type: 'read', ids: [results[0].id] }]);
    expect((await expectOk(page(user), 200)).unread_count).toBe(2);
    const all = await expectOk(bell(user).mark_all_read.$post(), 200);
    expect(all).toEqual<typeof all>({ updated: 2 });
    await tab.waitFor((m) => m.type === 'read_all');
    expect((await expectOk(page(user), 200)).unread_count).toBe(0);
    expect((await expectOk(page(other), 200)).unread_count).toBe(1);
    tab.ws.close();
  });
});

describe('reminders an hour before', () => {
  it('reach the mentee and the mentor of a paid consultation once, with an e-mail, however often the scheduler runs', async () => {
    const { mentee, mentor, booking } = await paidBooking(t.db, { startsIn: 50 * MINUTE });
    const tab = await openNotifications(asUser(mentee));
    const now = new Date();
    // three overlapping runs, each on its own connection, as two schedulers and a late retry would be
    const handles = [testDb(), testDb(), testDb()];
    await Promise.all(handles.map((h) => sendDueReminders(bindings, h.db, now)));
    await sendDueReminders(bindings, t.db, new Date(now.getTime() + 5 * MINUTE));
    await Promise.all(handles.map((h) => h.close()));

    const rows = await t.db.select().from(notifications).where(like(notifications.dedupeKey, `reminder:booking:${booking.id}@%`));
    expect(rows.map((r) => r.userId).sort()).toEqual([mentee.id, mentor.id].sort());
    expect(rows[0]).toMatchObject({ kind: 'reminder', payload: { url: `/booking-conference/${booking.id}` } });
    expect(rows[0].message).toMatch(/^Консультация «Разбор резюме» начнётся в \d\d:\d\d/);
    expect(await countMail(t.db, mentee.email!, 'Консультация через час')).toBe(1);
    expect(await countMail(t.db, mentor.email!, 'Консультация через час')).toBe(1);
    const [notice] = await tab.waitFor((m) => m.type === 'notification');
    expect(notice).toMatchObject({ notification: { payload: { url: `/booking-conference/${booking.id}` } } });
    tab.ws.close();
  });

  it('reach the mentee again when the consultation moved to another time after its reminder (decision 024)', async () => {
    const { mentee, booking, slot } = await paidBooking(t.db, { startsIn: 50 * MINUTE });
    await sendDueReminders(bindings, t.db, new Date());
    const reminders = () => t.db.select().from(notifications).where(and(eq(notifications.userId, mentee.id), like(notifications.dedupeKey, `reminder:booking:${booking.id}@%`)));
    expect(await reminders()).toHaveLength(1);
    // moved 10 minutes earlier: the start the first reminder named is gone
    const startsAt = new Date(slot.startsAt.getTime() - 10 * MINUTE);
    await t.db.update(consultationSlots).set({ startsAt, endsAt: new Date(startsAt.getTime() + 60 * MINUTE) }).where(eq(consultationSlots.id, slot.id));
    await sendDueReminders(bindings, t.db, new Date());
    await sendDueReminders(bindings, t.db, new Date());
    const after = await reminders();
    expect(after).toHaveLength(2);
    expect(await countMail(t.db, mentee.email!, 'Консультация через час')).toBe(2);
  });

  it('are not sent earlier than an hour before, nor for a canceled event; reach an event’s confirmed participants', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const [going, left] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const soon = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() + 30 * MINUTE), title: 'Вечер акварели' });
    const later = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() + 90 * MINUTE) });
    await t.db.insert(eventRegistrations).values([
      { eventId: soon.id, userId: going.id, status: 'confirmed' },
      { eventId: soon.id, userId: left.id, status: 'canceled' },
      { eventId: later.id, userId: going.id, status: 'confirmed' },
    ]);
    await sendDueReminders(bindings, t.db, new Date());
    const reminded = async (eventId: number) =>
      (await t.db.select().from(notifications).where(and(like(notifications.dedupeKey, `reminder:event:${eventId}@%`), like(notifications.kind, 'reminder')))).map((r) => r.userId).sort();
    expect(await reminded(soon.id)).toEqual([mentor.id, going.id].sort());
    expect(await reminded(later.id)).toEqual([]);
    expect(await countMail(t.db, going.email!, 'Мероприятие через час')).toBe(1);

    const canceled = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() + 20 * MINUTE), isCanceled: true });
    await sendDueReminders(bindings, t.db, new Date());
    expect(await reminded(canceled.id)).toEqual([]);
  });
});
