// Moving a paid booking onto a slot of another of its mentor's consultation types (issue 38 §1, decision 024). The
// booking row stays, as in a move within its type, so its payment, escrow, ledger and receipts follow it; what differs
// is the price. It is quoted first (the booking's own loyalty discount applies to the new type's price), then settled:
// a cheaper type moves at once and the difference goes back from the held money; a dearer one holds the new slot and
// moves once the mentee has paid the difference (the top-up, payment-events.ts applies it).
import type { Tx } from '../../drizzle/db.ts';
import { applyEffects, noEffects, type Effects } from '../escrow/effects.ts';
import { returnPart, heldKopecks } from '../escrow/money.ts';
import { lockHeldBookingPayments } from '../escrow/money.queries.ts';
import { lockBooking } from '../escrow/service-locks.queries.ts';
import { pgError } from '../lib/db-errors.ts';
import { transact } from '../lib/transact.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { assertReceiptContact, startStoredPayment } from '../payments/deals.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import { ownReturnUrl } from '../payments/return-url.ts';
import type { BookingRule } from './booking-rules.ts';
import { ruleLimitOfSlot, ruleOfError } from './booking-rules.queries.ts';
import { bookingSides } from './bookings.queries.ts';
import { bookingMoveRefusal, type MoveOutcome } from './reschedule.ts';
import type { Move } from './reschedule.notices.ts';
import {
  applyTypeMove,
  cancelAwaitingMove,
  insertTopUpPayment,
  insertTypeMove,
  lockSlotForMove,
  typeMoveFacts,
  type TypeMoveFacts,
  type TypeMoveValues,
} from './type-move.queries.ts';

export const PRICE_RETURN_REASON = 'Консультация перенесена на более дешёвый формат: разница возвращена.';

/** What moving onto the slot would cost or give back, before anyone confirms. Rubles. */
export type MoveQuote = {
  slot: { id: number; startsAt: Date; endsAt: Date };
  sameType: boolean;
  typeId: number;
  typeName: string;
  priceBefore: number;
  priceAfter: number;
  regularPriceAfter: number;
  cancelCutoffHours: number;
  toPay: number;
  toRefund: number;
};

export type QuoteOutcome = { kind: 'quote'; quote: MoveQuote } | Exclude<MoveOutcome, { kind: 'moved' }> | { kind: 'package_other_type' };

/** The price of the new type for this booking: its regular price less the loyalty discount the booking was priced with. */
const discounted = (regular: number, percent: number) => regular - Math.floor((regular * percent) / 100);

/** Whether the caller may move the booking onto the slot now, and at what price; the reasons follow the move's own. */
export function judgeTypeMove(f: TypeMoveFacts | null, callerId: number, slotId: number): QuoteOutcome {
  const refused = bookingMoveRefusal(f, callerId, slotId);
  if (refused || !f) return refused ?? { kind: 'not_found' };
  if (!f.target_found || f.target_archived || f.target_regular_price === null) return { kind: 'slot_not_found' };
  if (Number(f.target_mentor_id) !== Number(f.mentor_id)) return { kind: 'other_type' };
  const sameType = Number(f.target_type_id) === Number(f.type_id);
  if (!sameType && f.package_id !== null) return { kind: 'package_other_type' };
  if (f.target_past) return { kind: 'slot_past' };
  if (f.target_taken) return { kind: 'slot_taken' };
  if (f.rule) return { kind: 'rule_broken', rule: f.rule as BookingRule, limit: 0 };
  const priceBefore = Number(f.price);
  const regularPriceAfter = sameType ? priceBefore : Number(f.target_regular_price);
  const priceAfter = sameType ? priceBefore : discounted(regularPriceAfter, Number(f.discount_percent));
  return {
    kind: 'quote',
    quote: {
      slot: { id: slotId, startsAt: new Date(f.target_starts_at!), endsAt: new Date(f.target_ends_at!) },
      sameType,
      typeId: Number(f.target_type_id),
      typeName: f.target_type_name ?? '',
      priceBefore,
      priceAfter,
      regularPriceAfter,
      cancelCutoffHours: sameType ? f.cancel_cutoff_hours : Number(f.target_cutoff_hours ?? 0),
      toPay: Math.max(priceAfter - priceBefore, 0),
      toRefund: Math.max(priceBefore - priceAfter, 0),
    },
  };
}

/** GET …/reschedule-quote: the move judged as it would be now, without moving anything. */
export async function quoteMove(ctx: ProviderContext, input: { bookingId: number; callerId: number; slotId: number }): Promise<QuoteOutcome> {
  const outcome = judgeTypeMove(await typeMoveFacts(ctx.db, input), input.callerId, input.slotId);
  if (outcome.kind === 'rule_broken') return { ...outcome, limit: await ruleLimitOfSlot(ctx.db, input.slotId, outcome.rule) };
  return outcome;
}

export type TypeMoveOutcome =
  | { kind: 'moved'; move: Move }
  | { kind: 'awaiting_payment'; paymentId: string; moveId: number; toPay: number; holdExpiresAt: Date; confirmationUrl: string }
  | Exclude<QuoteOutcome, { kind: 'quote' }>;

