// Moving a consultation to another time (issue 38 §1, decision 024): the mentee moves a paid booking to another free
// slot of the same mentor and type within the booking rules and the cut-off; the payment and its receipts stay with
// the booking; both people are told (bell, e-mail, the calendar's SEQUENCE, a line in their chat); the old slot is free
// at once; of 200 mentees moving onto one slot at once exactly one wins.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages } from '../../drizzle/schema/chats.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { fiscalReceipts, ledgerEntries, payments, refunds } from '../../drizzle/schema/payments.ts';
import { bookingMoveProposals } from '../../drizzle/schema/reschedule.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { bookingRow, DAY, HOUR, paidBooking, pendingBooking, type User } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send, waitForMail } from './json-api.ts';

const t = useTestDb();

/** another slot of the type, starting `startsIn` ms from now, for an hour */
async function slotIn(mentorId: number, typeId: number, startsIn: number) {
  const at = new Date(Math.ceil((Date.now() + startsIn) / 60_000) * 60_000);
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId, consultationTypeId: typeId, startsAt: at, endsAt: new Date(at.getTime() + HOUR) })
    .returning();
  return slot;
}

const move = (user: Pick<User, 'id' | 'role'>, bookingId: number, slotId: number) =>
  send('POST', `/api/consultation-bookings/${bookingId}/reschedule/`, { user: asUser(user), body: { slot_id: slotId } });

/** the slot ids the picker offers for the type over the next 60 days */
async function offered(typeId: number) {
  const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
  const query = new URLSearchParams({ consultation_type_id: String(typeId), start_date: day(-DAY), end_date: day(60 * DAY), time_zone: 'UTC' });
  const rows = await expectJson<{ id: number }[]>(send('GET', `/api/consultation-type-slots/available/?${query}`), 200);
  return rows.map((r) => r.id);
}

async function icsOf(user: User, bookingId: number) {
  const res = await send('GET', `/api/calendars/bookings/${bookingId}.ics`, { user: asUser(user) });
  expect(res.status).toBe(200);
  const text = (await res.text()).replace(/\r\n /g, '');
  return { uid: /^UID:(.+)$/m.exec(text)?.[1].trim(), sequence: Number(/^SEQUENCE:(\d+)/m.exec(text)?.[1]), start: /^DTSTART[^:]*:(.+)$/m.exec(text)?.[1].trim() };
}

