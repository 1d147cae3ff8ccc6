// The demo mentee and the demo mentor, each in a browser context of their own, chat live in their room.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

describe('chatting live', () => {
  it('a message typed by one side appears on the other side without a reload, and back', { timeout: 90_000 }, async () => {
    const { rows } = await db.query<{ room_id: string }>(
      `select m1.room_id from chat_members m1
         join chat_members m2 on m2.room_id = m1.room_id
         join users a on a.id = m1.user_id and lower(a.email) = 'mentee@forma.test'
         join users b on b.id = m2.user_id and lower(b.email) = 'mentor@forma.test'
        limit 1`,
    );
    const roomId = rows[0]!.room_id;
    const [mentee, mentor] = await Promise.all([openPage(1280), openPage(390, 844)]);
    const errors: string[] = [];
    for (const page of [mentee, mentor]) page.on('pageerror', (e) => errors.push(e.message));
    await signIn(mentee, 'mentee@forma.test');
    await signIn(mentor, 'mentor@forma.test');
    await Promise.all([mentee.goto(`${appUrl}/ChatsPage?roomId=${roomId}`), mentor.goto(`${appUrl}/ChatsPage?roomId=${roomId}`)]);

    const question = `Можно перенести занятие? ${Date.now()}`;
    for (const page of [mentee, mentor]) await page.getByLabel('Сообщение', { exact: true }).waitFor();
    // let both sockets open before the first message (the catch-up would deliver it anyway)
    await mentor.waitForTimeout(500);
    await mentee.getByLabel('Сообщение', { exact: true }).fill(question);
    await mentee.keyboard.press('Enter');
    const log = (page: typeof mentee) => page.getByRole('log', { name: 'Сообщения' });
    await log(mentor).getByText(question).waitFor({ timeout: 10_000 });

    const answer = `Да, давайте в четверг ${Date.now()}`;
    await mentor.getByLabel('Сообщение', { exact: true }).fill(answer);
    await mentor.keyboard.press('Enter');
    await log(mentee).getByText(answer).waitFor({ timeout: 10_000 });

    // both are stored once, in order
    const { rows: stored } = await db.query<{ content: string }>(
      `select content from chat_messages where room_id = $1 and content = any($2) order by id`,
      [roomId, [question, answer]],
    );
    expect(stored.map((r) => r.content)).toEqual([question, answer]);
    // shown once in each conversation, although it came both from the POST answer and over the socket
    expect(await log(mentee).getByText(question).count()).toBe(1);
    expect(await log(mentor).getByText(answer).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
