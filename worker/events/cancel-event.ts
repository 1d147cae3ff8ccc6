// POST /events/cancel_event/ {event_id} (spec 002 §7): the event's mentor cancels it. Every live
// registration ends, every paid one is refunded in full, and each participant is told.
import { z } from 'zod';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import type { SignedInContext } from '../env.ts';
import { CANCEL_REFUND_REASON } from '../escrow/cancel-paid.ts';
import { applyEffects, noEffects, type Effects } from '../escrow/effects.ts';
import { refundHeld } from '../escrow/money.ts';
import { lockHeldPayment } from '../escrow/money.queries.ts';
import { countMentorCancellation } from '../escrow/mentor-counts.queries.ts';
import { refundNotice } from '../escrow/notices.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { transact } from '../lib/transact.ts';
import { errors } from '../lib/errors.ts';
import { storeNotifications, type NewNotification } from '../notifications/notify.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { idParam } from '../lib/id-param.ts';
import { cancelPendingRegistrationPayments, endLiveRegistrations, eventToCancel, lockLiveRegistrations, markEventCanceled } from './cancel-event.queries.ts';

export type CancelEventOutcome =
  | { kind: 'canceled'; registrations: number; refunds: number; effects: Effects }
  | { kind: 'not_found' | 'not_mentor' | 'already_canceled' | 'ended' };

const eventCanceledNotice = (userId: number, eventId: number, title: string): NewNotification => ({
  userId,
  kind: 'event_canceled',
  message: `Мероприятие «${title}» отменено организатором.`,
  url: `/event_info/${eventId}/`,
  dedupeKey: `event_canceled:${eventId}`,
});

/**
 * One transaction. The live registrations are locked before the event (a registration's trigger locks the
 * event after the registration, so every path takes them in that order), the event is marked canceled
 * with a conditional update (a second call finds nothing to do), then each registration ends and its
 * money, if held, goes back in full.
 */
export async function cancelEvent(ctx: ProviderContext, eventId: number, callerId: number): Promise<CancelEventOutcome> {
  const outcome = await transact(ctx.db, async (tx): Promise<CancelEventOutcome> => {
    const event = await eventToCancel(tx, eventId);
    if (!event) return { kind: 'not_found' };
    if (event.mentorId !== callerId) return { kind: 'not_mentor' };
    if (event.isCanceled) return { kind: 'already_canceled' };
    if (event.ended) return { kind: 'ended' };
    await lockLiveRegistrations(tx, eventId);
    if (!(await markEventCanceled(tx, eventId))) return { kind: 'already_canceled' };
    // the statement sees registrations committed since the lock above too
    const ended = await endLiveRegistrations(tx, eventId);
    const endedIds = ended.map((r) => r.id);
    if (endedIds.length) await cancelPendingRegistrationPayments(tx, endedIds);
    const effects = noEffects();
    const notices: NewNotification[] = [];
    for (const registration of ended) {
      notices.push(eventCanceledNotice(registration.userId, eventId, event.title));
      const payment = await lockHeldPayment(tx, { registrationId: registration.id });
      const refund = payment ? await refundHeld(tx, payment.id, CANCEL_REFUND_REASON.event) : null;
      if (refund) {
        effects.refundIds.push(refund.refundId);
        notices.push(refundNotice(registration.userId, refund.payment.id, refund.amountKopecks, CANCEL_REFUND_REASON.event));
      }
    }
    // one cancellation on the mentor's profile however many paid seats it refunded (decision 012)
    if (effects.refundIds.length) await countMentorCancellation(tx, event.mentorId);
    effects.notifications = await storeNotifications(tx, notices);
    return { kind: 'canceled', registrations: ended.length, refunds: effects.refundIds.length, effects };
  });
  if (outcome.kind === 'canceled') await applyEffects(ctx, outcome.effects);
  return outcome;
}

export const cancelEventBody = z.object({ event_id: idParam('Некорректное мероприятие') });

const refusals = {
  not_found: () => errors.notFound('Мероприятие не найдено'),
  not_mentor: () => errors.forbidden('Отменить мероприятие может только его организатор'),
  already_canceled: () => errors.conflict('event_canceled', 'Мероприятие уже отменено'),
  ended: () => errors.conflict('event_ended', 'Мероприятие уже прошло'),
};

/** The route's body: the answer for the event's mentor, or the refusal. */
export async function cancelEventFor(c: SignedInContext, eventId: number) {
  const outcome = await cancelEvent(providerContext(c), eventId, c.var.user.id);
  if (outcome.kind !== 'canceled') throw refusals[outcome.kind]();
  // nobody may meet in a cancelled event's room: whoever is in it leaves now (decision 012)
  await revokeConferenceAccess(c.env, 'events', eventId, null, REVOKED_REASON.eventCanceled);
  return { detail: 'Мероприятие отменено', canceled_registrations: outcome.registrations, refunds: outcome.refunds };
}
