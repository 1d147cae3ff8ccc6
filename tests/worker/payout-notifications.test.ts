// A payout the provider answers 'pending' and settles later by notification (issue 37, decision 020): a self-employed
// mentor's income receipt comes with payout.succeeded and is kept; a self-employed payout canceled after it was taken
// (permission revoked, yearly НПД limit) waits as a refusal on sending does and goes again, once, when he fixes it; any
// other canceled payout fails as before. Against the sandbox's signed webhook and against the fake of YooKassa.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, mentorTaxProfiles, payouts, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { createApp } from '../../worker/app.ts';
import { sendPayout } from '../../worker/escrow/transfers.ts';
import type { ProviderContext } from '../../worker/payments/payment-provider.ts';
import { signSandboxNotification } from '../../worker/payments/sandbox/sandbox-signature.ts';
import { askForPermission } from '../../worker/tax-profiles/self-employed.ts';
import { selfEmployedPort } from '../../worker/tax-profiles/self-employed-port.ts';
import { createUser } from '../factories.ts';
import { EXECUTION_CTX, fakeYookassaOnFetch, productionEnv } from './yookassa-production.ts';
import { addPayoutCard, backdateBooking, books, paidBooking, providerCtx } from './escrow-fixtures.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson } from './json-api.ts';
import { apiAs, expectOk } from './typed-api.ts';

const t = useTestDb();
const DAY = 24 * 60 * 60 * 1000;
const INN = '500100732259';
type User = Awaited<ReturnType<typeof createUser>>;

/** A mentor with a payout card and the tax status given (a самозанятый not yet asked for the permission). */
async function mentorWith(status: 'self_employed' | 'individual_entrepreneur' | 'none') {
  const mentor = await createUser(t.db, { role: 'mentor' });
  await addPayoutCard(t.db, mentor.id);
  await declare(mentor, status);
  return mentor;
}

async function declare(mentor: User, status: 'self_employed' | 'individual_entrepreneur' | 'none') {
  const json = status === 'self_employed' ? { status, inn: INN } : status === 'none' ? { status } : { status, inn: INN, legal_name: 'ИП Тест' };
  await expectOk(apiAs(asUser(mentor), { trailingSlash: true })['tax-profile'].$put({ json }), 200);
}

/** An ИП's payout booked but not sent yet: released while he had no status, and he declared ИП since. */
async function unsentPlainPayout() {
  const mentor = await mentorWith('none');
  const paymentId = await lateCancellation(mentor);
  await declare(mentor, 'individual_entrepreneur');
  const { payout } = await books(t.db, paymentId);
  expect(payout).toMatchObject({ status: 'pending', providerPayoutId: null });
  return payout!;
}

/** The booker cancels late: the money is released to the mentor at once and a payout is booked. */
async function lateCancellation(mentor: User) {
  const { booking, mentee, payment } = await paidBooking(t.db, { startsIn: 2 * DAY, costs: 1500, mentor });
  await backdateBooking(t.db, booking.id, 3 * DAY);
  await expectOk(apiAs(asUser(mentee), { trailingSlash: true })['consultation-bookings'][':id'].cancel.$post({ param: { id: String(booking.id) }, json: { user_id: mentee.id } }), 200);
  return payment.paymentId;
}

/** Every account's balance over the payment's ledger: the escrow ends at zero and all moves sum to zero. */
async function balance(paymentId: string) {
  const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
  const sums: Record<string, number> = {};
  for (const e of entries) {
    sums[e.debit] = (sums[e.debit] ?? 0) - e.amountKopecks;
    sums[e.credit] = (sums[e.credit] ?? 0) + e.amountKopecks;
  }
  expect(Object.values(sums).reduce((a, b) => a + b, 0)).toBe(0);
  return { sums, count: entries.length };
}

const payoutRow = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
const profileOf = async (userId: number) => (await t.db.select().from(mentorTaxProfiles).where(eq(mentorTaxProfiles.userId, userId)))[0]!;