describe('the mentee moves a paid consultation', () => {
  it('keeps the payment, its ledger and receipt; frees the old slot; tells both by bell, e-mail, calendar and chat', async () => {
    const { booking, mentee, mentor, type, slot, payment } = await paidBooking(t.db, { startsIn: 5 * DAY });
    const target = await slotIn(mentor.id, type.id, 7 * DAY);
    const ledgerBefore = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.paymentId));
    const receiptsBefore = await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, payment.paymentId));
    const icsBefore = await icsOf(mentee, booking.id);
    expect(await offered(type.id)).toEqual([target.id]);

    const answer = await expectJson(move(mentee, booking.id, target.id), 200);
    expect(answer).toEqual({
      status: 'moved',
      id: booking.id,
      slot_id: target.id,
      starts_at: target.startsAt.toISOString(),
      previous_starts_at: slot.startsAt.toISOString(),
      refunded: 0,
    });

    const row = await bookingRow(t.db, booking.id);
    expect(row).toMatchObject({ slotId: target.id, status: 'paid', price: booking.price, revision: icsBefore.sequence + 1 });
    // no second charge and no refund: the one payment, its ledger and its receipt, untouched
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.paymentId))).toEqual(ledgerBefore);
    expect(await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, payment.paymentId))).toEqual(receiptsBefore);
    // the old slot is offered again at once, the new one no more
    expect(await offered(type.id)).toEqual([slot.id]);
    // the calendar keeps the event's UID and raises its SEQUENCE, at the new time
    const icsAfter = await icsOf(mentor, booking.id);
    expect(icsAfter.uid).toBe(icsBefore.uid);
    expect(icsAfter.sequence).toBe(icsBefore.sequence + 1);
    expect(icsAfter.start).not.toBe(icsBefore.start);

    const notes = await t.db.select().from(notifications).where(eq(notifications.kind, 'booking_moved'));
    const forMentor = notes.find((n) => n.userId === mentor.id)!;
    expect(forMentor.message).toMatch(/^Ученик перенёс консультацию: Тест Пользователь, «Разбор резюме», .+ \(было .+\)$/);
    expect(forMentor.payload).toEqual({ url: `/CalendarPage?tab=leading&booking=${booking.id}` });
    expect(notes.find((n) => n.userId === mentee.id)!.message).toMatch(/^Вы перенесли консультацию: /);
    for (const person of [mentor, mentee]) {
      const [mail] = await waitForMail(t.db, person.email!, 'Консультация перенесена');
      expect(mail.text).toContain('Было: ');
      expect(mail.text).toContain(`booking=${booking.id}`);
    }
    const lines = await t.db.select().from(chatMessages).where(eq(chatMessages.senderId, mentee.id));
    expect(lines.map((m) => m.content)).toEqual([expect.stringMatching(/^Консультация «Разбор резюме» перенесена: .+ → .+ \(Europe\/Moscow\)$/)]);
  });

  it('moves a free consultation too, and a second time (each move raises the SEQUENCE again)', async () => {
    const { mentor, type, slot } = await (async () => {
      const m = await createUser(t.db, { role: 'mentor' });
      const [tp] = await t.db.insert(consultationTypes).values({ mentorId: m.id, name: 'Знакомство', durationMinutes: 60, costs: 0 }).returning();
      return { mentor: m, type: tp, slot: await slotIn(m.id, tp.id, 3 * DAY) };
    })();
    const mentee = await createUser(t.db);
    const booked = await expectJson<{ id: number; status: string }>(
      send('POST', '/api/consultation-bookings/create/', { user: asUser(mentee), body: { consultation_type_slot: slot.id } }),
      201,
    );
    expect(booked.status).toBe('paid');
    const second = await slotIn(mentor.id, type.id, 4 * DAY);
    const third = await slotIn(mentor.id, type.id, 5 * DAY);
    await expectJson(move(mentee, booked.id, second.id), 200);
    await expectJson(move(mentee, booked.id, third.id), 200);
    expect(await bookingRow(t.db, booked.id)).toMatchObject({ slotId: third.id, revision: 2 });
  });
});

