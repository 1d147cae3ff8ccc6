// «Перезвоните мне» on a landing (issue 35 item 7): the visitor's request reaches the admins' inbox, the visitor is
// told when the call comes, and an admin marks it done.
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
/** FORMA_SHOTS=<dir>: screenshots of the confirmation and the inbox, to look at */
const shots = process.env.FORMA_SHOTS;
const { db, openPage } = useBrowserAndDb();

describe('the landing call-back form', () => {
  it('stores the request, confirms it to the visitor, and an admin marks it done in the inbox', async () => {
    const name = `Посетитель ${Date.now()}`;
    const digits = String(Date.now()).slice(-9);
    const phone = `+7 (9${digits.slice(0, 2)}) ${digits.slice(2, 5)}-${digits.slice(5, 7)}-${digits.slice(7)}`;
    const visitor = await openPage(390, 844);
    await gotoLiveApp(visitor, `${appUrl}/`);
    const form = visitor.getByRole('form', { name: 'Обратный звонок' });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Имя').fill(name);
    await form.getByLabel('Телефон').fill('12345');
    await form.getByRole('checkbox').click();
    await form.getByRole('button', { name: 'Перезвоните мне' }).click();
    // the schema the API uses answers in the form, before anything is sent
    await form.getByText('Проверьте номер: в нём должно быть от 10 до 15 цифр').waitFor();
    await form.getByLabel('Телефон').fill(phone);
    await form.getByRole('button', { name: 'Перезвоните мне' }).click();
    await visitor.getByRole('status').filter({ hasText: 'Заявка принята. Мы перезвоним с 8:00 до 22:00.' }).waitFor();
    if (shots) await visitor.getByRole('region', { name: 'Остались вопросы?' }).screenshot({ path: `${shots}/callback-sent-390.png` });
    const { rows } = await db.query<{ id: number; done_at: Date | null }>('select id, done_at from callback_requests where name = $1 and phone = $2', [name, phone]);
    expect(rows).toHaveLength(1);
    expect(rows[0].done_at).toBeNull();
    await visitor.context().close();

    const adminEmail = `e2e.callbacks.${Date.now()}@test.forma`;
    await db.query(`insert into users (email, first_name, last_name, role) values ($1, 'Ирина', 'Админова', 'admin')`, [adminEmail]);
    const admin = await openPage(1280);
    await signInWithSession(admin, db, adminEmail);
    await admin.goto(`${appUrl}/admin/callbacks`);
    const item = admin.getByRole('listitem').filter({ hasText: name });
    await item.getByRole('link', { name: phone }).waitFor();
    if (shots) await admin.screenshot({ path: `${shots}/callback-inbox-1280.png` });
    await item.getByRole('button', { name: `Позвонили: ${name}` }).click();
    await item.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Выполненные' }).click();
    await admin.getByRole('listitem').filter({ hasText: name }).getByText(/позвонили .*, Ирина Админова/).waitFor();
    const after = await db.query<{ done_at: Date | null; done_by: number | null }>('select done_at, done_by from callback_requests where id = $1', [rows[0].id]);
    expect(after.rows[0].done_at).not.toBeNull();
    expect(after.rows[0].done_by).not.toBeNull();
    await admin.context().close();
  }, 90_000);
});
