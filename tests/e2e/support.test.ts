// «Написать в поддержку» end to end: the demo mentee opens the support chat from /Support and writes; the demo
// admin finds it in /admin/support, takes it up and answers; the answer reaches the mentee live, from
// «Поддержка Формы».
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

describe('the support chat', () => {
  it('a question from /Support reaches the admins’ inbox and the answer comes back live', { timeout: 90_000 }, async () => {
    const [mentee, admin] = await Promise.all([openPage(390, 844), openPage(1280)]);
    const errors: string[] = [];
    for (const page of [mentee, admin]) page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(mentee, db, 'mentee@forma.test');
    await signInWithSession(admin, db, 'admin@forma.test');

    await mentee.goto(`${appUrl}/Support`);
    await mentee.getByRole('button', { name: 'Написать в поддержку' }).click();
    await mentee.waitForURL(/\/ChatsPage\?roomId=/);
    const roomId = new URL(mentee.url()).searchParams.get('roomId')!;
    await mentee.getByText('Поддержка Формы').first().waitFor();
    const question = `Не пришёл чек за консультацию ${Date.now()}`;
    await mentee.getByLabel('Сообщение', { exact: true }).fill(question);
    await mentee.keyboard.press('Enter');
    const log = (page: typeof mentee) => page.getByRole('log', { name: 'Сообщения' });
    await log(mentee).getByText(question).waitFor();

    await admin.goto(`${appUrl}/admin/support`);
    const inbox = admin.getByRole('list', { name: 'Обращения' });
    await inbox.getByText(question).waitFor();
    await inbox.getByRole('button', { name: 'Ответить: Мария Лебедева' }).click();
    await admin.waitForURL(new RegExp(`/ChatsPage\\?roomId=${roomId}`));
    await log(admin).getByText(question).waitFor();
    const answer = `Отправили чек повторно ${Date.now()}`;
    await admin.getByLabel('Сообщение', { exact: true }).fill(answer);
    await admin.keyboard.press('Enter');

    await log(mentee).getByText(answer).waitFor({ timeout: 10_000 });
    const { rows } = await db.query<{ kind: string; members: number }>(
      'select r.kind, (select count(*)::int from chat_members m where m.room_id = r.id) as members from chat_rooms r where r.id = $1',
      [roomId],
    );
    expect(rows[0]).toEqual({ kind: 'support', members: 2 });
    expect(errors).toEqual([]);
  });
});
