// A mentor's earnings (GET /analytics/earnings/, decision 009 «Earnings»): each payment to them is held in escrow,
// then due once released (waiting for a payout card if they have none), then paid out; the 5 % fee and the
// consultation it paid for travel with it. Payments go through the sandbox provider like the escrow tests'.
import { describe, expect, it } from 'vitest';
import { DISPUTE_WINDOW_HOURS } from '../../worker/escrow/dispute-window.ts';
import { retryPendingTransfers } from '../../worker/escrow/transfers.ts';
import { settleDueBookings } from '../../worker/maintenance/settle-due.ts';
import type { Earnings } from '../../worker/analytics/earnings.mapper.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, DAY, HOUR, paidBooking, providerCtx, shiftSlot } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const earnings = (user: { id: number; role: 'mentor' | 'mentee' | 'admin' }) => send('GET', '/api/analytics/earnings/', { user: asUser(user) });

describe('GET /analytics/earnings/', () => {
  it('follows a payment from held to due (waiting for a card) to paid out, with its consultation and the 5 % fee', async () => {
    const { mentor, mentee, booking, payment, slot } = await paidBooking(t.db, { startsIn: 2 * DAY, costs: 1500 });
    const other = await createUser(t.db, { role: 'mentor' });

    let body = await expectJson<Earnings>(earnings(mentor), 200);
    expect(body).toMatchObject({ fee_percent: 5, has_payout_card: false, held: { amount: 1425, count: 1 }, due: { amount: 0, count: 0 }, paid_out: { amount: 0, count: 0 } });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      payment_id: payment.paymentId,
      stage: 'held',
      service: { type: 'consultation', id: booking.id, title: 'Разбор резюме', date: slot.startsAt.toISOString() },
      payer: { name: expect.any(String) },
      amount: 1500,
      fee: 75,
      net: 1425,
      dispute_open: false,
      paid_out_at: null,
      waits_for_card: false,
    });
    // released by the scheduler 48 hours after the consultation's end
    expect(body.items[0]!.release_after).toBe(new Date(slot.endsAt.getTime() + DISPUTE_WINDOW_HOURS * HOUR).toISOString());

    // the window closed: released, but there is no card to send it to
    await shiftSlot(t.db, slot.id, -(DISPUTE_WINDOW_HOURS + 2) * HOUR);
    await settleDueBookings(providerCtx(t.db));
    body = await expectJson<Earnings>(earnings(mentor), 200);
    expect(body).toMatchObject({ has_payout_card: false, held: { amount: 0, count: 0 }, due: { amount: 1425, count: 1 }, paid_out: { amount: 0, count: 0 } });
    expect(body.items[0]).toMatchObject({ stage: 'due', net: 1425, fee: 75, waits_for_card: true, release_after: null, released_at: expect.any(String) });

    await addPayoutCard(t.db, mentor.id);
    await retryPendingTransfers(providerCtx(t.db));
    body = await expectJson<Earnings>(earnings(mentor), 200);
    expect(body).toMatchObject({ has_payout_card: true, held: { count: 0 }, due: { amount: 0, count: 0 }, paid_out: { amount: 1425, count: 1 } });
    expect(body.items[0]).toMatchObject({ stage: 'paid_out', net: 1425, waits_for_card: false, paid_out_at: expect.any(String) });

    // only the mentor's own money; a mentee has no earnings
    expect(await expectJson<Earnings>(earnings(other), 200)).toMatchObject({ items: [], held: { count: 0 }, due: { count: 0 }, paid_out: { count: 0 } });
    expect((await expectJson(earnings(mentee), 403)).code).toBe('forbidden');
  });
});
