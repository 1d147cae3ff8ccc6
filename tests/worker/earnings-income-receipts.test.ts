// A self-employed mentor's earnings (issue 37, decision 020): a payout waiting for his «Мой налог» permission says
// why in the list, and once it is paid out the list carries its income receipt and the link to it.
import { describe, expect, it } from 'vitest';
import { consultationTypes } from '../../drizzle/schema/consultations.ts';
import type { Earnings } from '../../worker/analytics/earnings.mapper.ts';
import { retryPendingTransfers } from '../../worker/escrow/transfers.ts';
import { askForPermission } from '../../worker/tax-profiles/self-employed.ts';
import { selfEmployedPort } from '../../worker/tax-profiles/self-employed-port.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, backdateBooking, paidBooking, paymentRow, providerCtx } from './escrow-fixtures.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, expectOk } from './typed-api.ts';

const t = useTestDb();
const DAY = 24 * 60 * 60 * 1000;

describe('GET /analytics/earnings/ for a self-employed mentor', () => {
  it('shows why a payout waits, then the income receipt of the payout once it went', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    await addPayoutCard(t.db, mentor.id);
    await expectOk(apiAs(asUser(mentor), { trailingSlash: true })['tax-profile'].$put({ json: { status: 'self_employed', inn: '500100732259' } }), 200);
    const { selfEmployedId } = await askForPermission(t.db, () => selfEmployedPort(providerCtx(t.db)), mentor.id);
    // a late cancellation releases the money at once: the payout is booked, and waits for the permission
    const { booking, mentee, payment } = await paidBooking(t.db, { startsIn: 2 * DAY, costs: 1500, mentor });
    await backdateBooking(t.db, booking.id, 3 * DAY);
    await expectOk(apiAs(asUser(mentee), { trailingSlash: true })['consultation-bookings'][':id'].cancel.$post({ param: { id: String(booking.id) }, json: { user_id: mentee.id } }), 200);
    const earnings = () => expectJson<Earnings>(send('GET', '/api/analytics/earnings/', { user: asUser(mentor) }), 200);

    const before = await earnings();
    let [item] = before.items;
    expect(item).toMatchObject({ payment_id: payment.paymentId, stage: 'due', waits_for_card: false, income_receipt: null });
    expect(item!.waiting_reason).toContain('разрешите регистрировать чеки в «Мой налог»');
    // the «К выплате» card says what the payouts wait for, in short (it said «Отправляются на карту»)
    expect(before.payouts_waiting).toEqual({ count: 1, reason: 'Ждут разрешения для «Мой налог»' });

    const granted = await call(`/api/sandbox/self-employed/${selfEmployedId}/confirm/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{}' });
    expect(granted.status).toBe(200);
    await retryPendingTransfers(providerCtx(t.db));
    const after = await earnings();
    expect(after.payouts_waiting).toBeNull();
    [item] = after.items;
    expect(item).toMatchObject({ stage: 'paid_out', waiting_reason: null, income_receipt: { id: expect.stringMatching(/^[0-9a-f]{10}$/), url: expect.stringContaining(`${ORIGIN}/sandbox/income-receipts/`) } });
  });
});

// a package's payment was shown as «Мероприятие» with an empty date: it is a package, paid before its sessions' dates
describe('GET /analytics/earnings/ with a package', () => {
  it('names a package payment a package, with no booking, event or date of its own', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const mentee = await createUser(t.db);
    const [type] = await t.db
      .insert(consultationTypes)
      .values({ mentorId: mentor.id, name: 'Разбор резюме', durationMinutes: 60, costs: 2000, packages: [{ sessions: 5, percent: 10, valid_days: 180 }] })
      .returning();
    const as = apiAs(asUser(mentee), { trailingSlash: true });
    const pack = await expectOk(as['consultation-packages'].buy.$post({ json: { consultation_type_id: type!.id, sessions: 5 } }), 201);
    const { payment_id } = await expectOk(as.payments.deals.$post({ json: { service_type: 'package', service_id: pack.id, return_url: '/payment-return' } }), 200);
    const { providerPaymentId } = await paymentRow(t.db, payment_id);
    const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
    await expectJson(send('POST', `/api/sandbox/checkout/${providerPaymentId}/pay/`, { body: { card_number: '4111 1111 1111 1111', expiry, cvc: '123' } }), 200);

    const body = await expectJson<Earnings>(send('GET', '/api/analytics/earnings/', { user: asUser(mentor) }), 200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ payment_id, stage: 'held', service: { type: 'package', id: null, date: null }, amount: 9000, income_receipt: null, waiting_reason: null });
  });
});
