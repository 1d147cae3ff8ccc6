// A notice about one booking leads to that booking (issue 35, item 19): the mentor cancels a consultation, the
// mentee's bell names the mentor and the consultation, and its «подробнее» lands on /CalendarPage with that
// consultation's «Запись на консультацию» open; closing it leaves the id out of the address. At 1280 px.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();
const DAY = 86_400_000;

/** A mentor of this test's own (Ольга Смирнова) with one free slot of `name` ten days ahead. */
async function freshFreeSlot(name: string) {
  const email = `notice-link-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@forma.test`;
  const { rows } = await db.query<{ id: number }>(`insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Ольга', 'Смирнова') returning id`, [email]);
  const mentorId = rows[0]!.id;
  const type = await db.query<{ id: number }>(
    'insert into consultation_types (mentor_id, name, description, duration_minutes, costs) values ($1, $2, $3, 45, 0) returning id',
    [mentorId, name, 'Разбор вашей задачи'],
  );
  const slot = await db.query<{ id: number }>(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     values ($1, $2, date_trunc('minute', now()) + make_interval(secs => $3 / 1000.0), date_trunc('minute', now()) + make_interval(secs => $3 / 1000.0) + interval '45 minutes')
     returning id`,
    [mentorId, type.rows[0]!.id, 10 * DAY],
  );
  return { email, slotId: slot.rows[0]!.id };
}

describe('a notice about one booking', () => {
  it('leads from the bell to that booking’s details in the schedule (1280 px)', { timeout: 120_000 }, async () => {
    const name = `Разбор задачи ${Date.now().toString(36)}`;
    const mentor = await freshFreeSlot(name);
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);
    const booked = await page.request.post(`${appUrl}/api/consultation-bookings/create/`, {
      data: { consultation_type_slot: mentor.slotId, questions: 'Хочу обсудить план на квартал' },
      headers: { origin: appUrl },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()) as { id: number };

    // the mentor cancels it, from a page of their own
    const mentorPage = await openPage(1280);
    await signInWithSession(mentorPage, db, mentor.email);
    const canceled = await mentorPage.request.post(`${appUrl}/api/consultation-bookings/${booking.id}/cancel/`, { data: {}, headers: { origin: appUrl } });
    expect(canceled.status(), await canceled.text()).toBe(200);
    await mentorPage.context().close();

    await page.goto(`${appUrl}/Home`);
    await page.getByRole('button', { name: /^Уведомления/ }).click();
    const row = page.getByTestId('notification-item').filter({ hasText: `Консультация отменена ментором: Ольга Смирнова, «${name}»` });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: 'подробнее' }).click();

    await page.waitForURL((url) => url.pathname === '/CalendarPage' && url.searchParams.get('booking') === String(booking.id), { timeout: 15_000 });
    const details = page.getByRole('dialog', { name: 'Запись на консультацию' });
    await details.waitFor({ timeout: 30_000 });
    await details.getByText(name).waitFor();
    await details.getByText('Ольга Смирнова').waitFor();
    await details.getByText('Хочу обсудить план на квартал').waitFor();
    // the cancelled one's list is under it, and closing the details takes the id out of the address
    expect(new URL(page.url()).searchParams.get('filter')).toBe('cancelled');
    await details.getByRole('button', { name: 'Закрыть' }).last().click();
    await details.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.searchParams.has('booking'), { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
