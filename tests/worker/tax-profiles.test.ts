// A mentor's tax status for payouts (issue 37, decision 020): read and saved through the API with the form's own
// messages, ИНН checked by the ФНС checksum, the rules kept by the database too, and the self-employed permission
// dropped when what it was granted for changes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fiscalReceipts, mentorTaxProfiles, payments, payouts } from '../../drizzle/schema/payments.ts';
import { isValidPersonInn } from '../../worker/tax-profiles/inn.ts';
import { askForPermission, refreshPermission } from '../../worker/tax-profiles/self-employed.ts';
import type { SelfEmployedPort } from '../../worker/tax-profiles/self-employed-port.ts';
import { findTaxProfile } from '../../worker/tax-profiles/tax-profiles.queries.ts';
import { taxProfileMessages, type TaxProfileBody } from '../../worker/tax-profiles/tax-profiles.schemas.ts';
import { createUser } from '../factories.ts';
import { call, ORIGIN, sqlState, useTestDb } from './helpers.ts';
import { heldBooking } from './payments-fixtures.ts';
import { apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();

// 12-digit ИНН of the real format with their check digits computed by the ФНС rule
const INN = '500100732259';
const INN_2 = '770112345695';
const INN_3 = '783000012379';

type User = Awaited<ReturnType<typeof createUser>>;
const as = (user?: User) => apiAs(user, { trailingSlash: true });
const put = (user: User, json: TaxProfileBody) => as(user)['tax-profile'].$put({ json });
const get = (user: User) => expectOk(as(user)['tax-profile'].$get(), 200);

async function refused(user: User, json: TaxProfileBody) {
  const body = await expectError(put(user, json), 400);
  expect(body.code).toBe('validation_error');
  return body.fields;
}

/** Stands for YooKassa's `/self_employed`: hands out ids and remembers what it was asked. */
function fakePort(status: 'pending' | 'confirmed' | 'canceled' | 'unregistered' = 'pending', itn: string | null = null) {
  const asked: { itn?: string; phone?: string; idempotencyKey: string }[] = [];
  let current = status;
  const port: SelfEmployedPort = {
    async createSelfEmployed(input) {
      asked.push(input);
      return {
        id: `se-${asked.length}-${crypto.randomUUID()}`,
        status: 'pending',
        itn: input.itn ?? itn,
        confirmationUrl: 'https://yoomoney.example/confirm',
      };
    },
    async getSelfEmployed(id) {
      return { id, status: current, itn };
    },
  };
  return { port: () => port, asked, set: (s: typeof status) => (current = s) };
}

describe('the ИНН checksum', () => {
  it('accepts 12-digit ИНН whose check digits hold', () => {
    for (const inn of [INN, INN_2, INN_3]) expect(isValidPersonInn(inn), inn).toBe(true);
  });

  it('refuses a mistyped digit, swapped digits, a 10-digit company ИНН and anything not 12 digits', () => {
    expect(isValidPersonInn('500100732258')).toBe(false); // last digit off
    expect(isValidPersonInn('500100732269')).toBe(false); // the first check digit off
    expect(isValidPersonInn('501000732259')).toBe(false); // two digits swapped
    expect(isValidPersonInn('7707083893')).toBe(false); // a company's (10 digits)
    expect(isValidPersonInn('50010073225a')).toBe(false);
    expect(isValidPersonInn('5001007322590')).toBe(false);
  });
});

describe('GET and PUT /api/tax-profile/', () => {
  it('reads as «без статуса» before anything is saved, saying that payouts wait', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const view = await get(mentor);
    expect(view).toEqual({
      status: 'none',
      inn: null,
      phone: null,
      legal_name: null,
      self_employed: null,
      can_receive_payouts: false,
      message: expect.stringContaining('Без налогового статуса'),
    });
    expect(view.message).toContain('самозанятый или ИП');
  });

  it('saves an ИП with ИНН and name, who can receive payouts', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const saved = await expectOk(
      put(mentor, {
        status: 'individual_entrepreneur',
        inn: ` ${INN} `,
        legal_name: 'ИП Иванова Анна Сергеевна',
        phone: '+7 999 123-45-67',
      }),
      200,
    );
    expect(saved).toEqual({
      status: 'individual_entrepreneur',
      inn: INN,
      phone: null, // an ИП's phone is not used
      legal_name: 'ИП Иванова Анна Сергеевна',
      self_employed: null,
      can_receive_payouts: true,
      message: expect.stringContaining('как ИП'),
    });
    expect(await get(mentor)).toEqual(saved);
  });

  it('saves a self-employed mentor by ИНН or by phone (digits, +7), who waits for the permission', async () => {
    const byInn = await createUser(t.db, { role: 'mentor' });
    expectMatch(
      await expectOk(
        put(byInn, {
          status: 'self_employed',
          inn: INN_2,
          legal_name: 'лишнее',
        }),
        200,
      ),
      {
        status: 'self_employed',
        inn: INN_2,
        legal_name: null,
        self_employed: null,
        can_receive_payouts: false,
      },
    );
    const byPhone = await createUser(t.db, { role: 'mentor' });
    const view = await expectOk(put(byPhone, { status: 'self_employed', phone: '8 (912) 345-67-89' }), 200);
    expectMatch(view, {
      status: 'self_employed',
      inn: null,
      phone: '79123456789',
      can_receive_payouts: false,
    });
    expect(view.message).toContain('Пока разрешения нет, выплаты ждут');
  });

  it('switching to «без статуса» keeps nothing, even fields the form still sends', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    await expectOk(
      put(mentor, {
        status: 'individual_entrepreneur',
        inn: INN,
        legal_name: 'ИП Петров',
      }),
      200,
    );
    const view = await expectOk(put(mentor, { status: 'none', inn: '123', legal_name: 'ИП Петров' }), 200);
    expectMatch(view, {
      status: 'none',
      inn: null,
      legal_name: null,
      can_receive_payouts: false,
    });
  });

  it('refuses each mistake with its own message', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    expect(await refused(mentor, { status: 'freelancer' as 'none' })).toEqual({
      status: taxProfileMessages.status,
    });
    expect(await refused(mentor, { status: 'individual_entrepreneur' })).toEqual({
      inn: taxProfileMessages.innRequiredForIe,
      legal_name: taxProfileMessages.legalName,
    });
    expect(
      await refused(mentor, {
        status: 'individual_entrepreneur',
        inn: INN,
        legal_name: '   ',
      }),
    ).toEqual({ legal_name: taxProfileMessages.legalName });
    expect(
      await refused(mentor, {
        status: 'individual_entrepreneur',
        inn: INN,
        legal_name: 'И'.repeat(256),
      }),
    ).toEqual({
      legal_name: taxProfileMessages.legalNameMax,
    });
    expect(
      await refused(mentor, {
        status: 'individual_entrepreneur',
        inn: '50010073225',
        legal_name: 'ИП Петров',
      }),
    ).toEqual({ inn: taxProfileMessages.innFormat });
    expect(
      await refused(mentor, {
        status: 'individual_entrepreneur',
        inn: '7707083893',
        legal_name: 'ИП Петров',
      }),
    ).toEqual({ inn: taxProfileMessages.innFormat });
    expect(await refused(mentor, { status: 'self_employed', inn: '500100732258' })).toEqual({ inn: taxProfileMessages.innChecksum });
    expect(await refused(mentor, { status: 'self_employed' })).toEqual({
      inn: taxProfileMessages.innOrPhone,
    });
    expect(await refused(mentor, { status: 'self_employed', inn: '', phone: ' ' })).toEqual({ inn: taxProfileMessages.innOrPhone });
    expect(await refused(mentor, { status: 'self_employed', phone: '12-34' })).toEqual({ phone: taxProfileMessages.phone });
    expect(
      await refused(mentor, {
        status: 'self_employed',
        phone: '+1 202 555 0143',
      }),
    ).toEqual({ phone: taxProfileMessages.phone });
    // nothing was saved by any of them
    expect(await findTaxProfile(t.db, mentor.id)).toBeNull();
  });

  it('is the mentor’s own: visitors get 401, mentees and admins 403', async () => {
    const mentee = await createUser(t.db, { role: 'mentee' });
    const admin = await createUser(t.db, { role: 'admin' });
    expect(await expectError(apiAs()['tax-profile'].$get(), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(await expectError(apiAs()['tax-profile'].$put({ json: { status: 'none' } }), 401)).toMatchObject({ code: 'not_authenticated' });
    for (const user of [mentee, admin]) {
      expect(await expectError(as(user)['tax-profile'].$get(), 403)).toMatchObject({ code: 'forbidden' });
      expect(await expectError(put(user, { status: 'self_employed', inn: INN }), 403)).toMatchObject({ code: 'forbidden' });
      expect(await expectError(as(user)['tax-profile']['self-employed'].$post(), 403)).toMatchObject({ code: 'forbidden' });
      expect(await findTaxProfile(t.db, user.id)).toBeNull();
    }
  });
});