type Decided =
  | { kind: 'moved'; moved: NonNullable<Awaited<ReturnType<typeof applyTypeMove>>>; returnedKopecks: number; effects: Effects }
  | { kind: 'awaiting'; paymentId: string; moveId: number; toPay: number; holdExpiresAt: Date }
  | Exclude<QuoteOutcome, { kind: 'quote' }>;

/**
 * Gives `kopecks` back from the booking's held money, the latest top-up first (decision 024), each part a refund keyed
 * by the move; the refunds to send after the commit.
 */
async function returnDifference(tx: Tx, bookingId: number, moveId: number, kopecks: number): Promise<string[]> {
  const refundIds: string[] = [];
  let left = kopecks;
  for (const payment of await lockHeldBookingPayments(tx, bookingId)) {
    const part = Math.min(left, heldKopecks(payment));
    if (part <= 0) break;
    const refundId = await returnPart(tx, payment.id, moveId, part, PRICE_RETURN_REASON);
    if (refundId) {
      refundIds.push(refundId);
      left -= part;
    }
  }
  return refundIds;
}

/**
 * The mentee moves the booking onto a slot of another type of the same mentor, in one transaction: the booking and the
 * slot locked, the move judged on what they are now, then either the move with the difference given back, or the
 * new slot held with the top-up's payment stored. The provider is asked for the top-up's page after the commit.
 */
export async function moveToType(ctx: ProviderContext, input: { bookingId: number; callerId: number; slotId: number; returnUrl: string }): Promise<TypeMoveOutcome> {
  const provider = paymentProvider(ctx);
  // the top-up's id is known before its row, so the address the provider sends the payer back to is checked first
  const paymentId = crypto.randomUUID();
  const returnUrl = ownReturnUrl(input.returnUrl, ctx.origin, paymentId);
  let decided: Decided;
  try {
    decided = await transact(ctx.db, async (tx): Promise<Decided> => {
      if (!(await lockBooking(tx, input.bookingId))) return { kind: 'not_found' };
      await lockSlotForMove(tx, input.bookingId, input.slotId);
      const f = await typeMoveFacts(tx, input);
      const verdict = judgeTypeMove(f, input.callerId, input.slotId);
      if (verdict.kind !== 'quote' || !f) return verdict.kind === 'quote' ? { kind: 'not_found' } : verdict;
      const { quote } = verdict;
      const values: TypeMoveValues = {
        bookingId: input.bookingId,
        fromSlotId: Number(f.slot_id),
        toSlotId: input.slotId,
        fromTypeId: Number(f.type_id),
        toTypeId: quote.typeId,
        priceBefore: quote.priceBefore,
        priceAfter: quote.priceAfter,
        regularPriceAfter: quote.regularPriceAfter,
        typeNameAfter: quote.typeName,
        cancelCutoffHoursAfter: quote.cancelCutoffHours,
      };
      await cancelAwaitingMove(tx, input.bookingId);
      if (quote.toPay > 0) {
        // a top-up needs a receipt contact: refused here, so the transaction holds nothing
        await assertReceiptContact(tx, input.callerId);
        const move = await insertTypeMove(tx, values, true);
        await insertTopUpPayment(tx, {
          id: paymentId,
          provider: provider.name,
          bookingId: input.bookingId,
          moveId: move.id,
          payerId: Number(f.mentee_id),
          payeeId: Number(f.mentor_id),
          amountKopecks: quote.toPay * 100,
          returnUrl,
        });
        return { kind: 'awaiting', paymentId, moveId: move.id, toPay: quote.toPay, holdExpiresAt: move.holdExpiresAt! };
      }
      const move = await insertTypeMove(tx, values, false);
      const moved = await applyTypeMove(tx, move.id);
      if (!moved) return { kind: 'slot_taken' };
      const refundIds = quote.toRefund > 0 ? await returnDifference(tx, input.bookingId, move.id, quote.toRefund * 100) : [];
      return { kind: 'moved', moved, returnedKopecks: quote.toRefund * 100, effects: { ...noEffects(), refundIds } };
    });
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23505' && err.constraint === 'consultation_bookings_live_slot_uq') return { kind: 'slot_taken' };
    const rule = ruleOfError(e);
    if (rule) return { kind: 'rule_broken', rule, limit: await ruleLimitOfSlot(ctx.db, input.slotId, rule) };
    throw e;
  }
  if (decided.kind === 'rule_broken') return { ...decided, limit: await ruleLimitOfSlot(ctx.db, input.slotId, decided.rule) };
  if (decided.kind === 'moved') {
    await applyEffects(ctx, decided.effects);
    const { moved } = decided;
    const sides = await bookingSides(ctx.db, moved.bookingId);
    const money = { typeNameBefore: moved.typeNameBefore, paidKopecks: 0, returnedKopecks: decided.returnedKopecks };
    return { kind: 'moved', move: { sides, oldStartsAt: moved.oldStartsAt, revision: moved.revision, by: 'mentee', money } };
  }
  if (decided.kind !== 'awaiting') return decided;
  // the provider's page for the top-up (a failure leaves the move waiting: asking again replaces it)
  const confirmationUrl = await startStoredPayment(ctx, decided.paymentId, (title) => `Доплата за перенос консультации «${title}»`);
  return { ...decided, kind: 'awaiting_payment', confirmationUrl };
}
