import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { CANCEL_REFUND_REASON, settleCancellation, type RefundAnswer } from '../escrow/cancel-paid.ts';
import { applyEffects, noEffects, type Effects } from '../escrow/effects.ts';
import { expireRegistrationHolds } from '../escrow/holds.ts';
import { lockHeldPayment } from '../escrow/money.queries.ts';
import { refundNotice } from '../escrow/notices.ts';
import { transact } from '../lib/transact.ts';
import { pgError } from '../lib/db-errors.ts';
import { storeNotifications } from '../notifications/notify.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { CANCELED_BY_US } from '../payments/cancel-reasons.ts';
import { REGISTRATION_HOLD_MINUTES } from './registrations.schemas.ts';
import { isoInstantRaw } from '../lib/iso-instant.ts';

const live = inArray(eventRegistrations.status, ['pending_payment', 'confirmed']);

/** The event's live registrations (pending payment and confirmed); null when there is no such event. */
/** The event's mentor and its live registrations with each person's name, oldest first; null when there is no such event. */
export async function liveRegistrations(db: Db, eventId: number) {
  const rows = await db
    .select({
      mentorId: events.mentorId,
      registration: {
        id: eventRegistrations.id,
        userId: eventRegistrations.userId,
        status: eventRegistrations.status,
        createdAt: eventRegistrations.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(events)
    .leftJoin(eventRegistrations, and(eq(eventRegistrations.eventId, events.id), live))
    .leftJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(events.id, eventId))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  if (!rows.length) return null;
  const registrations = rows.flatMap(({ registration: r }) =>
    r && r.id !== null && r.userId !== null && r.status !== null && r.createdAt !== null
      ? [{ id: r.id, userId: r.userId, status: r.status, createdAt: r.createdAt, firstName: r.firstName, lastName: r.lastName }]
      : [],
  );
  return { mentorId: rows[0]!.mentorId, registrations };
}

export async function findLiveRegistration(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({ id: eventRegistrations.id, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId), live))
    .limit(1);
  return row ?? null;
}

export type RegisterOutcome =
  | { kind: 'registered'; row: { id: number; eventId: number; status: 'pending_payment' | 'confirmed'; holdExpiresAt: Date | null } }
  | { kind: 'not_found' }
  | { kind: 'own_event' }
  | { kind: 'closed' }
  | { kind: 'already_registered' }
  | { kind: 'no_seats' };

/**
 * Registers a user in one conditional INSERT … SELECT: the event must exist, not be canceled, not have
 * started and not be the user's own. The seats and "once per person" are the database's to decide: the
 * trigger event_registrations_count_spots bumps taken_spots under the event's row lock and the CHECK
 * events_spots refuses the seat after the last (23514); event_registrations_live_uq refuses a second live
 * registration (23505). No count is read first, so concurrent registrations cannot oversell.
 */
export async function register(db: Db, eventId: number, userId: number): Promise<RegisterOutcome> {
  // Paid holds that ran out give their seats back (and their pending payments end) before anyone is told
  // the event is full.
  await expireRegistrationHolds(db, { eventId });

  // A 100% discount makes a paid event free.
  const paid = sql`(e.price > 0 and coalesce(e.discount_percent, 0) < 100)`;
  try {
    const result = await db.execute<{ id: number; event_id: number; status: 'pending_payment' | 'confirmed'; hold_expires_at: string | null }>(sql`
      insert into event_registrations (event_id, user_id, status, hold_expires_at, confirmed_at)
      select e.id, ${userId}::int,
             case when ${paid} then 'pending_payment'::registration_status else 'confirmed'::registration_status end,
             case when ${paid} then now() + make_interval(mins => ${REGISTRATION_HOLD_MINUTES}::int) end,
             case when ${paid} then null else now() end
      from events e
      where e.id = ${eventId} and not e.is_canceled and e.starts_at > now() and e.mentor_id <> ${userId}::int
      returning id, event_id, status, ${isoInstantRaw('hold_expires_at')} as hold_expires_at`);
    const [row] = result.rows;
    if (row) {
      return {
        kind: 'registered',
        row: { id: Number(row.id), eventId: Number(row.event_id), status: row.status, holdExpiresAt: row.hold_expires_at ? new Date(row.hold_expires_at) : null },
      };
    }
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23514' && err.constraint === 'events_spots') return { kind: 'no_seats' };
    if (err?.code === '23505' && err.constraint === 'event_registrations_live_uq') return { kind: 'already_registered' };
    // the event was canceled while this insert waited for its row (trigger, migration 0011)
    if (err?.code === '23514' && err.constraint === 'event_registrations_open_event') return { kind: 'closed' };
    throw e;
  }
  // Nothing inserted: say why.
  const [event] = await db
    .select({ mentorId: events.mentorId })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return { kind: 'not_found' };
  if (event.mentorId === userId) return { kind: 'own_event' };
  return { kind: 'closed' };
}

export type UnregisterOutcome = { kind: 'unregistered'; refund: RefundAnswer; effects: Effects } | { kind: 'not_registered' | 'started' };

/**
 * Cancels the user's live registration (the trigger gives the seat back). A seat still waiting for payment
 * just ends with its pending payment; a paid one is settled by the cancellation policy (a full refund at
 * least 7 days before the start or within 24 hours of registering, otherwise the money goes to the mentor).
 * A confirmed seat can't be given up once the event has started (issue 34: attended, then refunded in full):
 * the same rule as a booking's (decision 010), read against the database's clock under the registration's lock.
 */
export async function unregister(ctx: ProviderContext, eventId: number, userId: number): Promise<UnregisterOutcome> {
  const outcome = await transact(ctx.db, async (tx): Promise<UnregisterOutcome> => {
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId), live))
      .for('no key update');
    if (!registration) return { kind: 'not_registered' };
    const [event] = await tx
      .select({ startsAt: events.startsAt, now: sql<string>`to_json(now())#>>'{}'` })
      .from(events)
      .where(eq(events.id, eventId));
    const now = new Date(event.now);
    if (registration.status === 'confirmed' && event.startsAt <= now) return { kind: 'started' };
    await tx
      .update(eventRegistrations)
      .set({ status: 'canceled', canceledAt: sql`now()` })
      .where(and(eq(eventRegistrations.id, registration.id), live));
    if (registration.status === 'pending_payment') {
      await tx.update(payments).set({ status: 'canceled', cancelReason: CANCELED_BY_US }).where(and(eq(payments.registrationId, registration.id), eq(payments.status, 'pending')));
      return { kind: 'unregistered', refund: 'not_paid', effects: noEffects() };
    }
    const payment = await lockHeldPayment(tx, { registrationId: registration.id });
    const money = await settleCancellation(tx, payment ? [payment] : [], { by: 'buyer', startsAt: event.startsAt, bookedAt: registration.createdAt, now });
    const notices = money.refund === 'full' && payment ? [refundNotice(userId, payment.id, money.refundedKopecks, CANCEL_REFUND_REASON.buyer)] : [];
    const effects: Effects = { refundIds: money.refundIds, payoutIds: money.payoutIds, notifications: await storeNotifications(tx, notices) };
    return { kind: 'unregistered', refund: money.refund, effects };
  });
  if (outcome.kind === 'unregistered') await applyEffects(ctx, outcome.effects);
  return outcome;
}

type UnregisterQuoteRow = { status: 'pending_payment' | 'confirmed'; created_at: string; starts_at: string; now: string; held_kopecks: string | null; time_zone: string };

/** What leaving the event would refund depends on: the caller's live registration, the event's start, the money held. */
export async function unregisterQuoteFacts(db: Db, eventId: number, userId: number): Promise<UnregisterQuoteRow | undefined> {
  const result = await db.execute<UnregisterQuoteRow>(sql`
    select r.status, to_json(r.created_at)#>>'{}' as created_at, to_json(e.starts_at)#>>'{}' as starts_at, to_json(now())#>>'{}' as now,
           (select p.amount_kopecks from payments p where p.registration_id = r.id and p.status = 'succeeded') as held_kopecks,
           (select u.time_zone from users u where u.id = ${userId}) as time_zone
    from event_registrations r join events e on e.id = r.event_id
    where r.event_id = ${eventId} and r.user_id = ${userId} and r.status in ('pending_payment', 'confirmed')`);
  return result.rows[0];
}
