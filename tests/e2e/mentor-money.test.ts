// Issue 35 at a phone's width (390 px), in the built app: /Home stays 390 px wide with a long unread message, the
// payout card frame shows all of its form down to «Сохранить карту», and a mentor's /Home shows their money, not
// other mentors.
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage: openBrowserPage } = useBrowserAndDb();

/** A phone's page; the built app on this shared machine can take more than the default 30 s to come alive. */
async function openPage(width: number, height: number) {
  const page = await openBrowserPage(width, height);
  page.setDefaultTimeout(60_000);
  return page;
}

describe('a phone', () => {
  it('keeps /Home within 390 px when an unread message is long', { timeout: 90_000 }, async () => {
    const { rows } = await db.query<{ room_id: string; other_id: number }>(
      `select m.room_id, o.user_id as other_id from chat_members m
         join users u on u.id = m.user_id
         join chat_rooms r on r.id = m.room_id and r.kind = 'direct'
         join chat_members o on o.room_id = m.room_id and o.user_id <> m.user_id
        where lower(u.email) = 'mentee@forma.test' limit 1`,
    );
    const room = rows[0]!;
    await db.query(`insert into chat_messages (room_id, sender_id, content) values ($1, $2, $3)`, [
      room.room_id,
      room.other_id,
      'Добрый вечер! Напоминаю про нашу встречу и прошу заранее прислать резюме и ссылку на портфолио, чтобы успеть подготовиться',
    ]);

    const page = await openPage(390, 844);
    await signInWithSession(page, db, 'mentee@forma.test');
    await gotoLiveApp(page, `${appUrl}/Home`);
    await page.getByRole('list', { name: 'Чаты с непрочитанными сообщениями' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows the whole payout card form, down to «Сохранить карту»', { timeout: 90_000 }, async () => {
    const page = await openPage(390, 844);
    await signInWithSession(page, db, 'mentor@forma.test');
    await db.query(`delete from payout_card_tokens where user_id = (select id from users where lower(email) = 'mentor@forma.test')`);
    await gotoLiveApp(page, `${appUrl}/ProfileSettings?tab=payment`);
    const frame = page.getByTitle('Форма привязки карты');
    const button = page.frameLocator('iframe[title="Форма привязки карты"]').getByRole('button', { name: 'Сохранить карту' });
    await button.waitFor();
    // the frame grows to what the widget reports; give it a moment after the form is drawn
    await expect
      .poll(async () => {
        const [f, b] = await Promise.all([frame.boundingBox(), button.boundingBox()]);
        return f && b ? f.y + f.height - (b.y + b.height) : -1;
      }, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(0);
  });

  it("gives a mentor's /Home their money, not other mentors to book", { timeout: 90_000 }, async () => {
    const page = await openPage(390, 844);
    await signInWithSession(page, db, 'mentor@forma.test');
    await gotoLiveApp(page, `${appUrl}/Home`);
    await page.getByRole('heading', { name: 'Ваши доходы' }).waitFor();
    await page.getByTestId('earnings-held').waitFor();
    expect(await page.getByRole('heading', { name: 'Рекомендуем наставников' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
