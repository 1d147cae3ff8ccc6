// Issue 38 §3 (decision 023) as a mentee meets it: in line for a full paid event, the seat someone gives up is offered
// to them (a notification and an e-mail), and they take it by paying on the sandbox checkout; the seat is then theirs.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { payOnSandboxCheckout } from './booking-steps.ts';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();
const created: number[] = [];

afterAll(async () => {
  if (created.length) {
    await db.query('delete from event_waitlist where event_id = any($1)', [created]);
  }
});

/** A paid event of one seat, taken by another mentee, with the demo mentee first in its line. */
async function fullEventWithMenteeInLine() {
  const { rows } = await db.query<{ id: number; holder: string }>(
    `with mentor as (select id from users where email = 'mentor@forma.test'),
     holder as (select id, email from users where role = 'mentee' and email <> $1 and email like '%@forma.test' order by id desc limit 1),
     event as (
       insert into events (mentor_id, title, starts_at, price, total_spots, image_url)
       select id, 'Лист ожидания: разбор резюме вживую', now() + interval '3 days', 900, 1, '/media/demo/covers/e-line-e2e.svg' from mentor
       returning id)
     select event.id, holder.email as holder from event, holder`,
    [MENTEE],
  );
  const { id, holder } = rows[0]!;
  created.push(id);
  await db.query(`insert into event_registrations (event_id, user_id, status, confirmed_at) select $1, id, 'confirmed', now() from users where email = $2`, [id, holder]);
  await db.query(`insert into event_waitlist (event_id, user_id) select $1, id from users where email = $2`, [id, MENTEE]);
  return { eventId: id, holder };
}

describe('waitlist', () => {
  it('a seat given up goes to the first in line, who takes it by paying on the sandbox checkout', { timeout: 120_000 }, async () => {
    const { eventId, holder } = await fullEventWithMenteeInLine();
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);

    await page.goto(`${appUrl}/event_info/${eventId}`);
    await page.getByText('Вы в листе ожидания: 1-й в очереди.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Вы в листе ожидания' }).first().isDisabled()).toBe(true);

    // the one seat's holder gives it up, through the API as the web does
    const holderPage = await openPage(390);
    await signInWithSession(holderPage, db, holder);
    const left = await holderPage.request.post(`${appUrl}/api/events/unregister/`, { data: { event_id: eventId } });
    expect(left.status()).toBe(200);
    await holderPage.close();

    const { rows: notices } = await db.query(
      `select n.message from notifications n join users u on u.id = n.user_id where u.email = $1 and n.kind = 'waitlist_offer' and n.payload->>'url' = $2`,
      [MENTEE, `/event_info/${eventId}`],
    );
    expect(notices).toHaveLength(1);
    const mail = await page.request.get(`${appUrl}/api/dev/mailbox/?email=${encodeURIComponent(MENTEE)}`);
    expect(((await mail.json()) as Array<{ subject: string }>).some((m) => m.subject === 'Освободилось место: «Лист ожидания: разбор резюме вживую»')).toBe(true);

    await page.reload();
    await page.getByText('Для вас освободилось место.').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Оплатить место' }).first().click();
    await page.getByText('Перенаправляем к оплате…').waitFor();
    await payOnSandboxCheckout(page);

    const { rows } = await db.query<{ registration: string; place: string; taken: number }>(
      `select r.status as registration, w.status as place, e.taken_spots as taken
         from event_waitlist w join event_registrations r on r.id = w.registration_id join events e on e.id = w.event_id
        where w.event_id = $1`,
      [eventId],
    );
    expect(rows).toEqual([{ registration: 'confirmed', place: 'accepted', taken: 1 }]);

    await page.goto(`${appUrl}/event_info/${eventId}`);
    await page.getByRole('button', { name: 'Вы зарегистрированы' }).first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});
