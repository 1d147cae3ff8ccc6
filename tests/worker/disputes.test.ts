// Disputes: the booker complains after the start while the money is in escrow, once per booking; an open
// dispute keeps the scheduler from releasing the money; an admin decides once, and the money follows.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { disputes, fiscalReceipts } from '../../drizzle/schema/payments.ts';
import { conferenceAttendance, conferences, conferenceWaits } from '../../drizzle/schema/conferences.ts';
import { settleDueBookings } from '../../worker/maintenance/settle-due.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, bookingRow, books, DAY, HOUR, paidBooking, paymentRow, providerCtx, shiftSlot } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send, waitForMail } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client as this user, on the spec's paths with the trailing slash */
const as = (user: Person) => apiAs(asUser(user), { trailingSlash: true });
type ResolveJson = InferRequestType<(typeof api.disputes)[':id']['resolve']['$post']>['json'];
const complain = (user: Person, bookingId: number, text = 'Ментор не пришёл на встречу') =>
  as(user).disputes.complaints.$post({ json: { booking_id: bookingId, source: 'buyer', text } });
/** for the 400s: invalid on purpose, as the typed client would not send them */
const sendComplaint = (user: Person, bookingId: number, text: string) =>
  send('POST', '/api/disputes/complaints/', { user: asUser(user), body: { booking_id: bookingId, source: 'buyer', text } });
const resolve = (admin: Person, disputeId: number, json: ResolveJson) => as(admin).disputes[':id'].resolve.$post({ param: { id: String(disputeId) }, json });
const sendResolve = (admin: Person, disputeId: number, body: object) => send('POST', `/api/disputes/${disputeId}/resolve/`, { user: asUser(admin), body });
const bookingOf = (user: Person) => as(user)['consultation-bookings'][':id'];
const disputeList = (user: Person, status?: 'open' | 'resolved') => as(user).disputes.$get({ query: status === undefined ? {} : { status } });

/** A paid consultation that started an hour ago (and ended: it lasts 30 minutes). */
async function pastConsultation() {
  const fixture = await paidBooking(t.db, { startsIn: 5 * DAY, minutes: 30 });
  await shiftSlot(t.db, fixture.slot.id, -HOUR, 30);
  return fixture;
}

describe('opening a dispute', () => {
  it('lets the booker open one after the start, once; the mentor hears of it', async () => {
    const { booking, mentee, mentor } = await pastConsultation();
    const body = await expectOk(complain(mentee, booking.id, '  Ментор не пришёл  '), 201);
    expect(body).toEqual({ id: expect.any(Number), booking_id: booking.id, source: 'buyer', status: 'open', text: 'Ментор не пришёл', created_at: expect.any(String) });
    expect(await expectError(complain(mentee, booking.id), 409)).toEqual({ detail: 'Диспут по этой консультации уже открыт', code: 'dispute_exists' });
    const detail = await expectOk(bookingOf(mentee).detail.$get({ param: { id: String(booking.id) } }), 200);
    expect(detail.has_dispute).toBe(true);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id));
    expect(notes.map((n) => n.kind).sort()).toEqual(['booking_paid', 'dispute_opened']);
    // nor can it be cancelled to get the money out
    expect((await expectError(bookingOf(mentee).cancel.$post({ param: { id: String(booking.id) }, json: {} }), 409)).code).toBe('dispute_open');
  });

  it('opens exactly one of two simultaneous complaints', async () => {
    const { booking, mentee } = await pastConsultation();
    const results = await Promise.all([complain(mentee, booking.id, 'Первая жалоба'), complain(mentee, booking.id, 'Вторая жалоба')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(disputes).where(eq(disputes.bookingId, booking.id))).toHaveLength(1);
  });

  it('checks the text, the caller, the start and that the money is still held', async () => {
    const { booking, mentee, mentor, slot } = await paidBooking(t.db, { startsIn: 5 * DAY });
    expect((await expectJson(sendComplaint(mentee, booking.id, '   '), 400)).fields).toEqual({ text: 'Поле не может быть пустым' });
    expect((await expectJson(sendComplaint(mentee, booking.id, 'ж'.repeat(2001)), 400)).fields).toEqual({ text: 'Текст не должен превышать 2000 символов' });
    expect(await expectError(complain(mentee, booking.id), 409)).toEqual({ detail: 'Консультация ещё не началась', code: 'not_started' });
    await shiftSlot(t.db, slot.id, -HOUR);
    expect((await expectError(complain(mentor, booking.id), 403)).code).toBe('forbidden');
    expect((await expectError(complain(await createUser(t.db), booking.id), 404)).code).toBe('not_found');
    // decision 010: finishing keeps the money in escrow, so a complaint is still possible (review then dispute)
    await expectOk(bookingOf(mentee).finish.$post({ param: { id: String(booking.id) }, json: {} }), 200);
    await expectOk(complain(mentee, booking.id), 201);
  });
});

