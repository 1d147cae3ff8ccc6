import type { DisputeListRow } from './disputes.queries.ts';

const person = (p: { id: number; firstName: string; lastName: string; email: string | null }) => ({
  id: p.id,
  name: p.firstName,
  surname: p.lastName,
  email: p.email,
});

/** A dispute as the admin list shows it; money in rubles. */
export function toDisputeItem(row: DisputeListRow) {
  const { dispute } = row;
  return {
    id: dispute.id,
    booking_id: dispute.bookingId,
    status: dispute.status,
    text: dispute.text,
    resolution: dispute.resolution,
    refund_amount: dispute.refundKopecks == null ? null : dispute.refundKopecks / 100,
    created_at: dispute.createdAt.toISOString(),
    resolved_at: dispute.resolvedAt?.toISOString() ?? null,
    amount: row.price,
    consultation: { name: row.typeName, start_time: row.startsAt.toISOString(), end_time: row.endsAt.toISOString() },
    attendance: row.attendance,
    buyer: person(row.buyer),
    mentor: person(row.mentor),
  };
}

export function toComplaint(row: { id: number; bookingId: number; status: string; text: string; createdAt: Date }) {
  return { id: row.id, booking_id: row.bookingId, source: 'buyer' as const, status: row.status, text: row.text, created_at: row.createdAt.toISOString() };
}
