// A mentee books a paid consultation on a mentor's page, pays on the sandbox checkout and comes back to
// /payment-return; the booking is then paid.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';
import { partsIn, payOnSandboxCheckout, pickSlot } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();

/** A paid consultation type of another mentor with free time more than two hours ahead, and its earliest such slot. */
async function freePaidSlot(menteeId: number) {
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

describe('booking a paid consultation', () => {
  it('books a free slot, pays on the sandbox checkout and sees the success on /payment-return', { timeout: 90_000 }, async () => {
    const { rows: people } = await db.query<{ id: number; time_zone: string }>(`select id, time_zone from users where lower(email) = $1`, [MENTEE]);
    const mentee = people[0]!;
    const slot = await freePaidSlot(mentee.id);
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
    await pickSlot(dialog, start, end);
    await dialog.getByText(slot.type_name).first().waitFor();
    await dialog.getByLabel('Вопросы ментору').fill('Хочу разобрать своё резюме');
    const created = page.waitForResponse((r) => r.url().includes('/api/consultation-bookings/create') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const booking = (await createdResponse.json()) as { id: number; status: string };
    expect(booking.status).toBe('pending_payment');

    await page.getByText('Перенаправляем к оплате…').waitFor();
    await payOnSandboxCheckout(page);
    await page.getByText(slot.type_name, { exact: false }).first().waitFor();

    const detail = await page.request.get(`${appUrl}/api/consultation-bookings/${booking.id}/detail/`);
    expect(detail.status()).toBe(200);
    expect(((await detail.json()) as { status: string }).status).toBe('paid');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
