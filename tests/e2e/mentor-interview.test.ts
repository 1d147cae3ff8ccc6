// Issue 36 in the browser: the vetting interview from the offer to the badge. An admin offers a time, the applicant
// picks it, both get into the interview's room, the admin records the interview as held and approves, and the new
// mentor's page says «Профиль подтверждён» with the interview's date.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

describe('the vetting interview', () => {
  it('offer → pick → the room for both → held and approved → the badge', { timeout: 240_000 }, async () => {
    const tag = Date.now().toString(36);
    // a fresh admin each run: an admin is never in two interviews at once, and earlier runs booked the same minutes
    await db.query(`insert into users (email, role, first_name, last_name) values ($1, 'admin', 'Ирина', 'Проверкина') returning id`, [`interviewer-${tag}@forma.test`]);
    const applicant = await db.query<{ id: number }>(`insert into users (email, role, first_name, last_name) values ($1, 'mentee', 'Кира', $2) returning id`, [`applicant-${tag}@forma.test`, `Кандидатова${tag}`]);
    const applicantId = applicant.rows[0]!.id;
    await db.query(
      `insert into mentor_applications (user_id, status, payload, submitted_at) values ($1, 'submitted', $2, now())`,
      [applicantId, JSON.stringify({ mentor_name: 'Кира', mentor_surname: `Кандидатова${tag}`, mentor_description: 'Учу рисовать скетчи двенадцать лет, веду курсы для взрослых.', mentor_skills: ['Скетчинг'] })],
    );
    const [adminPage, applicantPage] = await Promise.all([openPage(1280), openPage(390, 844)]);
    const errors: string[] = [];
    for (const page of [adminPage, applicantPage]) page.on('pageerror', (e) => errors.push(e.message));

    // the admin offers the next half hour (the room opens 30 minutes before the start)
    await signInWithSession(adminPage, db, `interviewer-${tag}@forma.test`);
    await adminPage.goto(`${appUrl}/admin/mentor-applications`);
    const card = adminPage.getByRole('listitem').filter({ hasText: `Кандидатова${tag}` });
    await card.getByRole('button', { name: 'Одобрить' }).waitFor({ timeout: 30_000 });
    expect(await card.getByRole('button', { name: 'Одобрить' }).isDisabled()).toBe(true);
    // the next half hour (at most 30 minutes ahead), as the admin's profile zone (Moscow) writes it
    const at = new Date(Math.ceil((Date.now() + 60_000) / 1_800_000) * 1_800_000);
    const [date, time] = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(at).split(' ');
    await card.getByLabel('Дата интервью 1').fill(date);
    await card.getByLabel('Время интервью 1').selectOption(time);
    await card.getByRole('button', { name: 'Предложить время' }).click();
    await card.getByText('Предложено, кандидат ещё не выбрал:').waitFor({ timeout: 20_000 });

    // the applicant picks it and goes to the room
    await signInWithSession(applicantPage, db, `applicant-${tag}@forma.test`);
    await applicantPage.goto(`${appUrl}/become-mentor`);
    await applicantPage.getByRole('radio').first().check({ timeout: 30_000 });
    await applicantPage.getByRole('button', { name: 'Записаться на интервью' }).click();
    const room = applicantPage.getByRole('link', { name: 'Перейти в комнату интервью' });
    await room.waitFor({ timeout: 20_000 });
    const roomPath = await room.getAttribute('href');
    expect(roomPath).toMatch(/^\/interview-conference\/\d+$/);
    await applicantPage.goto(`${appUrl}${roomPath}`);

    // the admin hosts: the room opens, both pass the equipment check and see each other
    await adminPage.goto(`${appUrl}${roomPath}`);
    for (const page of [adminPage, applicantPage]) {
      await page.getByRole('dialog', { name: 'Проверка оборудования' }).getByRole('button', { name: 'Продолжить' }).click({ timeout: 60_000 });
    }
    for (const page of [adminPage, applicantPage]) await page.getByTestId('remote-video').first().waitFor({ timeout: 30_000 });

    // after the start (moved here, rather than waiting 20 minutes) the admin records the outcome and approves
    const interviewId = Number(roomPath!.split('/').pop());
    await db.query(`update mentor_interviews set starts_at = now() - interval '5 minutes', ends_at = now() + interval '25 minutes' where id = $1`, [interviewId]);
    await adminPage.goto(`${appUrl}/admin/mentor-applications`);
    await card.getByLabel('Личность: лицо и имя совпадают с документом').check({ timeout: 30_000 });
    await card.getByLabel('Опыт: рассказ о работе и примеры совпадают с анкетой').check();
    await card.getByLabel('Заметка для команды').fill('Паспорт сверен, портфолио скетчей, пробный разбор — хорошо.');
    await card.getByRole('button', { name: 'Записать итог' }).click();
    await card.getByText(/^Интервью проведено/).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Одобрить' }).click();
    await adminPage.getByText('Заявка одобрена').first().waitFor({ timeout: 20_000 });

    // the new mentor's page carries the badge with what stands behind it
    await applicantPage.goto(`${appUrl}/mentor_info/${applicantId}`);
    await applicantPage.getByText('Профиль подтверждён').click({ timeout: 30_000 });
    await applicantPage.getByText(/^Прошёл видеоинтервью с командой Формы \d+ \S+ \d{4}\.$/).waitFor({ timeout: 10_000 });
    expect(await applicantPage.getByText('Личность: лицо и имя совпадают с документом').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
