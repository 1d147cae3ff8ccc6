// A mentee books a paid consultation on a mentor's page, pays on the sandbox checkout and comes back to
// /payment-return; the booking is then paid.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();

/** A paid consultation type of another mentor with free time more than two hours ahead, and its earliest such slot. */
async function pickSlot(menteeId: number) {
  const { rows } = await db.query<{ slot_id: number; mentor_id: number; type_id: number; type_name: string; starts_at: Date; ends_at: Date }>(
    `select s.id as slot_id, s.mentor_id, t.id as type_id, t.name as type_name, s.starts_at, s.ends_at
       from consultation_slots s
       join consultation_types t on t.id = s.consultation_type_id
      where s.deleted_at is null and t.archived_at is null and t.costs > 0
        and s.mentor_id <> $1
        and s.starts_at > now() + interval '2 hours'
        and not exists (select 1 from consultation_bookings b where b.slot_id = s.id and b.status in ('pending_payment', 'paid', 'finished'))
        -- one type of that name on the page, so the test presses the right 'Записаться'
        and (select count(*) from consultation_types o where o.mentor_id = t.mentor_id and o.archived_at is null and o.name = t.name) = 1
      order by s.starts_at, s.id
      limit 1`,
    [menteeId],
  );
  if (!rows[0]) throw new Error('the demo data has no free paid slot');
  return rows[0];
}

function partsIn(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe('booking a paid consultation', () => {
  it('books a free slot, pays on the sandbox checkout and sees the success on /payment-return', { timeout: 90_000 }, async () => {
    const { rows: people } = await db.query<{ id: number; time_zone: string }>(`select id, time_zone from users where lower(email) = $1`, [MENTEE]);
    const mentee = people[0]!;
    const slot = await pickSlot(mentee.id);
    const start = partsIn(slot.starts_at, mentee.time_zone);
    const end = partsIn(slot.ends_at, mentee.time_zone);

    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, MENTEE);

    await page.goto(`${appUrl}/mentor_info/${slot.mentor_id}`);
    const typeCard = page.locator('#consultation-types li').filter({ has: page.getByText(slot.type_name, { exact: true }) });
    await typeCard.getByRole('button', { name: 'Записаться' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('Шаг 1/2').waitFor();
    // the strip opens on the week of the first free day; go to the slot's week (the neighbour weeks are inert)
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
    await dialog.getByText(slot.type_name).first().waitFor();
    await dialog.getByLabel('Вопросы ментору').fill('Хочу разобрать своё резюме');
    const created = page.waitForResponse((r) => r.url().includes('/api/consultation-bookings/create') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const booking = (await createdResponse.json()) as { id: number; status: string };
    expect(booking.status).toBe('pending_payment');

    await page.getByText('Перенаправляем к оплате…').waitFor();
    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
    await page.getByLabel('Срок действия').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Оплатить' }).click();

    await page.waitForURL(/\/payment-return\?payment_id=/, { timeout: 15_000 });
    await page.getByText('Оплата прошла успешно').waitFor({ timeout: 45_000 });
    await page.getByText(slot.type_name, { exact: false }).first().waitFor();

    const detail = await page.request.get(`${appUrl}/api/consultation-bookings/${booking.id}/detail/`);
    expect(detail.status()).toBe(200);
    expect(((await detail.json()) as { status: string }).status).toBe('paid');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