describe('what a move must respect', () => {
  it('only the booking’s mentee moves it, only onto a free slot of the same mentor (another type: type-move.test.ts)', async () => {
    const { booking, mentee, mentor, type, slot } = await paidBooking(t.db, { startsIn: 5 * DAY });
    const target = await slotIn(mentor.id, type.id, 6 * DAY);
    const refused = async (user: User, slotId: number, status: number) => expectJson<{ code: string; detail: string }>(move(user, booking.id, slotId), status);
    expect(await refused(mentor, target.id, 403)).toEqual({ code: 'forbidden', detail: 'Перенести запись может только ученик, который её оплатил' });
    expect((await refused(await createUser(t.db), target.id, 404)).detail).toBe('Бронирование не найдено');
    expect(await refused(mentee, slot.id, 409)).toEqual({ code: 'same_slot', detail: 'Запись уже на это время' });
    const { slot: otherMentorSlot } = await paidBooking(t.db, { startsIn: 9 * DAY });
    expect((await refused(mentee, otherMentorSlot.id, 409)).code).toBe('slot_other_type');
    // someone else's booking holds the slot
    const taken = await slotIn(mentor.id, type.id, 10 * DAY);
    await expectJson(send('POST', '/api/consultation-bookings/create/', { user: asUser(await createUser(t.db)), body: { consultation_type_slot: taken.id } }), 201);
    expect(await refused(mentee, taken.id, 409)).toEqual({ code: 'slot_taken', detail: 'Это время уже занято' });
    const past = await slotIn(mentor.id, type.id, -3 * HOUR);
    expect((await refused(mentee, past.id, 409)).code).toBe('slot_past');
    expect((await refused(mentee, 2_000_000_000, 404)).detail).toBe('Слот не найден');
    expect((await bookingRow(t.db, booking.id)).slotId).toBe(slot.id);
    await expectJson(move(mentee, booking.id, target.id), 200);
  });

  it('refuses a booking not yet paid, and one already started', async () => {
    const { booking, mentee, mentor, type } = await pendingBooking(t.db, { startsIn: 5 * DAY });
    const target = await slotIn(mentor.id, type.id, 6 * DAY);
    expect((await expectJson(move(mentee, booking.id, target.id), 409)).code).toBe('booking_not_paid');
    const started = await paidBooking(t.db, { startsIn: 5 * DAY });
    await t.db.update(consultationSlots).set({ startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + HOUR) }).where(eq(consultationSlots.id, started.slot.id));
    const later = await slotIn(started.mentor.id, started.type.id, 6 * DAY);
    expect((await expectJson(move(started.mentee, started.booking.id, later.id), 409)).code).toBe('already_started');
  });

  it('holds the cancellation cut-off kept on the booking and the type’s rules for the new slot', async () => {
    const { booking, mentee, mentor, type } = await paidBooking(t.db, { startsIn: 20 * HOUR });
    const target = await slotIn(mentor.id, type.id, 6 * DAY);
    await t.db.update(consultationBookings).set({ cancelCutoffHours: 24 }).where(eq(consultationBookings.id, booking.id));
    expect(await expectJson(move(mentee, booking.id, target.id), 409)).toEqual({
      code: 'reschedule_cutoff_passed',
      detail: 'Перенести запись можно не позднее чем за 24 ч до начала',
    });
    await t.db.update(consultationBookings).set({ cancelCutoffHours: 12 }).where(eq(consultationBookings.id, booking.id));
    await t.db.update(consultationTypes).set({ horizonDays: 5 }).where(eq(consultationTypes.id, type.id));
    expect(await expectJson(move(mentee, booking.id, target.id), 409)).toEqual({
      code: 'booking_horizon',
      detail: 'Запись открыта не больше чем на 5 дн. вперёд',
    });
    await t.db.update(consultationTypes).set({ horizonDays: null }).where(eq(consultationTypes.id, type.id));
    await expectJson(move(mentee, booking.id, target.id), 200);
  });

  it('does not count the moved booking against itself: a later hour of the same day under a full daily limit, a step within its own buffer', async () => {
    const { booking, mentee, mentor, type, slot } = await paidBooking(t.db, { startsIn: 5 * DAY });
    await t.db.update(consultationTypes).set({ dailyLimit: 1, bufferAfterMinutes: 30, bufferBeforeMinutes: 30 }).where(eq(consultationTypes.id, type.id));
    // 15 minutes after the booked hour ends: within the booking's own buffer, on the same day (the limit is 1)
    const [near] = await t.db
      .insert(consultationSlots)
      .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: new Date(slot.endsAt.getTime() + 15 * 60_000), endsAt: new Date(slot.endsAt.getTime() + 75 * 60_000) })
      .returning();
    await expectJson(move(mentee, booking.id, near.id), 200);
    expect((await bookingRow(t.db, booking.id)).slotId).toBe(near.id);
  });
});

describe('a race onto one slot', () => {
  it('lets exactly one of 200 mentees moving onto one slot at once win; the others get slot_taken', async () => {
    const { mentor, type } = await paidBooking(t.db, { startsIn: 30 * DAY });
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 200 }, () => ({ email: uniqueEmail('move-race') })))
      .returning({ id: users.id, role: users.role });
    // each holds a paid booking of the type on a slot of their own (the money is beside the point of the race)
    const base = Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR;
    const slots = await t.db
      .insert(consultationSlots)
      .values(people.map((_, i) => ({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: new Date(base + i * 2 * HOUR), endsAt: new Date(base + i * 2 * HOUR + HOUR) })))
      .returning();
    const bookings = await t.db
      .insert(consultationBookings)
      .values(people.map((p, i) => ({ slotId: slots[i].id, menteeId: p.id, mentorId: mentor.id, consultationTypeId: type.id, status: 'paid' as const, price: 1500, paidAt: new Date() })))
      .returning();
    const target = await slotIn(mentor.id, type.id, 40 * DAY);
    const started = performance.now();
    const responses = await Promise.all(people.map((p, i) => move(p, bookings[i].id, target.id)));
    const elapsed = Math.round(performance.now() - started);
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; detail?: string } })));
    console.log(`200 concurrent moves onto one slot: ${elapsed} ms`);
    expect(bodies.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = bodies.filter((r) => r.status !== 200);
    expect(refused.filter((r) => !(r.status === 409 && r.body.code === 'slot_taken' && r.body.detail === 'Это время уже занято'))).toEqual([]);
    const onTarget = await t.db.select().from(consultationBookings).where(and(eq(consultationBookings.slotId, target.id), eq(consultationBookings.status, 'paid')));
    expect(onTarget).toHaveLength(1);
  }, 90_000); // 200 requests through the Worker, one round trip each, plus the winner's notices
});

