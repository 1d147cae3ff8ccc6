// Rescheduling a paid consultation in a real browser (issue 38 §1, decision 024): the mentee books and pays on the
// sandbox checkout, then on /CalendarPage opens the booking's details, presses «Перенести», picks another time of the
// same consultation in the booking dialog's slot picker and confirms. The booking moves with its one payment (nothing
// charged again, nothing refunded), the card shows the new time, the mentor is told, the old time is free again.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';
import { bookAndPay, partsIn } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();
const DAY = 86_400_000;
const stamp = () => Date.now().toString(36);

/** A mentor of this test alone, a paid type and two slots of it, 6 and 9 days ahead at a whole hour. */
async function mentorWithTwoSlots(name: string) {
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Ольга', 'Смирнова') returning id`,
    [`reschedule-mentor-${stamp()}-${Math.random().toString(36).slice(2, 8)}@forma.test`],
  );
  const mentorId = rows[0]!.id;
  const type = await db.query<{ id: number }>(
    'insert into consultation_types (mentor_id, name, description, duration_minutes, costs) values ($1, $2, $3, 60, 2500) returning id',
    [mentorId, name, 'Разбор вашей задачи'],
  );
  const slots = await db.query<{ id: number; starts_at: Date; ends_at: Date }>(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     select $1, $2, date_trunc('hour', now()) + d * interval '1 day', date_trunc('hour', now()) + d * interval '1 day' + interval '1 hour'
     from unnest(array[6, 9]) d returning id, starts_at, ends_at`,
    [mentorId, type.rows[0]!.id],
  );
  return { mentorId, first: slots.rows[0]!, second: slots.rows[1]! };
}

describe('rescheduling a paid consultation', () => {
  it('moves it from its details to another time with its one payment; the mentor is told; the old time is free', { timeout: 150_000 }, async () => {
    const name = `Перенос ${stamp()}`;
    const { mentorId, first, second } = await mentorWithTwoSlots(name);
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);
    const bookingId = await bookAndPay(page, appUrl, first.id);
    const { rows: zone } = await db.query<{ time_zone: string }>('select time_zone from users where lower(email) = $1', [MENTEE]);
    const start = partsIn(second.starts_at, zone[0]!.time_zone);
    const end = partsIn(second.ends_at, zone[0]!.time_zone);

    await page.goto(`${appUrl}/CalendarPage?tab=participating&booking=${bookingId}`);
    const details = page.getByRole('dialog', { name: 'Запись на консультацию' });
    await details.getByRole('button', { name: 'Перенести' }).click();
    const dialog = page.getByRole('dialog', { name: 'Перенести консультацию' });
    await dialog.getByText('Оплата переходит на новое время: доплачивать ничего не нужно, возврата не будет.').waitFor();
    await dialog.getByTestId('week-strip').waitFor();
    const day = dialog.locator(`[data-day="${start.day}"]:not([inert] *)`);
    for (let i = 0; i < 10 && (await day.count()) === 0; i++) await dialog.getByRole('button', { name: 'Следующая неделя' }).click();
    await day.click();
    await dialog.getByRole('radio', { name: new RegExp(`${start.time} – ${end.time}`) }).click();
    const moved = page.waitForResponse((r) => r.url().includes(`/api/consultation-bookings/${bookingId}/reschedule`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Перенести' }).click();
    expect((await moved).status()).toBe(200);
    await page.getByText('Консультация перенесена').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const { rows } = await db.query(
      `select b.slot_id, b.status, (select count(*)::int from payments p where p.booking_id = b.id) as payments,
              (select count(*)::int from payments p where p.booking_id = b.id and p.status = 'succeeded') as held,
              (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.booking_id = b.id) as refunds,
              exists (select 1 from notifications n where n.user_id = $2 and n.kind = 'booking_moved') as mentor_told
       from consultation_bookings b where b.id = $1`,
      [bookingId, mentorId],
    );
    expect(rows[0]).toEqual({ slot_id: second.id, status: 'paid', payments: 1, held: 1, refunds: 0, mentor_told: true });
    // the card shows the new time; the old one is offered again
    await page.getByText(name).first().waitFor();
    const available = await page.request.get(
      `${appUrl}/api/consultation-type-slots/available/?consultation_type_id=${(await db.query('select consultation_type_id from consultation_slots where id = $1', [first.id])).rows[0].consultation_type_id}&start_date=${new Date().toISOString().slice(0, 10)}&end_date=${new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)}&time_zone=UTC`,
    );
    expect(((await available.json()) as { id: number }[]).map((s) => s.id)).toEqual([first.id]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
