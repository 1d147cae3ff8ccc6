// Issue 36 (decision 006, «Loyalty steps»): the demo mentee, who has paid for a session with the demo mentor, books the
// mentor's «Разбор резюме» (seeded with steps); the dialog shows the regular price, the discount and why, the sandbox
// charges the discounted sum, and the payment's return page says why less was paid.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';
import { partsIn, payOnSandboxCheckout, pickSlot } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const MENTOR = 'mentor@forma.test';
const { db, openPage } = useBrowserAndDb();

const rubles = (n: number) => new RegExp(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?'));

describe('a loyalty discount', () => {
  it('shows the discount and why, and charges the discounted sum in the sandbox', { timeout: 90_000 }, async () => {
    const { rows } = await db.query<{
      mentee_id: number;
      time_zone: string;
      mentor_id: number;
      slot_id: number;
      starts_at: Date;
      ends_at: Date;
      regular_price: number;
      discount_percent: number;
      price: number;
      consultation_number: number;
    }>(
      `select me.id as mentee_id, me.time_zone, t.mentor_id, s.id as slot_id, s.starts_at, s.ends_at, lp.regular_price, lp.discount_percent, lp.price, lp.consultation_number
         from users me, users mo
         join consultation_types t on t.mentor_id = mo.id and t.name = 'Разбор резюме' and t.archived_at is null
         join consultation_slots s on s.consultation_type_id = t.id and s.deleted_at is null and s.starts_at > now() + interval '2 hours'
         cross join lateral forma_loyalty_price(t.id, (select id from users where lower(email) = $1)) lp
        where lower(me.email) = $1 and lower(mo.email) = $2
          and not exists (select 1 from consultation_bookings b where b.slot_id = s.id and b.status in ('pending_payment', 'paid', 'finished'))
        order by s.starts_at, s.id limit 1`,
      [MENTEE, MENTOR],
    );
    const slot = rows[0];
    if (!slot) throw new Error('the demo mentor has no free «Разбор резюме» slot');
    // the seed puts the demo mentee at a step (tests/node/seed.test.ts)
    expect(slot.discount_percent).toBeGreaterThan(0);
    expect(slot.price).toBeLessThan(slot.regular_price);
    const start = partsIn(slot.starts_at, slot.time_zone);
    const end = partsIn(slot.ends_at, slot.time_zone);

    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, MENTEE);

    await page.goto(`${appUrl}/mentor_info/${slot.mentor_id}`);
    const typeCard = page.locator('#consultation-types li').filter({ has: page.getByText('Разбор резюме', { exact: true }) });
    await typeCard.getByText(/С 2-й консультации — скидка/).waitFor();
    await typeCard.getByRole('button', { name: 'Записаться' }).click();

    const dialog = page.getByRole('dialog');
    await pickSlot(dialog, start, end);
    await dialog.getByText(new RegExp(`${slot.consultation_number}-я консультация с Анной: −${slot.discount_percent}\\s%`)).waitFor();
    const pay = dialog.getByRole('button', { name: new RegExp(`^Подтвердить и оплатить ${rubles(slot.price).source}`) });
    const created = page.waitForResponse((r) => r.url().includes('/api/consultation-bookings/create') && r.request().method() === 'POST');
    await pay.click();
    const booking = (await (await created).json()) as { id: number; price: number; regular_price: number; discount_percent: number };
    expect(booking).toMatchObject({ price: slot.price, regular_price: slot.regular_price, discount_percent: slot.discount_percent });

    await payOnSandboxCheckout(page);
    await page.getByText(new RegExp(`${slot.consultation_number}-я консультация с Анной: −${slot.discount_percent}\\s%`)).waitFor();

    // what the provider charged and escrow holds is the discounted sum
    const { rows: paid } = await db.query<{ amount_kopecks: string; status: string; provider_amount: string | null }>(
      `select p.amount_kopecks, p.status from payments p where p.booking_id = $1 and p.status <> 'canceled'`,
      [booking.id],
    );
    expect(paid[0]).toMatchObject({ status: 'succeeded' });
    expect(Number(paid[0]!.amount_kopecks)).toBe(slot.price * 100);
    const { rows: ledger } = await db.query<{ amount_kopecks: string }>(
      `select l.amount_kopecks from ledger_entries l join payments p on p.id = l.payment_id where p.booking_id = $1 and l.kind = 'payment_received'`,
      [booking.id],
    );
    expect(Number(ledger[0]!.amount_kopecks)).toBe(slot.price * 100);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
