import type { payments, payoutCardTokens } from '../../drizzle/schema/payments.ts';

/** A saved payout card as the settings page lists it; the token itself never goes back to the client. */
export function toPayoutCard(row: typeof payoutCardTokens.$inferSelect) {
  return { id: row.id, card_type: row.cardType, card_last4: row.cardLast4, created_at: row.createdAt.toISOString() };
}

/** GET /api/payments/{id}/: service_id is the booking's id for a consultation, the event's id for an event, the package's for a package; amount in rubles. */
type BookingDiscount = { regularPrice: number | null; discountPercent: number; consultationNumber: number | null; mentorName: string } | null;

export function toPaymentView(row: { payment: typeof payments.$inferSelect; eventId: number | null; booking?: BookingDiscount }) {
  const { payment, eventId, booking } = row;
  return {
    id: payment.id,
    status: payment.status,
    service_type: payment.serviceType,
    service_id: payment.serviceType === 'consultation' ? payment.bookingId : payment.serviceType === 'package' ? payment.packageId : eventId,
    booking_id: payment.bookingId,
    package_id: payment.packageId,
    event_id: eventId,
    amount: payment.amountKopecks / 100,
    /** the payment of the difference when a booking moved to a dearer type (decision 024): the page says so */
    is_top_up: payment.typeMoveId !== null,
    /** why a canceled payment failed (cancel-reasons.ts), so the page tells a declined card from time that ran out */
    cancel_reason: payment.status === 'canceled' ? payment.cancelReason : null,
    /** a consultation's loyalty discount as booked (decision 006, «Loyalty steps»): the regular price in rubles and why */
    discount:
      payment.typeMoveId === null && booking && booking.discountPercent > 0 && booking.regularPrice !== null
        ? {
            regular_amount: booking.regularPrice,
            percent: booking.discountPercent,
            consultation_number: booking.consultationNumber,
            mentor_name: booking.mentorName,
          }
        : null,
  };
}
