// A booking paid with a package's credit (decision 006, «Packages»): one transaction takes the slot's locks as any
// booking does, spends one credit with a single conditional UPDATE (`credits_left > 0`: two bookings on the last credit
// queue on the package's row and the second finds none left) and inserts the booking `paid`, priced at the package's
// session price. A slot taken meanwhile rolls the credit back with the rest. The money stays the package's payment's,
// in escrow, until this consultation is settled on its own (escrow/package-money.ts).
import type { Db } from '../../drizzle/db.ts';
import { noEffects, type Effects } from '../escrow/effects.ts';
import { paidBookingNotices } from '../escrow/service-notices.ts';
import { pgError } from '../lib/db-errors.ts';
import { transact } from '../lib/transact.ts';
import { storeNotifications } from '../notifications/notify.ts';
import { insertPackageBooking, lockSlotToBook, packageOfCaller, spendCredit } from './book-from-package.queries.ts';
import { ruleRefusal, type CreateOutcome } from './bookings.lifecycle.ts';
import { ruleOfError } from './booking-rules.queries.ts';

export type PackageRefusal = 'package_not_found' | 'package_empty' | 'package_expired' | 'package_mismatch' | 'package_not_paid';
export type PackageBookingOutcome = CreateOutcome | { kind: PackageRefusal };

/** thrown inside the transaction so nothing of it stays: the credit spent goes back with the rest */
class Refused extends Error {
  readonly kind: Exclude<PackageBookingOutcome['kind'], 'created' | 'rule_broken'>;
  constructor(kind: Exclude<PackageBookingOutcome['kind'], 'created' | 'rule_broken'>) {
    super(kind);
    this.kind = kind;
  }
}

/** Why the caller's package can't pay for this slot's type (read after the conditional UPDATE found nothing to spend). */
async function whyNotSpent(db: Parameters<typeof packageOfCaller>[0], packageId: number, menteeId: number, typeId: number): Promise<PackageRefusal> {
  const pack = await packageOfCaller(db, packageId, menteeId);
  if (!pack) return 'package_not_found';
  if (pack.consultationTypeId !== typeId) return 'package_mismatch';
  if (pack.status === 'pending_payment') return 'package_not_paid';
  if (pack.status === 'expired' || (pack.expiresAt && pack.expiresAt <= new Date())) return 'package_expired';
  return 'package_empty';
}

export async function bookFromPackage(db: Db, input: { slotId: number; menteeId: number; packageId: number; questions: string }): Promise<PackageBookingOutcome> {
  const { slotId, menteeId, packageId, questions } = input;
  try {
    return await transact(db, async (tx) => {
      const slot = await lockSlotToBook(tx, slotId, menteeId);
      if (!slot) throw new Refused('not_found');
      if (slot.mentorId === menteeId) throw new Refused('own_slot');
      if (slot.past) throw new Refused('slot_past');
      if (slot.archived) throw new Refused('type_archived');
      if (slot.taken) throw new Refused('slot_taken');
      const pack = await spendCredit(tx, packageId, menteeId, slot.typeId);
      if (!pack) throw new Refused(await whyNotSpent(tx, packageId, menteeId, slot.typeId));
      const booking = await insertPackageBooking(tx, { slot, menteeId, questions, packageId, price: pack.pricePerSession });
      const notifications = await storeNotifications(tx, await paidBookingNotices(tx, booking.id));
      return { kind: 'created' as const, booking, effects: { ...noEffects(), notifications } satisfies Effects };
    });
  } catch (e) {
    if (e instanceof Refused) return { kind: e.kind };
    const err = pgError(e);
    if (err?.code === '23505' && err.constraint === 'consultation_bookings_live_slot_uq') return { kind: 'slot_taken' };
    const rule = ruleOfError(e);
    if (rule) return ruleRefusal(db, slotId, rule);
    throw e;
  }
}