const propose = (user: Pick<User, 'id' | 'role'>, bookingId: number, slotId: number) =>
  send('POST', `/api/consultation-bookings/${bookingId}/propose-move/`, { user: asUser(user), body: { slot_id: slotId } });
const answer = (user: Pick<User, 'id' | 'role'>, proposalId: number, verb: 'accept' | 'decline', body: unknown = {}) =>
  send('POST', `/api/consultation-bookings/move-proposals/${proposalId}/${verb}/`, { user: asUser(user), body });

describe('the mentor proposes a new time', () => {
  it('holds the proposed slot for the mentee, tells her; accepting moves the booking with its payment', async () => {
    const { booking, mentee, mentor, type, slot, payment } = await paidBooking(t.db, { startsIn: 5 * DAY });
    const target = await slotIn(mentor.id, type.id, 7 * DAY);
    const proposal = await expectJson<{ id: number; expires_at: string }>(propose(mentor, booking.id, target.id), 201);
    // a day to answer
    expect(Math.abs(Date.parse(proposal.expires_at) - (Date.now() + DAY))).toBeLessThan(60_000);
    // the slot is held: not offered, and nobody else can book or move onto it
    expect(await offered(type.id)).toEqual([]);
    expect((await expectJson(send('POST', '/api/consultation-bookings/create/', { user: asUser(await createUser(t.db)), body: { consultation_type_slot: target.id } }), 409)).code).toBe('slot_taken');
    const [note] = await t.db.select().from(notifications).where(and(eq(notifications.userId, mentee.id), eq(notifications.kind, 'booking_move_proposed')));
    expect(note.message).toMatch(/^Наставник предлагает перенести консультацию: .+ → .+\. Ответьте до .+$/);
    await waitForMail(t.db, mentee.email!, 'Наставник предлагает перенести консультацию');
    const listed = await expectJson<{ id: number; role: string; slot: { id: number } }[]>(send('GET', '/api/consultation-bookings/move-proposals/', { user: asUser(mentee) }), 200);
    expect(listed).toMatchObject([{ id: proposal.id, role: 'mentee', booking_id: booking.id, slot: { id: target.id } }]);
    expect((await expectJson(send('GET', '/api/consultation-bookings/move-proposals/', { user: asUser(mentor) }), 200))[0].role).toBe('mentor');

    // only the mentee answers
    expect((await expectJson(answer(mentor, proposal.id, 'accept'), 403)).detail).toBe('Ответить на предложение может только ученик, записавшийся на консультацию');
    await expectJson(answer(await createUser(t.db), proposal.id, 'accept'), 404);
    const before = await bookingRow(t.db, booking.id);
    const moved = await expectJson(answer(mentee, proposal.id, 'accept'), 200);
    expect(moved).toMatchObject({ id: booking.id, starts_at: target.startsAt.toISOString(), previous_starts_at: slot.startsAt.toISOString() });
    expect(await bookingRow(t.db, booking.id)).toMatchObject({ slotId: target.id, status: 'paid', revision: before.revision + 1 });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toMatchObject([{ id: payment.paymentId, status: 'succeeded' }]);
    expect(await offered(type.id)).toEqual([slot.id]);
    const [mentorNote] = await t.db.select().from(notifications).where(and(eq(notifications.userId, mentor.id), eq(notifications.kind, 'booking_moved')));
    expect(mentorNote.message).toMatch(/^Ученик принял перенос консультации: /);
    expect((await expectJson(answer(mentee, proposal.id, 'accept'), 409)).code).toBe('proposal_closed');
  });

  it('only the booking’s mentor proposes, one of their free slots of the type; a new proposal replaces the pending one', async () => {
    const { booking, mentee, mentor, type } = await paidBooking(t.db, { startsIn: 5 * DAY });
    const first = await slotIn(mentor.id, type.id, 7 * DAY);
    const second = await slotIn(mentor.id, type.id, 8 * DAY);
    expect((await expectJson(propose(mentee, booking.id, first.id), 403)).detail).toBe('Предложить другое время может только наставник этой консультации');
    await expectJson(propose(await createUser(t.db, { role: 'mentor' }), booking.id, first.id), 404);
    const other = await paidBooking(t.db, { startsIn: 9 * DAY });
    expect((await expectJson(propose(mentor, booking.id, other.slot.id), 409)).code).toBe('slot_other_type');
    const a = await expectJson<{ id: number }>(propose(mentor, booking.id, first.id), 201);
    const b = await expectJson<{ id: number }>(propose(mentor, booking.id, second.id), 201);
    const rows = await t.db.select().from(bookingMoveProposals).where(eq(bookingMoveProposals.bookingId, booking.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a.id]: 'withdrawn', [b.id]: 'pending' });
    // the first slot is free again, the second held
    expect(await offered(type.id)).toEqual([first.id]);
  });

  it('declining keeps the booking and frees the slot; a proposal that ran out holds nothing and can’t be answered', async () => {
    const { booking, mentee, mentor, type, slot } = await paidBooking(t.db, { startsIn: 5 * DAY });
    const target = await slotIn(mentor.id, type.id, 7 * DAY);
    const proposal = await expectJson<{ id: number }>(propose(mentor, booking.id, target.id), 201);
    expect(await expectJson(answer(mentee, proposal.id, 'decline'), 200)).toEqual({ booking_id: booking.id, status: 'paid', refund: null });
    expect((await bookingRow(t.db, booking.id)).slotId).toBe(slot.id);
    expect(await offered(type.id)).toEqual([target.id]);
    const [note] = await t.db.select().from(notifications).where(and(eq(notifications.userId, mentor.id), eq(notifications.kind, 'booking_move_declined')));
    expect(note.message).toMatch(/^Ученик не принял перенос, запись остаётся: /);

    const again = await expectJson<{ id: number }>(propose(mentor, booking.id, target.id), 201);
    await t.db.update(bookingMoveProposals).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bookingMoveProposals.id, again.id));
    expect(await offered(type.id)).toEqual([target.id]);
    expect((await expectJson(answer(mentee, again.id, 'accept'), 409)).code).toBe('proposal_closed');
    expect((await expectJson(answer(mentee, again.id, 'decline'), 409)).code).toBe('proposal_closed');
  });

  it('declining with «cancel» refunds in full even past the cut-off, since the mentor asked', async () => {
    const { booking, mentee, mentor, type, payment } = await paidBooking(t.db, { startsIn: 20 * HOUR });
    await t.db.update(consultationBookings).set({ cancelCutoffHours: 24, createdAt: new Date(Date.now() - 3 * DAY) }).where(eq(consultationBookings.id, booking.id));
    // the mentee alone could no longer cancel (nor move)
    expect((await expectJson(send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentee), body: {} }), 409)).code).toBe('cancel_cutoff_passed');
    const target = await slotIn(mentor.id, type.id, 3 * DAY);
    const proposal = await expectJson<{ id: number }>(propose(mentor, booking.id, target.id), 201);
    expect(await expectJson(answer(mentee, proposal.id, 'decline', { cancel: true }), 200)).toEqual({ booking_id: booking.id, status: 'canceled', refund: 'full' });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.paymentId));
    expect(refund.amountKopecks).toBe(booking.price * 100);
    const [note] = await t.db.select().from(notifications).where(and(eq(notifications.userId, mentor.id), eq(notifications.kind, 'booking_move_declined')));
    expect(note.message).toMatch(/^Ученик не принял перенос и отменил запись/);
  });

  it('a cancellation refused leaves the proposal as it was: declining and cancelling are one transaction', async () => {
    const { booking, mentee, mentor, type } = await paidBooking(t.db, { startsIn: 5 * DAY });
    const target = await slotIn(mentor.id, type.id, 7 * DAY);
    const proposal = await expectJson<{ id: number }>(propose(mentor, booking.id, target.id), 201);
    // the mentor cancels the booking meanwhile; the mentee's «decline and cancel» can't cancel it again
    await expectJson(send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentor), body: {} }), 200);
    expect((await expectJson(answer(mentee, proposal.id, 'decline', { cancel: true }), 409)).code).toBe('booking_not_canceled');
    const [row] = await t.db.select().from(bookingMoveProposals).where(eq(bookingMoveProposals.id, proposal.id));
    expect(row).toMatchObject({ status: 'pending', answeredAt: null });
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, mentor.id), eq(notifications.kind, 'booking_move_declined')))).toEqual([]);
  });
});
