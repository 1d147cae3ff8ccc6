// Telegram for notifications (decision 026) through the local fake: a person links it from the settings (the deep link
// opens the fake's page, which plays the Telegram app, and sends /start there), a chat message from someone else then
// reaches that Telegram chat, and a reply typed there with «Ответить» arrives in the Форма chat as the person's message.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();
/** FORMA_SHOTS=<dir>: screenshots of the linked card and of the fake Telegram after the reply, to look at */
const shots = process.env.FORMA_SHOTS;

describe('Telegram notifications', () => {
  it('linked from the settings through the fake; a chat message reaches Telegram and the reply from there the chat', { timeout: 120_000 }, async () => {
    const stamp = Date.now();
    const email = `e2e.telegram.${stamp}@test.forma`;
    const { rows } = await db.query<{ id: number }>(`insert into users (email, first_name, last_name) values ($1, 'Нина', 'Орлова') returning id`, [email]);
    const personId = rows[0]!.id;
    // a Telegram account of its own (the fake's chat id), so a run does not inherit another run's chat
    const chatId = 200_000_000 + (stamp % 100_000_000);

    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, email);
    await page.goto(`${appUrl}/ProfileSettings?tab=profile`);
    const card = page.locator('#notifications');
    await card.getByText('Не подключён').waitFor();

    // «Подключить Telegram» opens the deep link in a new tab: locally the fake's page with /start <token> typed in
    const [telegram] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('button', { name: 'Подключить Telegram' }).click()]);
    await telegram.waitForURL(/\/dev\/telegram\/\?start=[\w-]{43}$/);
    await card.getByText('Ждём подтверждения из Telegram').waitFor();
    await telegram.goto(`${telegram.url()}&chat=${chatId}`);
    const typed = telegram.getByPlaceholder('Сообщение боту, например /start или /stop');
    expect(await typed.inputValue()).toMatch(/^\/start [\w-]{43}$/);
    await telegram.getByRole('button', { name: 'Отправить' }).click();
    await telegram.getByText('Готово: уведомления Формы будут приходить сюда').waitFor();

    // the settings notice it by themselves (read every 2 s); the date is kept whole with no-break spaces
    await card.getByText(new RegExp(`^@tester${chatId}, подключён\\s\\d{1,2}\\s[а-я]+\\s\\d{4}$`)).waitFor({ timeout: 10_000 });
    await card.getByRole('switch', { name: 'Новые сообщения в чатах: Telegram' }).waitFor();
    expect(await card.getByRole('switch', { name: 'Новые сообщения в чатах: Telegram' }).getAttribute('aria-checked')).toBe('true');
    if (shots) await card.screenshot({ path: `${shots}/e2e-card-linked-1280.png` });
    const { rows: links } = await db.query(`select chat_id::text from telegram_links where user_id = $1`, [personId]);
    expect(links).toEqual([{ chat_id: String(chatId) }]);

    // the demo mentor writes to the person, who is away from the chat: the notification goes to Telegram with «Ответить»
    const mentor = await openPage(390, 844);
    mentor.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(mentor, db, 'mentor@forma.test');
    const headers = { origin: appUrl, 'content-type': 'application/json' };
    const opened = await mentor.request.post(`${appUrl}/api/chats/with-user/`, { headers, data: { mentor_profile_id: personId } });
    expect(opened.status()).toBe(200);
    const { roomId } = (await opened.json()) as { roomId: string };
    const question = `Удобно завтра в 15:00? ${stamp}`;
    const sent = await mentor.request.post(`${appUrl}/api/chats/${roomId}/messages/`, { headers, data: { content: question } });
    expect(sent.status()).toBe(201);

    const notice = telegram.locator('.msg').filter({ hasText: 'новое сообщение в чате.' });
    await expect.poll(async () => (await telegram.reload(), await notice.count()), { timeout: 20_000, interval: 1000 }).toBe(1);
    await notice.getByRole('button', { name: 'Ответить' }).click();
    const prompt = telegram.locator('.msg').filter({ hasText: 'Напишите ответ — он придёт в чат Формы от вашего имени.' });
    await prompt.waitFor();
    const answer = `Да, до встречи ${stamp}`;
    await prompt.getByPlaceholder('Ваш ответ').fill(answer);
    await prompt.getByRole('button', { name: 'Ответить' }).click();
    await telegram.getByText('Ответ отправлен в чат Формы.').waitFor();
    if (shots) {
      await telegram.screenshot({ path: `${shots}/e2e-fake-telegram-1280.png`, fullPage: true });
      await telegram.setViewportSize({ width: 390, height: 844 });
      await telegram.screenshot({ path: `${shots}/e2e-fake-telegram-390.png`, fullPage: true });
    }

    // the reply is the person's message in that room, seen by the mentor in the Форма chat
    const { rows: stored } = await db.query(`select sender_id, content from chat_messages where room_id = $1 order by id`, [roomId]);
    expect(stored.map((r) => r.content)).toEqual([question, answer]);
    expect(stored[1].sender_id).toBe(personId);
    await mentor.goto(`${appUrl}/ChatsPage?roomId=${roomId}`);
    await mentor.getByRole('log', { name: 'Сообщения' }).getByText(answer).waitFor({ timeout: 15_000 });

    expect(errors).toEqual([]);
    await Promise.all([page.context().close(), mentor.context().close()]);
  });
});