describe('payout notifications from the sandbox', () => {
  /** A notification as the sandbox signs it. */
  async function deliver(body: unknown) {
    const raw = JSON.stringify(body);
    return call('/api/payments/webhooks/sandbox/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': await signSandboxNotification(bindings.JWT_SECRET, raw) },
      body: raw,
    });
  }
  const answer = (permissionId: string, action: 'confirm' | 'reject') =>
    call(`/api/sandbox/self-employed/${permissionId}/${action}/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{}' });

  /** A self-employed mentor's payout the provider took and answered 'pending' (the sandbox itself pays at once). */
  async function takenPayout() {
    const mentor = await mentorWith('self_employed');
    const paymentId = await lateCancellation(mentor);
    const { selfEmployedId } = await askForPermission(t.db, () => selfEmployedPort(providerCtx(t.db)), mentor.id);
    expect((await answer(selfEmployedId!, 'confirm')).status).toBe(200);
    const providerPayoutId = `sbx_po_${crypto.randomUUID()}`;
    const { payout } = await books(t.db, paymentId);
    await t.db.update(payouts).set({ providerPayoutId, waitingReason: null, lastError: null }).where(eq(payouts.id, payout!.id));
    return { mentor, paymentId, payout: payout!, providerPayoutId, selfEmployedId: selfEmployedId! };
  }

  it('payout.succeeded keeps the income receipt it carries', async () => {
    const { payout, providerPayoutId, selfEmployedId } = await takenPayout();
    const url = `${ORIGIN}/sandbox/income-receipts/${providerPayoutId}`;
    const body = {
      type: 'notification',
      event: 'payout.succeeded',
      object: { id: providerPayoutId, status: 'succeeded', self_employed: { id: selfEmployedId }, receipt: { service_name: 'Консультации на платформе Форма', npd_receipt_id: '208jd98zqe', url } },
    };
    expect(await expectJson(deliver(body), 200)).toEqual({ result: 'applied' });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'succeeded', npdReceiptId: '208jd98zqe', npdReceiptUrl: url });
    // a link that is not a web page is refused, and nothing changes
    const other = await takenPayout();
    const bad = { ...body, object: { ...body.object, id: other.providerPayoutId, receipt: { npd_receipt_id: 'x', url: 'javascript:alert(1)' } } };
    expect((await deliver(bad)).status).toBe(400);
    expect(await payoutRow(other.payout.id)).toMatchObject({ status: 'pending', npdReceiptId: null });
  });

  it('payout.canceled of a self-employed payout: it waits with the reason under a new key, and goes once when he grants the permission again', async () => {
    const { mentor, paymentId, payout, providerPayoutId, selfEmployedId } = await takenPayout();
    const before = await balance(paymentId);
    // he revoked the permission in «Мой налог» between our send and the provider's settling
    await t.db.update(sandboxProviderObjects).set({ status: 'canceled' }).where(eq(sandboxProviderObjects.id, selfEmployedId));
    const body = { type: 'notification', event: 'payout.canceled', object: { id: providerPayoutId, status: 'canceled', self_employed: { id: selfEmployedId } } };
    expect(await expectJson(deliver(body), 200)).toEqual({ result: 'applied' });
    const waiting = await payoutRow(payout.id);
    expect(waiting).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('отозвано') });
    expect(waiting.lastError).toContain(providerPayoutId);
    expect(waiting.idempotencyKey).not.toBe(payout.idempotencyKey);
    expect((await profileOf(mentor.id)).selfEmployedStatus).toBe('canceled');
    // the same notification again changes nothing
    expect(await expectJson(deliver(body), 200)).toEqual({ result: 'duplicate' });

    // the scheduler's retry: still no permission, so it keeps waiting and nothing is sent
    await sendPayout(providerCtx(t.db), payout.id);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('отозвано') });
    // asked again and granted: the payout goes once, under the new key, with its receipt; the ledger is untouched
    const again = await askForPermission(t.db, () => selfEmployedPort(providerCtx(t.db)), mentor.id);
    expect((await answer(again.selfEmployedId!, 'confirm')).status).toBe(200);
    await sendPayout(providerCtx(t.db), payout.id);
    await sendPayout(providerCtx(t.db), payout.id);
    const paid = await payoutRow(payout.id);
    expect(paid).toMatchObject({ status: 'succeeded', waitingReason: null, idempotencyKey: waiting.idempotencyKey, npdReceiptId: expect.any(String) });
    const sent = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.kind, 'payout'));
    expect(sent.filter((o) => (o.request as { metadata?: { payout_id?: string } }).metadata?.payout_id === payout.id)).toHaveLength(1);
    expect(await balance(paymentId)).toEqual(before);
  });

  it('payout.canceled of a payout to an ИП fails it, as before', async () => {
    const payout = await unsentPlainPayout();
    // the provider took it and answered 'pending'
    const providerPayoutId = `sbx_po_${crypto.randomUUID()}`;
    await t.db.update(payouts).set({ providerPayoutId, waitingReason: null }).where(eq(payouts.id, payout.id));
    const body = { type: 'notification', event: 'payout.canceled', object: { id: providerPayoutId, status: 'canceled' } };
    expect(await expectJson(deliver(body), 200)).toEqual({ result: 'applied' });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'failed', providerPayoutId, waitingReason: null });
  });
});

describe('payout notifications from YooKassa', () => {
  const SHOP = '654321';
  const KEY = 'live_secret';
  const GATEWAY = { agentId: '505050', secretKey: 'payout_secret' };
  const env = productionEnv(SHOP, KEY, GATEWAY);
  const executionCtx = EXECUTION_CTX;

  afterEach(() => vi.restoreAllMocks());

  /** Our calls to YooKassa reach the fake; its notifications reach the app in production. */
  function production() {
    const fake = fakeYookassaOnFetch(SHOP, KEY, GATEWAY);
    const app = createApp();
    const ctx: ProviderContext = { env, db: t.db, origin: ORIGIN };
    const notify = async (event: string, id: string) =>
      expectJson(
        app.request('/api/payments/webhooks/yookassa/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'notification', event, object: { id, status: event.split('.')[1] } }) }, env, executionCtx),
        200,
      );
    return { fake, ctx, notify };
  }

  /** A self-employed mentor's payout sent to YooKassa with his confirmed permission, answered 'pending'. */
  async function pendingSelfEmployedPayout(yk: ReturnType<typeof production>) {
    const mentor = await mentorWith('self_employed');
    const paymentId = await lateCancellation(mentor);
    const { selfEmployedId } = await askForPermission(t.db, () => selfEmployedPort(yk.ctx), mentor.id);
    yk.fake.setSelfEmployed(selfEmployedId!, 'confirmed');
    const { payout } = await books(t.db, paymentId);
    await sendPayout(yk.ctx, payout!.id);
    const sent = await payoutRow(payout!.id);
    expect(sent).toMatchObject({ status: 'pending', providerPayoutId: expect.stringMatching(/^po-/), npdReceiptId: null });
    expect(yk.fake.payouts.get(sent.providerPayoutId!)).toMatchObject({ status: 'pending', self_employed: { id: selfEmployedId } });
    return { mentor, paymentId, payout: sent, selfEmployedId: selfEmployedId! };
  }

  it('payout.succeeded: the income receipt of the re-fetched payout is kept', async () => {
    const yk = production();
    const { payout } = await pendingSelfEmployedPayout(yk);
    yk.fake.settlePayout(payout.providerPayoutId!, 'succeeded');
    const registered = yk.fake.payouts.get(payout.providerPayoutId!)!.receipt!;
    expect(await yk.notify('payout.succeeded', payout.providerPayoutId!)).toEqual({ result: 'applied' });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'succeeded', npdReceiptId: registered.npd_receipt_id, npdReceiptUrl: registered.url });
  });

  it('payout.canceled for a revoked permission: the payout waits, then goes under a new key once he grants it again, paid once', async () => {
    const yk = production();
    const { mentor, paymentId, payout, selfEmployedId } = await pendingSelfEmployedPayout(yk);
    const before = await balance(paymentId);
    yk.fake.setSelfEmployed(selfEmployedId, 'canceled');
    yk.fake.settlePayout(payout.providerPayoutId!, 'canceled');
    expect(await yk.notify('payout.canceled', payout.providerPayoutId!)).toEqual({ result: 'applied' });
    const waiting = await payoutRow(payout.id);
    expect(waiting).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('отозвано') });
    expect(waiting.idempotencyKey).not.toBe(payout.idempotencyKey);
    expect((await profileOf(mentor.id)).selfEmployedStatus).toBe('canceled');

    const again = await askForPermission(t.db, () => selfEmployedPort(yk.ctx), mentor.id);
    expect(again.selfEmployedId).not.toBe(selfEmployedId);
    yk.fake.setSelfEmployed(again.selfEmployedId!, 'confirmed');
    await sendPayout(yk.ctx, payout.id);
    const resent = await payoutRow(payout.id);
    expect(resent).toMatchObject({ status: 'pending', waitingReason: null, providerPayoutId: expect.stringMatching(/^po-/) });
    expect(resent.providerPayoutId).not.toBe(payout.providerPayoutId);
    yk.fake.settlePayout(resent.providerPayoutId!, 'succeeded');
    expect(await yk.notify('payout.succeeded', resent.providerPayoutId!)).toEqual({ result: 'applied' });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'succeeded', npdReceiptId: expect.any(String) });
    // one payout canceled, one paid: the money went once, and the ledger did not move
    const ours = [...yk.fake.payouts.values()].filter((p) => p.metadata.payout_id === payout.id);
    expect(ours.map((p) => p.status).sort()).toEqual(['canceled', 'succeeded']);
    expect(await balance(paymentId)).toEqual(before);
  });

  it('payout.canceled while the permission holds: the yearly limit is the reason, and a payout to an ИП still fails', async () => {
    const yk = production();
    const { payout } = await pendingSelfEmployedPayout(yk);
    yk.fake.settlePayout(payout.providerPayoutId!, 'canceled');
    expect(await yk.notify('payout.canceled', payout.providerPayoutId!)).toEqual({ result: 'applied' });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending', providerPayoutId: null, waitingReason: expect.stringContaining('годовой лимит') });

    const plain = await unsentPlainPayout();
    await sendPayout(yk.ctx, plain.id);
    const sent = await payoutRow(plain.id);
    expect(sent).toMatchObject({ status: 'pending', providerPayoutId: expect.stringMatching(/^po-/) });
    yk.fake.settlePayout(sent.providerPayoutId!, 'canceled');
    expect(await yk.notify('payout.canceled', sent.providerPayoutId!)).toEqual({ result: 'applied' });
    expect(await payoutRow(plain.id)).toMatchObject({ status: 'failed', providerPayoutId: sent.providerPayoutId });
  });
});
