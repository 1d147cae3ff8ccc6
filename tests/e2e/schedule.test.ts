// /CalendarPage in a real browser over the demo data: the mentee finds a paid consultation and opens it, cancels
// another after reading the quoted refund, and is asked for a rating when a consultation has just started; the
// mentor sees «Веду». At 1280 px (wide: the calendar beside the list) and 390 px (the «Календарь» tab).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const MENTOR = 'mentor@forma.test';
const { db, openPage } = useBrowserAndDb();

async function userId(email: string) {
  const { rows } = await db.query<{ id: number }>('select id from users where lower(email) = $1', [email]);
  return rows[0]!.id;
}

/**
 * A mentor of its own, new for this test (so no seeded slot, earlier run or other test shares their time), with a
 * consultation type and one slot of it `startsIn` ms from now.
 */
async function freshSlot(options: { costs: number; startsIn: number; name: string }) {
  const { rows } = await db.query<{ mentor_id: number }>(
    `insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Ольга', 'Смирнова') returning id as mentor_id`,
    [`schedule-mentor-${stamp()}-${Math.random().toString(36).slice(2, 8)}@forma.test`],
  );
  const mentorId = rows[0]!.mentor_id;
  const type = await db.query<{ id: number }>(
    'insert into consultation_types (mentor_id, name, description, duration_minutes, costs) values ($1, $2, $3, 45, $4) returning id',
    [mentorId, options.name, 'Разбор вашей задачи', options.costs],
  );
  const slot = await db.query<{ id: number }>(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     values ($1, $2, date_trunc('minute', now()) + make_interval(secs => $3 / 1000.0), date_trunc('minute', now()) + make_interval(secs => $3 / 1000.0) + interval '45 minutes')
     returning id`,
    [mentorId, type.rows[0]!.id, options.startsIn],
  );
  return { mentorId, slotId: slot.rows[0]!.id };
}

/** Books a slot as the signed-in page's user through the API; answers the booking. */
async function book(page: Page, slotId: number) {
  const res = await page.request.post(`${appUrl}/api/consultation-bookings/create/`, {
    data: { consultation_type_slot: slotId, questions: 'Хочу обсудить план на квартал' },
    headers: { origin: appUrl },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; status: string };
}

/** Pays a booking on the sandbox checkout, as a person would. */
async function pay(page: Page, bookingId: number) {
  const res = await page.request.post(`${appUrl}/api/payments/deals/`, {
    data: { service_type: 'consultation', service_id: bookingId, return_url: '/payment-return' },
    headers: { origin: appUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { confirmation_url } = (await res.json()) as { confirmation_url: string };
  await page.goto(new URL(confirmation_url, appUrl).href);
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByLabel('Срок действия').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.getByText('Оплата прошла успешно').waitFor({ timeout: 45_000 });
}

const DAY = 86_400_000;
const stamp = () => Date.now().toString(36);

describe('/CalendarPage', () => {
  it('the mentee sees a paid consultation, opens its details and cancels another after the quoted refund (1280 px)', { timeout: 150_000 }, async () => {
    const menteeId = await userId(MENTEE);
    const name = `Стратегия роста ${stamp()}`;
    const { slotId } = await freshSlot({ costs: 3000, startsIn: 10 * DAY, name });
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);
    const booking = await book(page, slotId);
    await pay(page, booking.id);

    // the seeded paid consultation and the new one are both under «Участвую»
    const { rows: seeded } = await db.query<{ id: number; name: string }>(
      `select b.id, t.name from consultation_bookings b join consultation_slots s on s.id = b.slot_id join consultation_types t on t.id = b.consultation_type_id
        where b.mentee_id = $1 and b.status = 'paid' and s.starts_at > now() + interval '1 hour' and b.id <> $2 order by s.starts_at limit 1`,
      [menteeId, booking.id],
    );
    await page.goto(`${appUrl}/CalendarPage`);
    await page.getByRole('tab', { name: 'Участвую' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Веду' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Календарь' }).count()).toBe(0);

    const shown = page.getByTestId(`schedule-card-booking:${seeded[0]!.id}`);
    await shown.waitFor();
    await shown.getByRole('button', { name: 'Подробнее' }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Запись на консультацию').waitFor();
    await details.getByText(seeded[0]!.name).first().waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    const card = page.getByTestId(`schedule-card-booking:${booking.id}`);
    await card.getByText(name).waitFor();
    await card.getByRole('button', { name: 'Отменить' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Отменить запись на консультацию?').waitFor();
    // the quote comes first: the whole 3 000 ₽ back, and until when that holds
    await confirm.getByText(/Вернём всю сумму: 3\s000\s₽\. Бесплатная отмена действует до/).waitFor();
    await confirm.getByRole('button', { name: 'Отменить запись' }).click();
    await page.getByText('Запись отменена').first().waitFor();
    await card.waitFor({ state: 'detached' });

    const { rows } = await db.query<{ status: string; refunded: string | null }>(
      `select b.status, (select sum(r.amount_kopecks)::text from refunds r join payments p on p.id = r.payment_id where p.booking_id = b.id) as refunded
         from consultation_bookings b where b.id = $1`,
      [booking.id],
    );
    expect(rows[0]).toEqual({ status: 'canceled', refunded: '300000' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the open tab and the history filter in the address, so a reload comes back to them (1280 px)', { timeout: 60_000 }, async () => {
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTOR);
    await page.goto(`${appUrl}/CalendarPage`);
    await page.getByRole('tab', { name: 'История' }).click();
    await page.getByRole('radio', { name: 'Отменённые' }).click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'cancelled', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');

    await page.reload();
    await page.getByRole('radio', { name: 'Отменённые', checked: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('tab', { name: 'История' }).getAttribute('aria-selected')).toBe('true');
    // the first tab and «Все» are the defaults: they leave the address
    await page.getByRole('radio', { name: 'Все' }).click();
    await page.getByRole('tab', { name: 'Веду' }).click();
    await page.waitForURL((url) => url.pathname === '/CalendarPage' && url.search === '', { timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  it('asks the mentee to rate a consultation that has just started, and takes the rating (390 px)', { timeout: 90_000 }, async () => {
    const name = `Быстрый созвон ${stamp()}`;
    const { slotId } = await freshSlot({ costs: 0, startsIn: 2 * DAY, name });
    const page = await openPage(390, 844);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);
    const booking = await book(page, slotId);
    expect(booking.status).toBe('paid');
    // the consultation started a minute ago
    await db.query(`update consultation_slots set starts_at = now() - interval '1 minute', ends_at = now() + interval '44 minutes' where id = $1`, [slotId]);

    await page.goto(`${appUrl}/CalendarPage`);
    // the prompt is modal: once it opens, the page's tabs leave the accessibility tree, so wait for it alone
    const prompt = page.getByRole('dialog');
    await prompt.getByText('Оцените консультацию').waitFor({ timeout: 30_000 });
    await prompt.getByRole('radio', { name: /4/ }).click();
    await prompt.getByRole('textbox').fill('Чётко и по делу');
    await prompt.getByRole('button', { name: /Отправить/ }).click();
    await page.getByText('Спасибо за оценку!').first().waitFor();

    const { rows } = await db.query<{ rating: number; text: string }>('select rating, text from consultation_reviews where booking_id = $1', [booking.id]);
    expect(rows).toEqual([{ rating: 4, text: 'Чётко и по делу' }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const width of [1280, 390]) {
    it(`the mentor sees «Веду» with the events they lead (${width} px)`, { timeout: 60_000 }, async () => {
      const mentorId = await userId(MENTOR);
      // an event of their own in three days (the demo data does not promise one within the month shown)
      const { rows } = await db.query<{ title: string }>(
        `insert into events (mentor_id, title, starts_at, duration_minutes, price) values ($1, $2, date_trunc('hour', now()) + interval '3 days', 60, 0) returning title`,
        [mentorId, `Мой семинар ${stamp()}`],
      );
      const page = await openPage(width);
      await signInWithSession(page, db, MENTOR);
      await page.goto(`${appUrl}/CalendarPage`);
      const leading = page.getByRole('tab', { name: 'Веду' });
      await leading.waitFor();
      expect(await leading.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tab', { name: 'Календарь' }).count()).toBe(width < 960 ? 1 : 0);
      await page.getByRole('heading', { name: rows[0]!.title }).first().waitFor();
      await page.context().close();
    });
  }
});
