// A self-employed mentor's payouts (issue 37, decision 020): each carries his income receipt, registered in «Мой налог»
// by the provider and kept on the payout; without his permission a payout waits and says why, then goes once he grants
// it; a permission revoked later holds the next payout back, under a new idempotency key.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentorTaxProfiles, payouts, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { retryPendingTransfers } from '../../worker/escrow/transfers.ts';
import { askForPermission } from '../../worker/tax-profiles/self-employed.ts';
import { selfEmployedPort } from '../../worker/tax-profiles/self-employed-port.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, backdateBooking, books, paidBooking, providerCtx } from './escrow-fixtures.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectOk } from './typed-api.ts';

const t = useTestDb();
const DAY = 24 * 60 * 60 * 1000;
const INN = '500100732259';

type User = Awaited<ReturnType<typeof createUser>>;

/** A self-employed mentor with a payout card who has been asked for the permission (still pending). */
async function selfEmployedMentor() {
  const mentor = await createUser(t.db, { role: 'mentor' });
  await addPayoutCard(t.db, mentor.id);
  await expectOk(apiAs(asUser(mentor), { trailingSlash: true })['tax-profile'].$put({ json: { status: 'self_employed', inn: INN } }), 200);
  const profile = await askForPermission(t.db, () => selfEmployedPort(providerCtx(t.db)), mentor.id);
  return { mentor, permissionId: profile.selfEmployedId! };
}

const answer = (permissionId: string, action: 'confirm' | 'reject') =>
  call(`/api/sandbox/self-employed/${permissionId}/${action}/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{}' });

/** The booker cancels late: the money is released to the mentor at once, and a payout is booked and sent. */
async function lateCancellation(mentor: User) {
  const { booking, mentee, payment } = await paidBooking(t.db, { startsIn: 2 * DAY, costs: 1500, mentor });
  await backdateBooking(t.db, booking.id, 3 * DAY);
  await expectOk(apiAs(asUser(mentee), { trailingSlash: true })['consultation-bookings'][':id'].cancel.$post({ param: { id: String(booking.id) }, json: { user_id: mentee.id } }), 200);
  return payment.paymentId;
}

describe('a self-employed mentor’s payouts', () => {
  it('wait for the permission with the reason, go once it is granted, and carry the income receipt', async () => {
    const { mentor, permissionId } = await selfEmployedMentor();
    const paymentId = await lateCancellation(mentor);
    let { payout } = await books(t.db, paymentId);
    expect(payout).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('разрешите регистрировать чеки') });

    // he grants it on the provider's page; the scheduler's retry reads the permission before trying again
    expect((await answer(permissionId, 'confirm')).status).toBe(200);
    await retryPendingTransfers(providerCtx(t.db));
    ({ payout } = await books(t.db, paymentId));
    expect(payout).toMatchObject({ status: 'succeeded', waitingReason: null, amountKopecks: 142_500, npdReceiptId: expect.stringMatching(/^[0-9a-f]{10}$/) });
    expect(payout!.npdReceiptUrl).toBe(`${ORIGIN}/sandbox/income-receipts/${payout!.providerPayoutId}`);
    const [sent] = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.id, payout!.providerPayoutId!));
    expect(sent.request).toMatchObject({ self_employed: { id: permissionId }, receipt: { service_name: 'Консультации на платформе Форма', amount: { value: '1425.00' } } });
    // the receipt's page is real
    const page = await (await call(`/sandbox/income-receipts/${payout!.providerPayoutId}`)).text();
    expect(page).toContain(`Чек № ${payout!.npdReceiptId}`);
    expect(page).toContain(`ИНН ${INN}`);
    const [profile] = await t.db.select().from(mentorTaxProfiles).where(eq(mentorTaxProfiles.userId, mentor.id));
    expect(profile.selfEmployedStatus).toBe('confirmed');
  });

  it('a permission revoked after it was granted: the provider refuses, the payout waits with a new key and says so', async () => {
    const { mentor, permissionId } = await selfEmployedMentor();
    const paymentId = await lateCancellation(mentor);
    const waiting = (await books(t.db, paymentId)).payout!;
    const firstKey = waiting.idempotencyKey;
    // granted, then revoked in «Мой налог»: our profile still says confirmed, only the provider knows better
    await t.db.update(mentorTaxProfiles).set({ selfEmployedStatus: 'confirmed' }).where(eq(mentorTaxProfiles.userId, mentor.id));
    await t.db.update(sandboxProviderObjects).set({ status: 'canceled' }).where(eq(sandboxProviderObjects.id, permissionId));
    await retryPendingTransfers(providerCtx(t.db));
    const { payout } = await books(t.db, paymentId);
    expect(payout).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('отозвано') });
    expect(payout!.lastError).toMatch(/разрешение/);
    // the provider keeps its refusal under the old key: the next try must use another
    expect(payout!.idempotencyKey).not.toBe(firstKey);
    const [profile] = await t.db.select().from(mentorTaxProfiles).where(eq(mentorTaxProfiles.userId, mentor.id));
    expect(profile.selfEmployedStatus).toBe('canceled');
    // asked again and granted: the payout goes, under the new key
    await t.db.update(mentorTaxProfiles).set({ selfEmployedId: null, selfEmployedStatus: null, confirmationUrl: null }).where(eq(mentorTaxProfiles.userId, mentor.id));
    const again = await askForPermission(t.db, () => selfEmployedPort(providerCtx(t.db)), mentor.id);
    expect((await answer(again.selfEmployedId!, 'confirm')).status).toBe(200);
    await retryPendingTransfers(providerCtx(t.db));
    const [sent] = await t.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(sent).toMatchObject({ status: 'succeeded', waitingReason: null, idempotencyKey: payout!.idempotencyKey });
  });

  it('a mentor without a tax status is not paid: the payout waits and says why, and goes once he declares ИП, without an income receipt', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    await addPayoutCard(t.db, mentor.id);
    await expectOk(apiAs(asUser(mentor), { trailingSlash: true })['tax-profile'].$put({ json: { status: 'none' } }), 200);
    const paymentId = await lateCancellation(mentor);
    let { payout } = await books(t.db, paymentId);
    expect(payout).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('Укажите налоговый статус') });
    await expectOk(apiAs(asUser(mentor), { trailingSlash: true })['tax-profile'].$put({ json: { status: 'individual_entrepreneur', inn: INN, legal_name: 'ИП Соколова А. С.' } }), 200);
    await retryPendingTransfers(providerCtx(t.db));
    ({ payout } = await books(t.db, paymentId));
    expect(payout).toMatchObject({ status: 'succeeded', npdReceiptId: null, waitingReason: null });
  });
});
