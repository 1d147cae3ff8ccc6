// Steps the browser tests of booking share: finding a free slot in the demo data, choosing it in the booking dialog and
// paying on the sandbox checkout.
import type pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export type PackageOffer = { sessions: number; percent: number; valid_days: number };
export type FreeSlot = { slot_id: number; mentor_id: number; type_id: number; type_name: string; starts_at: Date; ends_at: Date; packages: PackageOffer[] };

/**
 * A paid consultation type of another mentor with free time more than two hours ahead (its name unique on the mentor's
 * page, so the test presses the right «Записаться»), and its earliest such slot. `forPackage`: a type the mentee holds no
 * active package of, those offering packages first.
 */
export async function freePaidSlot(db: pg.Client, menteeId: number, { forPackage = false } = {}): Promise<FreeSlot> {
  const { rows } = await db.query<FreeSlot>(
    `select s.id as slot_id, s.mentor_id, t.id as type_id, t.name as type_name, s.starts_at, s.ends_at, t.packages
       from consultation_slots s
       join consultation_types t on t.id = s.consultation_type_id
      where s.deleted_at is null and t.archived_at is null and t.costs > 0
        and s.mentor_id <> $1
        and s.starts_at > now() + interval '2 hours'
        and not exists (select 1 from consultation_bookings b where b.slot_id = s.id and b.status in ('pending_payment', 'paid', 'finished'))
        and (not $2 or not exists (select 1 from consultation_packages p where p.mentee_id = $1 and p.consultation_type_id = t.id and p.status = 'active'))
        and (select count(*) from consultation_types o where o.mentor_id = t.mentor_id and o.archived_at is null and o.name = t.name) = 1
      order by case when $2 then jsonb_array_length(t.packages) else 0 end desc, s.starts_at, s.id
      limit 1`,
    [menteeId, forPackage],
  );
  if (!rows[0]) throw new Error('the demo data has no free paid slot');
  return rows[0];
}

/**
 * The person of `email` and a free paid slot for them (see freePaidSlot), with its start and end as the booking dialog
 * shows them in their zone.
 */
export async function freePaidSlotFor(db: pg.Client, email: string, options: { forPackage?: boolean } = {}) {
  const { rows } = await db.query<{ id: number; time_zone: string }>(`select id, time_zone from users where lower(email) = $1`, [email]);
  const person = rows[0]!;
  const slot = await freePaidSlot(db, person.id, options);
  return { person, slot, start: partsIn(slot.starts_at, person.time_zone), end: partsIn(slot.ends_at, person.time_zone) };
}

/** A moment as the dialog shows it in `timeZone`: its day (data-day) and its «HH:MM». */
export function partsIn(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Step 1 of the open booking dialog: goes to the slot's week (the strip opens on the first free day's week; the
 * neighbour weeks are inert), picks the day and the time, and presses «Далее».
 */
export async function pickSlot(dialog: Locator, start: { day: string; time: string }, end: { time: string }) {
  await dialog.getByText('Шаг 1/2').waitFor();
  await dialog.getByTestId('week-strip').waitFor();
  const day = dialog.locator(`[data-day="${start.day}"]:not([inert] *)`);
  for (let i = 0; i < 60 && (await day.count()) === 0; i++) {
    const shown = await dialog.locator('[data-day]:not([inert] *)').first().getAttribute('data-day');
    await dialog.getByRole('button', { name: shown! < start.day ? 'Следующая неделя' : 'Предыдущая неделя' }).click();
  }
  await day.click();
  await dialog.getByRole('radio', { name: new RegExp(`${start.time} – ${end.time}`) }).click();
  await dialog.getByRole('button', { name: 'Далее' }).click();
  await dialog.getByText('Шаг 2/2').waitFor();
}

/**
 * On the sandbox checkout page: pays with the card that always succeeds, or by СБП (decision 020: on a computer the
 * page shows a QR code and waits; the test opens the bank's page it leads to in a second tab and confirms there), and
 * comes back to /payment-return.
 */
export async function payOnCheckout(page: Page, method: 'card' | 'sbp' = 'card') {
  await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
  if (method === 'sbp') {
    await page.getByRole('radio', { name: 'СБП' }).check();
    await page.getByRole('img', { name: 'QR-код для оплаты через СБП' }).waitFor();
    const [bank] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'открыть страницу банка здесь' }).click()]);
    await bank.getByRole('button', { name: 'Подтвердить оплату' }).click();
    await bank.waitForURL(/\/payment-return\?payment_id=/, { timeout: 15_000 });
    await bank.close();
  } else {
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
    await page.getByLabel('Срок действия').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Оплатить' }).click();
  }
  await page.waitForURL(/\/payment-return\?payment_id=/, { timeout: 15_000 });
}

/** Pays on the sandbox checkout (payOnCheckout) and waits for the success on /payment-return. */
export async function payOnSandboxCheckout(page: Page, method: 'card' | 'sbp' = 'card') {
  await payOnCheckout(page, method);
  await page.getByText('Оплата прошла успешно').waitFor({ timeout: 45_000 });
}

/** Books the slot through the API as the page's signed-in person and pays for it on the checkout; the booking's id. */
export async function bookAndPay(page: Page, appUrl: string, slotId: number) {
  const res = await page.request.post(`${appUrl}/api/consultation-bookings/create/`, { data: { consultation_type_slot: slotId, questions: '' }, headers: { origin: appUrl } });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { id: number };
  const deal = await page.request.post(`${appUrl}/api/payments/deals/`, {
    data: { service_type: 'consultation', service_id: booking.id, return_url: '/payment-return' },
    headers: { origin: appUrl },
  });
  expect(deal.status(), await deal.text()).toBe(200);
  await page.goto(new URL(((await deal.json()) as { confirmation_url: string }).confirmation_url, appUrl).href);
  await payOnSandboxCheckout(page);
  return booking.id;
}
