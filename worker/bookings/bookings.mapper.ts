import { receiptUrl, toFiscalReceipt, type FiscalReceiptRow } from '../downloads/fiscal-receipt.messages.ts';
import type { BookingViewRow } from './bookings.queries.ts';

const minutesBetween = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 60_000);

type PricedBooking = { price: number; regularPrice: number | null; discountPercent: number; consultationNumber: number | null };

/**
 * The price as booked (decision 006, «Loyalty steps»): `price` is what is charged, `regular_price` the type's price
 * then, `discount_percent` and `consultation_number` the loyalty step's why (0 and null without one).
 */
export function toBookingPrice(b: PricedBooking) {
  return {
    price: b.price,
    regular_price: b.regularPrice ?? b.price,
    discount_percent: b.discountPercent,
    consultation_number: b.discountPercent > 0 ? b.consultationNumber : null,
  };
}

/**
 * The consultation booking of spec 002 §3 (slot with its type and the mentor as `user`, conference_status,
 * has_dispute, deal_id, question, booked_by) plus status, price (rubles), hold_expires_at and payment. The
 * slot is under both names the spec uses: `slot` (schedule) and `consultation_type_slot` (detail).
 */
export function toBookingDetail(row: BookingViewRow) {
  const { booking, slot, type, mentor, mentee } = row;
  const slotShape = {
    id: slot.id,
    start_time: slot.startsAt.toISOString(),
    end_time: slot.endsAt.toISOString(),
    duration: minutesBetween(slot.startsAt, slot.endsAt),
    consultation_type: {
      id: type.id,
      name: type.name,
      description: type.description,
      // the price it was booked for, not today's
      cost: booking.price,
      duration_minutes: type.durationMinutes,
      user: { id: mentor.id, mentor_name: mentor.firstName, mentor_surname: mentor.lastName, mentor_avatar_url: mentor.avatarUrl },
    },
  };
  return {
    id: booking.id,
    status: booking.status,
    ...toBookingPrice(booking),
    hold_expires_at: booking.holdExpiresAt?.toISOString() ?? null,
    /** paid with a credit of this package (decision 006, «Packages»): a cancellation in time gives the credit back */
    package_id: booking.packageId,
    /** the mentee may cancel until this many hours before the start, as kept when booked (decision 022); 0: until the start */
    cancel_cutoff_hours: booking.cancelCutoffHours,
    created_at: booking.createdAt.toISOString(),
    slot: slotShape,
    consultation_type_slot: slotShape,
    question: booking.questions,
    booked_by: { id: mentee.id, name: mentee.firstName, surname: mentee.lastName, avatar_url: mentee.avatarUrl },
    conference_status: row.conferenceStatus,
    has_dispute: row.disputeStatus !== null,
    dispute_status: row.disputeStatus,
    deal_id: row.payment?.deal_id ?? null,
    payment: row.payment ? { id: row.payment.id, status: row.payment.status } : null,
  };
}

/**
 * GET …/{id}/detail/: the detail plus, for its buyer only, the payment's fiscal receipts as /loads names them and the
 * printable «Квитанция об оплате» (decision 020, «What people see»); null for the mentor and before anything was paid.
 */
export function toBookingDetailFor(row: BookingViewRow, paid: { paymentId: string; receipts: FiscalReceiptRow[] } | null) {
  return {
    ...toBookingDetail(row),
    payment_receipts: paid ? { receipt_url: receiptUrl(paid.paymentId), fiscal_receipts: paid.receipts.map(toFiscalReceipt) } : null,
  };
}

/** An item of GET /consultation-bookings/my/: the detail plus the caller's side of it. */
export function toMyBooking(row: BookingViewRow, userId: number) {
  return { ...toBookingDetail(row), role: row.booking.mentorId === userId ? ('mentor' as const) : ('booker' as const) };
}

export function toCreatedBooking(row: PricedBooking & { id: number; status: string; holdExpiresAt: Date | null; packageId: number | null }) {
  return { id: row.id, status: row.status, ...toBookingPrice(row), hold_expires_at: row.holdExpiresAt?.toISOString() ?? null, package_id: row.packageId };
}
