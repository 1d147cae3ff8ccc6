// The statements of cancelling an event (cancel-event.ts), in the order its transaction runs them: the event as it
// stands, the live registrations locked, the event marked, the registrations ended, their pending payments canceled.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { CANCELED_BY_US } from '../payments/cancel-reasons.ts';

/** The event's mentor, title, whether it is canceled and whether it has ended (on the database's clock); null for none. */
export async function eventToCancel(tx: Tx, eventId: number) {
  const [event] = await tx
    .select({ mentorId: events.mentorId, title: events.title, isCanceled: events.isCanceled, ended: sql<boolean>`${events.startsAt} + make_interval(mins => ${events.durationMinutes}) < now()` })
    .from(events)
    .where(eq(events.id, eventId));
  return event ?? null;
}

/** Locks the event's live registrations in id order, before the event (the order a registration's trigger takes). */
export async function lockLiveRegistrations(tx: Tx, eventId: number) {
  await tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), ne(eventRegistrations.status, 'canceled')))
    .orderBy(asc(eventRegistrations.id))
    .for('no key update');
}

/** Marks the event canceled unless it already is; false then. */
export async function markEventCanceled(tx: Tx, eventId: number): Promise<boolean> {
  const [canceled] = await tx
    .update(events)
    .set({ isCanceled: true, canceledAt: sql`now()` })
    .where(and(eq(events.id, eventId), eq(events.isCanceled, false)))
    .returning({ id: events.id });
  return Boolean(canceled);
}

/** Ends every registration of the event not yet canceled; the ended ones with their participants. */
export function endLiveRegistrations(tx: Tx, eventId: number) {
  return tx
    .update(eventRegistrations)
    .set({ status: 'canceled', canceledAt: sql`now()` })
    .where(and(eq(eventRegistrations.eventId, eventId), ne(eventRegistrations.status, 'canceled')))
    .returning({ id: eventRegistrations.id, userId: eventRegistrations.userId });
}

/** The pending payments of these registrations end with them. */
export async function cancelPendingRegistrationPayments(tx: Tx, registrationIds: number[]) {
  await tx.update(payments).set({ status: 'canceled', cancelReason: CANCELED_BY_US }).where(and(inArray(payments.registrationId, registrationIds), eq(payments.status, 'pending')));
}
