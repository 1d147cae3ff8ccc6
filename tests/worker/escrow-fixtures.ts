// Fixtures for the booking, escrow, dispute, scheduler and payment tests: a mentor's type and slot, a booking
// made through the API, and a payment taken the way the provider takes it (the sandbox's own books, then the
// webhook's call into escrow), so refunds and payouts run against the real sandbox provider; and the rows
// the tests read back.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { ledgerEntries, mentorTaxProfiles, payments, payoutCardTokens, payouts, refunds } from '../../drizzle/schema/payments.ts';
import type { users } from '../../drizzle/schema/users.ts';
import { onPaymentSucceeded } from '../../worker/escrow/payment-events.ts';
import type { ProviderContext } from '../../worker/payments/payment-provider.ts';
import { signSandboxCardToken } from '../../worker/payments/sandbox-card.ts';
import { settlePayment } from '../../worker/payments/sandbox/sandbox-books.ts';
import { sandboxProvider } from '../../worker/payments/sandbox/sandbox-provider.ts';
import { paymentReceiptFor } from '../../worker/payments/receipts/fiscal-receipts.ts';
import { createUser } from '../factories.ts';
import { bindings, ORIGIN } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

export type User = typeof users.$inferSelect;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const providerCtx = (db: Db): ProviderContext => ({ env: bindings, db, origin: ORIGIN });

/** A mentor with a consultation type and one slot starting `startsIn` ms from now. */
export async function mentorSlot(db: Db, options: { costs?: number; startsIn?: number; minutes?: number; mentor?: User } = {}) {
  const mentor = options.mentor ?? (await createUser(db, { role: 'mentor' }));
  const minutes = options.minutes ?? 60;
  const [type] = await db
    .insert(consultationTypes)
    .values({ mentorId: mentor.id, name: 'Разбор резюме', description: 'Пройдёмся по резюме', durationMinutes: minutes, costs: options.costs ?? 1500 })
    .returning();
  const start = new Date(Date.now() + (options.startsIn ?? 10 * DAY));
  const [slot] = await db
    .insert(consultationSlots)
    .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: start, endsAt: new Date(start.getTime() + minutes * 60_000) })
    .returning();
  return { mentor, type, slot };
}

export const bookSlot = (user: { id: number; role: User['role'] }, slotId: number, extra: Record<string, unknown> = {}) =>
  send('POST', '/api/consultation-bookings/create/', { user: asUser(user), body: { consultation_type_slot: slotId, user_id: user.id, questions: 'Как пройти собеседование?', ...extra } });

export async function book(user: User, slotId: number) {
  const body = await expectJson<{ id: number; status: string; price: number; hold_expires_at: string | null }>(bookSlot(user, slotId), 201);
  return body;
}

/** Moves a slot (and its booking's timeline) in time: e.g. into the past, after the booking was made. */
export async function shiftSlot(db: Db, slotId: number, startsIn: number, minutes = 60) {
  const start = new Date(Date.now() + startsIn);
  await db.update(consultationSlots).set({ startsAt: start, endsAt: new Date(start.getTime() + minutes * 60_000) }).where(eq(consultationSlots.id, slotId));
}

export async function backdateBooking(db: Db, bookingId: number, agoMs: number) {
  await db.update(consultationBookings).set({ createdAt: new Date(Date.now() - agoMs) }).where(eq(consultationBookings.id, bookingId));
}

/**
 * A pending payment for a booking or registration as the deal endpoint makes it: our row, then the
 * provider's payment in the sandbox's books. Returns our payment id and the provider's.
 */
export async function startPayment(
  db: Db,
  service: { bookingId: number } | { registrationId: number },
  payerId: number,
  payeeId: number,
  amountKopecks: number,
) {
  const [row] = await db
    .insert(payments)
    .values({
      provider: 'sandbox',
      serviceType: 'bookingId' in service ? 'consultation' : 'event',
      ...service,
      payerId,
      payeeId,
      amountKopecks,
      returnUrl: '/payment-return',
    })
    .returning();
  const created = await sandboxProvider(providerCtx(db)).createPayment({
    paymentId: row.id,
    amountKopecks,
    description: 'Тестовая оплата',
    returnUrl: `${ORIGIN}/payment-return`,
    idempotencyKey: row.idempotencyKey,
    // as POST /api/payments/deals/ does: every payment carries its fiscal receipt (decision 020)
    receipt: await paymentReceiptFor(db, bindings, row.id, amountKopecks),
  });
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, confirmationUrl: created.confirmationUrl })
    .where(eq(payments.id, row.id));
  return { paymentId: row.id, providerPaymentId: created.providerPaymentId };
}

/** The payer pays at the provider, and the provider's notification reaches escrow. */
export async function providerPays(db: Db, payment: { paymentId: string; providerPaymentId: string }) {
  await settlePayment(db, payment.providerPaymentId, 'succeeded');
  return onPaymentSucceeded(providerCtx(db), payment.paymentId);
}

/** Books the slot through the API and starts its payment: a booking `pending_payment`, held 15 minutes. */
export async function pendingBooking(db: Db, options: Parameters<typeof mentorSlot>[1] & { mentee?: User } = {}) {
  const fixture = await mentorSlot(db, options);
  const mentee = options.mentee ?? (await createUser(db));
  const booking = await book(mentee, fixture.slot.id);
  const payment = await startPayment(db, { bookingId: booking.id }, mentee.id, fixture.mentor.id, booking.price * 100);
  return { ...fixture, mentee, booking, payment };
}

/** Books the slot through the API and pays for it: a booking `paid` with its money in escrow. */
export async function paidBooking(db: Db, options: Parameters<typeof mentorSlot>[1] & { mentee?: User } = {}) {
  const fixture = await pendingBooking(db, options);
  await providerPays(db, fixture.payment);
  return fixture;
}

/** The booking's payment hold ran out a second ago (nothing has expired it yet). */
export async function runOutHold(db: Db, bookingId: number) {
  await db.update(consultationBookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(consultationBookings.id, bookingId));
}

/**
 * A payout card for the mentor; a mentor who can be paid also has a tax status (decision 020), so one without any is
 * declared an ИП here (a test of another status sets its own).
 */
export async function addPayoutCard(db: Db, userId: number, last4 = '4242') {
  const token = await signSandboxCardToken(bindings.JWT_SECRET, { last4, type: 'Visa' });
  const [row] = await db.insert(payoutCardTokens).values({ userId, payoutToken: token, cardLast4: last4, cardType: 'Visa' }).returning();
  await db
    .insert(mentorTaxProfiles)
    .values({ userId, status: 'individual_entrepreneur', inn: '500100732259', legalName: 'ИП Тест' })
    .onConflictDoNothing();
  return row;
}

export async function paymentRow(db: Db, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

export async function bookingRow(db: Db, bookingId: number) {
  const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId));
  return row;
}

/** The payment's ledger as {kind: kopecks}, plus its payout and refund rows. */
export async function books(db: Db, paymentId: string) {
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
  const [payout] = await db.select().from(payouts).where(eq(payouts.paymentId, paymentId));
  const [refund] = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const ledger = Object.fromEntries(entries.map((e) => [e.kind, e.amountKopecks]));
  return { entries, ledger, payout: payout ?? null, refund: refund ?? null };
}

/** How many sandbox objects of a kind the provider holds for this idempotency key (1 = sent once). */
export async function sandboxCount(db: Db, kind: 'payout' | 'refund', idempotencyKey: string) {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from sandbox_provider_objects where kind = ${kind} and idempotency_key = ${idempotencyKey}`,
  );
  return Number(result.rows[0].n);
}

