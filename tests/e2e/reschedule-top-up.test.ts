// Moving a paid consultation onto a dearer format of the same mentor in a real browser (issue 38 §1, decision 024): the
// mentee books and pays one type, then in «Перенести» chooses the mentor's dearer type and a time of it, reads the quote
// (the new price, the difference, the hold, the new cut-off), presses «Перенести и доплатить», pays the difference on
// the sandbox checkout and comes back to «Доплата прошла»; the booking has moved to the new time and type with both
// payments held, and the schedule shows it.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';
import { bookAndPay, partsIn, payOnCheckout } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();
const stamp = () => Date.now().toString(36);

/** A mentor of this test alone with two paid types: the cheaper one's slot 6 days ahead, the dearer one's 9 days ahead. */
async function mentorWithTwoTypes(cheapName: string, dearName: string) {
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Ольга', 'Смирнова') returning id`,
    [`top-up-mentor-${stamp()}-${Math.random().toString(36).slice(2, 8)}@forma.test`],
  );
  const mentorId = rows[0]!.id;
  const typeOf = async (name: string, costs: number, cutoffHours: number) =>
    (
      await db.query<{ id: number }>(
        `insert into consultation_types (mentor_id, name, description, duration_minutes, costs, cancel_cutoff_hours)
         values ($1, $2, 'Разбор вашей задачи', 60, $3, $4) returning id`,
        [mentorId, name, costs, cutoffHours],
      )
    ).rows[0]!.id;
  const cheapType = await typeOf(cheapName, 2500, 0);
  const dearType = await typeOf(dearName, 4000, 24);
  const slotOf = async (typeId: number, days: number) =>
    (
      await db.query<{ id: number; starts_at: Date; ends_at: Date }>(
        `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
         values ($1, $2, date_trunc('hour', now()) + $3 * interval '1 day', date_trunc('hour', now()) + $3 * interval '1 day' + interval '1 hour')
         returning id, starts_at, ends_at`,
        [mentorId, typeId, days],
      )
    ).rows[0]!;
  return { mentorId, dearType, first: await slotOf(cheapType, 6), second: await slotOf(dearType, 9) };
}

describe('moving a paid consultation onto a dearer format', () => {
  it('quotes the difference, pays it on the checkout, and the schedule shows the new time and type', { timeout: 180_000 }, async () => {
    const cheapName = `Короткий разбор ${stamp()}`;
    const dearName = `Большая сессия ${stamp()}`;
    const { dearType, first, second } = await mentorWithTwoTypes(cheapName, dearName);
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);
    const bookingId = await bookAndPay(page, appUrl, first.id);
    const { rows: zone } = await db.query<{ time_zone: string }>('select time_zone from users where lower(email) = $1', [MENTEE]);
    const start = partsIn(second.starts_at, zone[0]!.time_zone);
    const end = partsIn(second.ends_at, zone[0]!.time_zone);

    await page.goto(`${appUrl}/CalendarPage?tab=participating&booking=${bookingId}`);
    await page.getByRole('dialog', { name: 'Запись на консультацию' }).getByRole('button', { name: 'Перенести' }).click();
    const dialog = page.getByRole('dialog', { name: 'Перенести консультацию' });
    const formats = dialog.getByRole('group', { name: 'Формат' });
    await expect.poll(() => formats.getByRole('radio', { name: new RegExp(cheapName) }).isChecked()).toBe(true);
    await formats.getByRole('radio', { name: new RegExp(dearName) }).check();
    await dialog.getByTestId('week-strip').waitFor();
    const day = dialog.locator(`[data-day="${start.day}"]:not([inert] *)`);
    for (let i = 0; i < 10 && (await day.count()) === 0; i++) await dialog.getByRole('button', { name: 'Следующая неделя' }).click();
    await day.click();
    await dialog.getByRole('radio', { name: new RegExp(`${start.time} – ${end.time}`) }).click();
    const quote = dialog.getByTestId('reschedule-quote');
    await quote.waitFor();
    expect((await quote.textContent())!.replace(/\u00a0/g, ' ')).toBe(
      'Новая цена 4 000 ₽ вместо 2 500 ₽. Доплата 1 500 ₽: время держится за вами 15 минут, пока вы платите.',
    );
    await dialog.getByText(/Отменить или перенести можно будет не позднее чем за 24\s+ч до начала/).waitFor();
    await dialog.getByRole('button', { name: /^Перенести и доплатить 1\s500\s₽$/ }).click();

    await payOnCheckout(page);
    await page.getByText('Доплата прошла').waitFor({ timeout: 45_000 });
    await page.getByText('Консультация перенесена на новое время, формат и цена обновлены. Мы сообщили наставнику.').waitFor();

    const { rows } = await db.query(
      `select b.slot_id, b.status, s.consultation_type_id as type_id,
              (select count(*)::int from payments p where p.booking_id = b.id and p.status = 'succeeded') as held,
              (select sum(p.amount_kopecks)::int from payments p where p.booking_id = b.id and p.status = 'succeeded') as kopecks
       from consultation_bookings b join consultation_slots s on s.id = b.slot_id where b.id = $1`,
      [bookingId],
    );
    expect(rows[0]).toEqual({ slot_id: second.id, status: 'paid', type_id: dearType, held: 2, kopecks: 400_000 });

    // the booking in the schedule: its details show the new type and time
    await page.getByRole('link', { name: 'Открыть запись' }).click();
    const details = page.getByRole('dialog', { name: 'Запись на консультацию' });
    await details.getByText(dearName).first().waitFor();
    await details.getByText(new RegExp(start.time)).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByText(dearName).first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
