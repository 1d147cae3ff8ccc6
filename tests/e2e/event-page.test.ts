// The event page as a mentee meets it: an event «Без ограничений» (total_spots 0) can be joined, and an event without
// a cover shows the designed placeholder, not a crossed-out picture (issue 35, items 1 and 22).
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();
const created: number[] = [];

afterAll(async () => {
  if (created.length) {
    await db.query('delete from event_registrations where event_id = any($1)', [created]);
    await db.query('delete from events where id = any($1)', [created]);
  }
});

/** A free, public event without a seat limit or a cover, starting tomorrow, of a mentor who is not the mentee. */
async function unlimitedEvent(menteeId: number) {
  const { rows } = await db.query<{ id: number }>(
    `insert into events (mentor_id, title, starts_at, price, total_spots, image_url)
     select id, 'Открытая встреча без лимита', now() + interval '1 day', 0, 0, null
       from users where role = 'mentor' and id <> $1 order by id limit 1
     returning id`,
    [menteeId],
  );
  created.push(rows[0]!.id);
  return rows[0]!.id;
}

describe('event page', () => {
  for (const width of [1280, 390]) {
    it(`an event «Без ограничений» is joined with «Участвовать» at ${width} px`, { timeout: 60_000 }, async () => {
      const { rows } = await db.query<{ id: number }>('select id from users where lower(email) = $1', [MENTEE]);
      const eventId = await unlimitedEvent(rows[0]!.id);
      const page = await openPage(width);
      await signInWithSession(page, db, MENTEE);
      await page.goto(`${appUrl}/event_info/${eventId}`);
      await page.getByRole('heading', { level: 1, name: 'Открытая встреча без лимита' }).waitFor();
      // the page may come rendered on the server: its button works once the app has taken the page over
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

      expect(await page.getByText('0 уже участвуют').count()).toBe(1);
      expect(await page.getByText('Мест нет').count()).toBe(0);
      await page.getByText('Без ограничений').filter({ visible: true }).first().waitFor();
      // no cover: the designed placeholder, no broken image
      await page.getByTestId('event-image-placeholder').first().waitFor();
      expect(await page.locator('img[src=""], img:not([src])').count()).toBe(0);

      const button = page.getByRole('button', { name: 'Участвовать' }).filter({ visible: true }).first();
      expect(await button.isEnabled()).toBe(true);
      const registered = page.waitForResponse((r) => r.url().includes('/register_for_event') && r.request().method() === 'POST');
      await button.click();
      expect((await registered).status()).toBe(201);
      await page.getByRole('button', { name: 'Вы зарегистрированы' }).filter({ visible: true }).first().waitFor();
      const { rows: regs } = await db.query('select status from event_registrations where event_id = $1', [eventId]);
      expect(regs).toEqual([{ status: 'confirmed' }]);
      await page.close();
    });
  }
});