describe('an open dispute', () => {
  it('keeps the scheduler from releasing the money, which it releases without one', async () => {
    const disputed = await pastConsultation();
    const calm = await pastConsultation();
    // complain first: a scheduler run of a parallel test file must not find it due and undisputed
    await expectOk(complain(disputed.mentee, disputed.booking.id), 201);
    for (const f of [disputed, calm]) await shiftSlot(t.db, f.slot.id, -3 * DAY, 30);
    await settleDueBookings(providerCtx(t.db));
    expect((await paymentRow(t.db, disputed.payment.paymentId)).status).toBe('succeeded');
    expect((await bookingRow(t.db, disputed.booking.id)).status).toBe('paid');
    expect((await paymentRow(t.db, calm.payment.paymentId)).status).toBe('released');
    expect((await bookingRow(t.db, calm.booking.id)).status).toBe('finished');
  });
});

describe('deciding a dispute', () => {
  async function openDispute() {
    const fixture = await pastConsultation();
    await addPayoutCard(t.db, fixture.mentor.id);
    const dispute = await expectOk(complain(fixture.mentee, fixture.booking.id), 201);
    const admin = await createUser(t.db, { role: 'admin' });
    return { ...fixture, dispute, admin };
  }

  it('lists disputes for admins only', async () => {
    const { dispute, admin, mentee, mentor, booking } = await openDispute();
    const { results } = await expectOk(disputeList(admin, 'open'), 200);
    expect(results.find((d) => d.id === dispute.id)).toEqual({
      id: dispute.id,
      booking_id: booking.id,
      status: 'open',
      text: 'Ментор не пришёл на встречу',
      resolution: null,
      refund_amount: null,
      created_at: expect.any(String),
      resolved_at: null,
      amount: 1500,
      consultation: { name: 'Разбор резюме', start_time: expect.any(String), end_time: expect.any(String) },
      // nobody came into the room, nobody waited
      attendance: { room_opened_at: null, buyer: null, mentor: null, buyer_waited: null },
      buyer: { id: mentee.id, name: mentee.firstName, surname: mentee.lastName, email: mentee.email },
      mentor: { id: mentor.id, name: mentor.firstName, surname: mentor.lastName, email: mentor.email },
    });
    const resolved = await expectOk(disputeList(admin, 'resolved'), 200);
    expect(resolved.results.some((d) => d.id === dispute.id)).toBe(false);
    expect((await expectError(disputeList(mentor), 403)).code).toBe('forbidden');
    expect((await expectError(resolve(mentor, dispute.id, { outcome: 'release', resolution: 'Нет' }), 403)).code).toBe('forbidden');
  });

  it('shows the admin what the room recorded: when it opened, each side\'s stay and the buyer\'s wait (issue 35)', async () => {
    const { dispute, admin, mentee, mentor, booking } = await openDispute();
    const start = new Date(Date.parse(dispute.created_at) - 2 * HOUR);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const [room] = await t.db
      .insert(conferences)
      .values({ contentType: 'consultationbooking', objectId: booking.id, login: `consultationbooking-${booking.id}`, password: 'x', createdBy: mentor.id, startedAt: at(10) })
      .returning();
    await t.db.insert(conferenceAttendance).values([
      { conferenceId: room!.id, userId: mentor.id, joinedAt: at(10), leftAt: at(25) },
      { conferenceId: room!.id, userId: mentee.id, joinedAt: at(12), leftAt: at(15) },
      { conferenceId: room!.id, userId: mentee.id, joinedAt: at(16), leftAt: at(20) },
    ]);
    await t.db.insert(conferenceWaits).values({ contentType: 'consultationbooking', objectId: booking.id, userId: mentee.id, firstSeenAt: at(-5), lastSeenAt: at(9) });
    const { results } = await expectOk(disputeList(admin, 'open'), 200);
    expect(results.find((d) => d.id === dispute.id)?.attendance).toEqual({
      room_opened_at: at(10).toISOString(),
      buyer: { first_joined_at: at(12).toISOString(), minutes: 7 },
      mentor: { first_joined_at: at(10).toISOString(), minutes: 15 },
      buyer_waited: { first_seen_at: at(-5).toISOString(), last_seen_at: at(9).toISOString() },
    });
  });

  it('refunds in full, once; both sides are notified and e-mailed', async () => {
    const { dispute, admin, mentee, mentor, payment } = await openDispute();
    const body = await expectOk(resolve(admin, dispute.id, { outcome: 'refund', resolution: 'Встреча не состоялась' }), 200);
    expect(body).toMatchObject({ id: dispute.id, status: 'resolved_refund', resolution: 'Встреча не состоялась', refund_amount: 1500, resolved_at: expect.any(String) });
    expect(await expectError(resolve(admin, dispute.id, { outcome: 'release', resolution: 'Передумал' }), 409)).toEqual({
      detail: 'Диспут уже рассмотрен',
      code: 'dispute_resolved',
    });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    const { ledger, refund, payout } = await books(t.db, payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, refund: 150_000 });
    expect(refund).toMatchObject({ amountKopecks: 150_000, status: 'succeeded' });
    expect(payout).toBeNull();
    for (const person of [mentee, mentor]) {
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
      expect(notes.filter((n) => n.kind === 'dispute_resolved')).toHaveLength(1);
      const [mail] = await waitForMail(t.db, person.email!, 'Диспут рассмотрен');
      expect(mail.text).toContain('Встреча не состоялась');
    }
  });

  it('refunds part and releases the rest with the fee on it', async () => {
    const { dispute, admin, payment } = await openDispute();
    expect((await expectJson(sendResolve(admin, dispute.id, { outcome: 'partial_refund', resolution: 'Частично' }), 400)).fields).toEqual({
      refund_amount: 'Укажите сумму возврата',
    });
    expect((await expectJson(sendResolve(admin, dispute.id, { outcome: 'partial_refund', refund_amount: 1500, resolution: 'Частично' }), 400)).fields).toEqual({
      refund_amount: 'Сумма возврата — от 1 до 1\u00A0499\u00A0₽',
    });
    const body = await expectOk(resolve(admin, dispute.id, { outcome: 'partial_refund', refund_amount: 500, resolution: 'Половина встречи' }), 200);
    expect(body).toMatchObject({ status: 'resolved_partial', refund_amount: 500 });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    const { ledger, refund, payout } = await books(t.db, payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, refund: 50_000, platform_fee: 5000, mentor_payout: 95_000 });
    expect(refund).toMatchObject({ amountKopecks: 50_000, status: 'succeeded' });
    expect(payout).toMatchObject({ amountKopecks: 95_000, feeKopecks: 5000, status: 'succeeded' });
    // decision 020: the part refunded has its own refund receipt (возврат прихода), the part released its settlement
    // receipt (зачёт предоплаты) for the mentor's share and our fee; with the payment's receipt they add up to the kopeck
    const receipts = await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, payment.paymentId));
    const sums = Object.fromEntries(receipts.map((r) => [r.kind, r.amountKopecks]));
    expect(sums).toEqual({ payment: 150_000, refund: 50_000, settlement: 100_000 });
    const refundReceipt = receipts.find((r) => r.kind === 'refund')!;
    expect(refundReceipt).toMatchObject({ refundId: refund!.id, status: 'succeeded' });
    expect(refundReceipt.items).toEqual([expect.objectContaining({ amount: { value: '500.00', currency: 'RUB' }, payment_mode: 'full_prepayment' })]);
    expect(receipts.find((r) => r.kind === 'settlement')!.items).toEqual([expect.objectContaining({ amount: { value: '1000.00', currency: 'RUB' }, payment_mode: 'full_payment' })]);
  });

  it('releases to the mentor', async () => {
    const { dispute, admin, payment } = await openDispute();
    expect((await expectOk(resolve(admin, dispute.id, { outcome: 'release', resolution: 'Встреча состоялась' }), 200)).status).toBe('resolved_release');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    const { ledger, refund, payout } = await books(t.db, payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, platform_fee: 7500, mentor_payout: 142_500 });
    expect(refund).toBeNull();
    expect(payout).toMatchObject({ amountKopecks: 142_500, status: 'succeeded' });
    expect((await expectError(resolve(admin, 2_147_000_000, { outcome: 'release', resolution: 'x' }), 404)).code).toBe('not_found');
  });
});
