// Issue 35, items 3 and 6, in the browser: «Присоединиться» days before a consultation says when the room opens and
// counts down (it used to spin on «Ожидание информации о конференции...» and time out), and a mentee's «Создать»
// leads to «Стать наставником» instead of /forbidden.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

describe('what a new user tripped on', () => {
  it('the join page of a consultation days ahead says when the room opens, with a countdown', { timeout: 120_000 }, async () => {
    const { rows } = await db.query<{ id: number; email: string }>(
      `select b.id, u.email from consultation_bookings b join consultation_slots s on s.id = b.slot_id join users u on u.id = b.mentee_id
       where b.status = 'paid' and s.starts_at > now() + interval '1 day' and u.email is not null order by s.starts_at limit 1`,
    );
    expect(rows).toHaveLength(1);
    const page = await openPage(390);
    await signInWithSession(page, db, rows[0]!.email);
    await page.goto(`${appUrl}/booking-conference/${rows[0]!.id}`);
    await expect.poll(() => page.getByTestId('room-opens').textContent(), { timeout: 30_000 }).toMatch(/^Комната откроется за 30 минут до начала, \d+ \S+ в \d\d:\d\d$/);
    const first = await page.getByTestId('room-countdown').textContent();
    expect(first).toMatch(/^(\d+ (день|дня|дней) )?\d\d:\d\d:\d\d$/);
    // it ticks, and nothing asks for the room meanwhile
    await expect.poll(() => page.getByTestId('room-countdown').textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await page.getByText('Ожидание информации о конференции...').count()).toBe(0);
  });

  it('a mentee’s «Создать» offers to become a mentor', { timeout: 120_000 }, async () => {
    const page = await openPage(1280);
    await signInWithSession(page, db, 'mentee@forma.test');
    await page.goto(`${appUrl}/Home`);
    await page.getByRole('link', { name: 'Создать' }).first().click();
    await page.waitForURL(/\/become-mentor$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Стать наставником' }).waitFor();
    expect(await page.getByText('Консультации и мероприятия создают наставники.', { exact: false }).count()).toBeGreaterThan(0);
  });
});