describe('the self-employed permission', () => {
  async function selfEmployed(values: TaxProfileBody = { status: 'self_employed', inn: INN }) {
    const mentor = await createUser(t.db, { role: 'mentor' });
    await expectOk(put(mentor, values), 200);
    return mentor;
  }

  it('is asked through the provider: the sandbox’s own page grants it, and the profile reads the new state from the provider', async () => {
    const mentor = await selfEmployed();
    expectMatch(await get(mentor), { status: 'self_employed', self_employed: null, can_receive_payouts: false });
    const asked = await expectOk(as(mentor)['tax-profile']['self-employed'].$post(), 200);
    const url = asked.self_employed?.confirmation_url ?? '';
    expect(url).toMatch(new RegExp(`^${ORIGIN}/sandbox/self-employed/sbx_se_[0-9a-f-]{36}$`));
    const id = url.split('/').at(-1)!;
    // the provider's page («Мой налог» in life) asks the mentor
    const page = await (await call(`/sandbox/self-employed/${id}`)).text();
    expect(page).toContain('Разрешить');
    expect(page).toContain(`ИНН ${INN}`);
    const sandboxAnswer = (action: 'confirm' | 'reject') =>
      call(`/api/sandbox/self-employed/${id}/${action}/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{}' });
    expect((await sandboxAnswer('confirm')).status).toBe(200);
    expect((await sandboxAnswer('reject')).status).toBe(409);
    // nothing tells us: the profile asks the provider when it is read
    expectMatch(await get(mentor), { self_employed: { status: 'confirmed' }, can_receive_payouts: true });
    expect(await (await call(`/sandbox/self-employed/${id}`)).text()).toContain('Разрешение выдано');
  });

  it('asked by phone, the sandbox finds a valid ИНН as YooKassa does; a refusal leaves payouts waiting', async () => {
    const mentor = await selfEmployed({ status: 'self_employed', phone: '+7 912 345-67-89' });
    const asked = await expectOk(as(mentor)['tax-profile']['self-employed'].$post(), 200);
    const id = (asked.self_employed?.confirmation_url ?? '').split('/').at(-1)!;
    const res = await call(`/api/sandbox/self-employed/${id}/reject/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{}' });
    expect(res.status).toBe(200);
    const after = await get(mentor);
    expectMatch(after, { self_employed: { status: 'canceled' }, can_receive_payouts: false });
    expect(isValidPersonInn(after.inn ?? '')).toBe(true);
  });

  it('is asked by ИНН (or by phone when there is none), shown while pending, and lets payouts go once confirmed', async () => {
    const mentor = await selfEmployed();
    const yookassa = fakePort();
    await askForPermission(t.db, yookassa.port, mentor.id);
    expect(yookassa.asked).toEqual([{ itn: INN, idempotencyKey: expect.any(String) }]);
    const pending = await get(mentor);
    expectMatch(pending, {
      self_employed: {
        status: 'pending',
        confirmation_url: 'https://yoomoney.example/confirm',
      },
      can_receive_payouts: false,
    });
    expect(pending.message).toContain('Ждём подтверждения');

    // asking again while pending reuses the link instead of a new request
    await askForPermission(t.db, yookassa.port, mentor.id);
    expect(yookassa.asked).toHaveLength(1);

    yookassa.set('confirmed');
    const row = await refreshPermission(t.db, yookassa.port, (await findTaxProfile(t.db, mentor.id))!);
    expect(row.selfEmployedStatus).toBe('confirmed');
    const confirmed = await get(mentor);
    expectMatch(confirmed, {
      self_employed: { status: 'confirmed' },
      can_receive_payouts: true,
    });
    expect(confirmed.message).toContain('Подтверждено');

    yookassa.set('canceled');
    await refreshPermission(t.db, yookassa.port, (await findTaxProfile(t.db, mentor.id))!);
    const revoked = await get(mentor);
    expectMatch(revoked, {
      self_employed: { status: 'canceled' },
      can_receive_payouts: false,
    });
    expect(revoked.message).toContain('Разрешение отклонено или отозвано');

    const byPhone = await selfEmployed({
      status: 'self_employed',
      phone: '+7 912 345-67-89',
    });
    const found = fakePort('pending', INN_3);
    await askForPermission(t.db, found.port, byPhone.id);
    expect(found.asked).toEqual([{ phone: '79123456789', idempotencyKey: expect.any(String) }]);
    // the ИНН YooKassa found by the phone fills the profile
    expect((await findTaxProfile(t.db, byPhone.id))?.inn).toBe(INN_3);
  });

  it('is refused to a profile that is not self-employed', async () => {
    const ie = await selfEmployed({
      status: 'individual_entrepreneur',
      inn: INN,
      legal_name: 'ИП Петров',
    });
    await expect(askForPermission(t.db, fakePort().port, ie.id)).rejects.toMatchObject({ status: 409, code: 'not_self_employed' });
  });

  it('is cleared when the status, the ИНН or the phone changes, and kept when they do not', async () => {
    const mentor = await selfEmployed();
    const yookassa = fakePort('confirmed');
    const ask = async () => {
      await askForPermission(t.db, yookassa.port, mentor.id);
      await refreshPermission(t.db, yookassa.port, (await findTaxProfile(t.db, mentor.id))!);
      expectMatch(await get(mentor), {
        self_employed: { status: 'confirmed' },
        can_receive_payouts: true,
      });
    };
    await ask();

    // the same data saved again keeps it
    expectMatch(await expectOk(put(mentor, { status: 'self_employed', inn: INN }), 200), { self_employed: { status: 'confirmed' }, can_receive_payouts: true });

    // another ИНН: asked again
    const changedInn = await expectOk(put(mentor, { status: 'self_employed', inn: INN_2 }), 200);
    expectMatch(changedInn, {
      self_employed: null,
      can_receive_payouts: false,
    });
    expect(await findTaxProfile(t.db, mentor.id)).toMatchObject({
      selfEmployedId: null,
      selfEmployedStatus: null,
      confirmationUrl: null,
      checkedAt: null,
    });

    await ask();
    expectMatch(
      await expectOk(
        put(mentor, {
          status: 'self_employed',
          inn: INN_2,
          phone: '+79001234567',
        }),
        200,
      ),
      { self_employed: null },
    );

    await ask();
    expectMatch(
      await expectOk(
        put(mentor, {
          status: 'individual_entrepreneur',
          inn: INN_2,
          legal_name: 'ИП Петров',
        }),
        200,
      ),
      {
        self_employed: null,
        can_receive_payouts: true,
      },
    );
    expect(yookassa.asked).toHaveLength(3);
  });
});

describe('the database keeps the rules', () => {
  const insert = (userId: number, values: Partial<typeof mentorTaxProfiles.$inferInsert>) =>
    t.db.insert(mentorTaxProfiles).values({ userId, status: 'self_employed', ...values });

  it('refuses an ИНН that is not 12 digits, a phone that is not digits, and a status without what it needs', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    expect(await sqlState(insert(mentor.id, { inn: '50010073225' }))).toBe('23514');
    expect(await sqlState(insert(mentor.id, { inn: '5001007322ab' }))).toBe('23514');
    expect(await sqlState(insert(mentor.id, { phone: '+79001234567' }))).toBe('23514');
    expect(await sqlState(insert(mentor.id, {}))).toBe('23514');
    expect(await sqlState(insert(mentor.id, { status: 'individual_entrepreneur', inn: INN }))).toBe('23514');
    expect(
      await sqlState(
        insert(mentor.id, {
          status: 'individual_entrepreneur',
          inn: INN,
          legalName: '  ',
        }),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        insert(mentor.id, {
          status: 'individual_entrepreneur',
          legalName: 'ИП Петров',
        }),
      ),
    ).toBe('23514');
    expect(await sqlState(insert(mentor.id, { status: 'none' }))).toBeUndefined();
    expect(await t.db.select().from(mentorTaxProfiles).where(eq(mentorTaxProfiles.userId, mentor.id))).toHaveLength(1);
  });

  it('keeps the permission on self-employed profiles only, with a status once asked for', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    expect(
      await sqlState(
        insert(mentor.id, {
          status: 'individual_entrepreneur',
          inn: INN,
          legalName: 'ИП',
          selfEmployedId: 'se-1',
          selfEmployedStatus: 'pending',
        }),
      ),
    ).toBe('23514');
    expect(await sqlState(insert(mentor.id, { inn: INN, selfEmployedId: 'se-1' }))).toBe('23514');
    expect(await sqlState(insert(mentor.id, { inn: INN, confirmationUrl: 'https://x' }))).toBe('23514');
    expect(
      await sqlState(
        insert(mentor.id, {
          inn: INN,
          selfEmployedId: `se-${mentor.id}`,
          selfEmployedStatus: 'pending',
        }),
      ),
    ).toBeUndefined();
  });

  it('keeps one fiscal receipt of a kind per payment, session and refund, a refund receipt on a refund, and only an unpaid payout waiting', async () => {
    const { booking, mentor, mentee } = await heldBooking(t.db);
    const [payment] = await t.db
      .insert(payments)
      .values({
        provider: 'sandbox',
        serviceType: 'consultation',
        bookingId: booking.id,
        payerId: mentee.id,
        payeeId: mentor.id,
        amountKopecks: 150_000,
        returnUrl: '/loads',
      })
      .returning();
    const items = [
      {
        description: 'Консультация',
        quantity: '1.00',
        amount: { value: '1500.00', currency: 'RUB' },
      },
    ];
    const receipt = (values: Partial<typeof fiscalReceipts.$inferInsert>) =>
      t.db.insert(fiscalReceipts).values({
        kind: 'payment',
        paymentId: payment.id,
        amountKopecks: 150_000,
        items,
        ...values,
      });
    expect(await sqlState(receipt({}))).toBeUndefined();
    expect(await sqlState(receipt({}))).toBe('23505'); // the same payment's receipt twice (nulls count as one key)
    expect(await sqlState(receipt({ kind: 'refund' }))).toBe('23514'); // a refund receipt names its refund
    expect(await sqlState(receipt({ kind: 'settlement', amountKopecks: 0 }))).toBe('23514');
    expect(await sqlState(receipt({ kind: 'settlement', items: [] }))).toBe('23514');
    expect(await sqlState(receipt({ kind: 'settlement' }))).toBeUndefined();

    const payout = (values: Partial<typeof payouts.$inferInsert>) =>
      t.db.insert(payouts).values({
        paymentId: payment.id,
        mentorId: mentor.id,
        amountKopecks: 142_500,
        feeKopecks: 7_500,
        ...values,
      });
    expect(
      await sqlState(
        payout({
          status: 'succeeded',
          waitingReason: 'Укажите налоговый статус: самозанятый или ИП',
        }),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        payout({
          waitingReason: 'Укажите налоговый статус: самозанятый или ИП',
        }),
      ),
    ).toBeUndefined();
  });
});
