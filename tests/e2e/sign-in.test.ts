// A person signs in with the code from the dev mailbox, edits the profile, and signs out.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

describe('signing in', () => {
  it('with the e-mailed code, then editing the profile and signing out', async () => {
    const email = `e2e.signin.${Date.now()}@test.forma`;
    await db.query(`insert into users (email, first_name, last_name) values ($1, 'Вера', 'Павлова')`, [email]);
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await signIn(page, email);

    await page.goto(`${appUrl}/ProfileSettings?tab=profile`);
    const city = page.getByLabel('Город');
    await city.waitFor();
    expect(await city.inputValue()).toBe('');
    await city.fill('Новосибирск');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await page.getByText('Изменения успешно сохранены').first().waitFor();
    const { rows } = await db.query(`select city from users where email = $1`, [email]);
    expect(rows[0].city).toBe('Новосибирск');

    // the profile menu lives in the sidebar on desktop
    await page.locator('aside').getByRole('button', { name: 'Меню профиля' }).click();
    await page.getByRole('menuitem', { name: 'Выйти из аккаунта' }).click();
    await page.waitForURL(/\/login$/);
    const me = await page.request.get(`${appUrl}/api/users/me/`);
    expect(me.status()).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
