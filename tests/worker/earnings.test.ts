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

// issue 35: the list stopped at the newest 100 payments with no way to see the rest
describe('GET /analytics/earnings/ page by page', () => {
  const page = (user: { id: number; role: 'mentor' | 'mentee' | 'admin' }, query: string) => send('GET', `/api/analytics/earnings/?${query}`, { user: asUser(user) });

  it('gives the payments a page at a time after a cursor, each once, newest first, with the totals over all', async () => {
    const first = await paidBooking(t.db, { startsIn: 2 * DAY });
    const mentor = first.mentor;
    for (let i = 3; i <= 5; i++) await paidBooking(t.db, { startsIn: i * DAY, mentor });
    const seen: string[] = [];
    let cursor = '';
    const sizes: number[] = [];
    for (;;) {
      const body = await expectJson<Earnings>(page(mentor, `limit=2${cursor && `&cursor=${cursor}`}`), 200);
      // the totals count every payment, whatever page (one of them moves from held to due below)
      expect(body.held.count + body.due.count).toBe(4);
      expect(body.held.amount + body.due.amount).toBe(4 * 1425);
      sizes.push(body.items.length);
      seen.push(...body.items.map((item) => item.payment_id));
      if (!body.has_more) {
        expect(body.next_cursor).toBeNull();
        break;
      }
      cursor = body.next_cursor!;
      // the oldest payment (on the next page) is released while the mentor reads: it moves to the top. An offset
      // would now repeat the first page's last row; after the cursor the next page holds only what comes after it
      if (sizes.length === 1) {
        await shiftSlot(t.db, first.slot.id, -(DISPUTE_WINDOW_HOURS + 2) * HOUR);
        await settleDueBookings(providerCtx(t.db));
      }
    }
    expect(sizes).toEqual([2, 1]);
    expect(new Set(seen).size).toBe(3);
    expect(seen).not.toContain(first.payment.paymentId);
    // without a cursor: the newest page, the released payment now first, in the default page size
    const all = await expectJson<Earnings>(earnings(mentor), 200);
    expect(all.items.map((item) => item.payment_id)).toEqual([first.payment.paymentId, ...seen]);
    expect(all.items[0]).toMatchObject({ stage: 'due' });
    expect(all.has_more).toBe(false);

    expect((await expectJson(page(mentor, 'cursor=abc'), 400)).fields).toEqual({ cursor: 'Некорректная страница' });
    // a page larger than the most is cut to it, not refused
    expect((await expectJson<Earnings>(page(mentor, 'limit=1000'), 200)).items).toHaveLength(4);
  });
});
