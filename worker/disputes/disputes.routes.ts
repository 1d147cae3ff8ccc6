// Disputes about consultations (spec 002 §3, §5.2, §7; decision 006): the booker complains, an admin decides.
import { Hono } from 'hono';
import type { AppEnv, SignedInContext } from '../env.ts';
import { applyEffects } from '../escrow/effects.ts';
import { DISPUTE_WINDOW_HOURS } from '../escrow/dispute-window.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import { mailContacts } from '../users/users.queries.ts';
import { openComplaint, resolveDispute, type ComplaintOutcome, type ResolveOutcome } from './disputes.lifecycle.ts';
import { toComplaint, toDisputeItem } from './disputes.mapper.ts';
import { disputeResolvedMail, disputeUrl, outcomeText } from './disputes.notices.ts';
import { findDisputeView, listDisputes } from './disputes.queries.ts';
import { complaintBody, disputeListQuery, resolveBody, type DisputeOutcome } from './disputes.schemas.ts';

const complaintRefusals: Record<Exclude<ComplaintOutcome['kind'], 'opened'>, () => ApiError> = {
  not_found: () => errors.notFound('Бронирование не найдено'),
  not_booker: () => errors.forbidden('Открыть диспут может только участник консультации'),
  not_paid: () => errors.conflict('not_paid', 'Диспут можно открыть только по оплаченной консультации'),
  not_started: () => errors.conflict('not_started', 'Консультация ещё не началась'),
  window_closed: () => errors.conflict('dispute_window_closed', `Диспут можно открыть в течение ${DISPUTE_WINDOW_HOURS} часов после окончания консультации`),
  released: () => errors.conflict('payout_done', 'Выплата уже произведена'),
  refunded: () => errors.conflict('refunded', 'Оплата уже возвращена'),
  exists: () => errors.conflict('dispute_exists', 'Диспут по этой консультации уже открыт'),
};

const resolveRefusals: Record<Exclude<ResolveOutcome['kind'], 'resolved'>, () => ApiError> = {
  not_found: () => errors.notFound('Диспут не найден'),
  already_resolved: () => errors.conflict('dispute_resolved', 'Диспут уже рассмотрен'),
};

/** Both sides get the decision by e-mail too (those registered by phone only see the notification). */
async function mailDecision(c: SignedInContext, outcome: Extract<ResolveOutcome, { kind: 'resolved' }>, decision: DisputeOutcome) {
  const people = await mailContacts(c.var.db, [outcome.buyerId, outcome.mentorId]);
  const origin = new URL(c.req.url).origin;
  for (const person of people) {
    const to = person.email;
    if (!to) continue;
    const side = person.id === outcome.buyerId ? 'buyer' : 'mentor';
    const link = `${origin}${disputeUrl(outcome.bookingId)}`;
    const mail = disputeResolvedMail(person.firstName, outcome.consultation, outcomeText(decision, side, outcome.refundedKopecks), outcome.dispute.resolution ?? '', link);
    deliverInBackground(c, ({ email }) => email.sendEmail({ to, ...mail }));
  }
}

export const disputesRoutes = new Hono<AppEnv>()
  .post('/disputes/complaints', requireUser, validate('json', complaintBody), async (c) => {
    const { booking_id, text } = c.req.valid('json');
    const outcome = await openComplaint(c.var.db, booking_id, c.var.user.id, text);
    if (outcome.kind !== 'opened') throw complaintRefusals[outcome.kind]();
    await applyEffects(providerContext(c), outcome.effects);
    return c.json(toComplaint(outcome.dispute), 201);
  })
  .get('/disputes', requireRole('admin'), validate('query', disputeListQuery), async (c) => {
    const rows = await listDisputes(c.var.db, c.req.valid('query').status);
    return c.json({ results: rows.map(toDisputeItem) });
  })
  .post('/disputes/:id/resolve', requireRole('admin'), validate('json', resolveBody), async (c) => {
    const id = parseId(c.req.param('id'));
    const body = c.req.valid('json');
    const outcome = await resolveDispute(providerContext(c), id, c.var.user.id, {
      outcome: body.outcome,
      refundRubles: body.refund_amount,
      resolution: body.resolution,
    });
    if (outcome.kind !== 'resolved') throw resolveRefusals[outcome.kind]();
    await mailDecision(c, outcome, body.outcome);
    return c.json(toDisputeItem(found(await findDisputeView(c.var.db, id))));
  });
