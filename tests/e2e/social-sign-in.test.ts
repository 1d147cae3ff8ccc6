// Sign-in with VK ID through the local fake of its protocol (decision 025): the real adapter runs the authorization
// code with PKCE against /dev/social/vk, and the screens of /register and /login carry the person through.
import { describe, expect, inject, it } from 'vitest';
import { codeFromMailbox, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

describe('signing in with VK ID', () => {
  it('a new person registers through VK with the consent given and lands signed in', async () => {
    const email = `e2e.vk.new.${Date.now()}@test.forma`;
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${appUrl}/register`);
    const vk = page.getByRole('button', { name: 'VK', exact: true });
    await vk.click();
    // the consent comes first, as for «Далее»
    await page.getByText('Необходимо принять политику').waitFor();
    await page.getByRole('checkbox', { name: /Я принимаю/ }).click();
    await vk.click();

    // the fake's consent page, as VK ID's would be
    await page.waitForURL(/\/dev\/social\/vk\//);
    await page.getByRole('heading', { name: 'Вход через VK ID' }).waitFor();
    await page.getByLabel('Имя').fill('Олег');
    await page.getByLabel('Фамилия').fill('Вконтактов');
    await page.getByLabel('Почта').fill(email);
    await page.getByRole('button', { name: 'Войти как этот человек' }).click();

    await page.waitForURL((url) => url.origin === new URL(appUrl).origin && !url.pathname.startsWith('/dev/') && !url.pathname.startsWith('/api/'));
    const me = await page.request.get(`${appUrl}/api/users/me/`);
    expect(me.status()).toBe(200);
    const signedIn = (await me.json()) as { id: number };
    // the names come from VK; an e-mail VK did not confirm is not made the account's (decision 025)
    expect(signedIn).toMatchObject({ mentor_name: 'Олег', mentor_surname: 'Вконтактов' });
    const { rows } = await db.query(
      `select i.user_id, i.provider, (select count(*)::int from legal_consents c where c.user_id = i.user_id) as consents
         from user_identities i where i.email = $1`,
      [email],
    );
    expect(rows).toEqual([{ user_id: signedIn.id, provider: 'vk', consents: 2 }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a person whose e-mail has an account proves it with the e-mailed code, then VK is linked and signs in', async () => {
    const email = `e2e.vk.known.${Date.now()}@test.forma`;
    await db.query(`insert into users (email, first_name, last_name) values ($1, 'Вера', 'Павлова')`, [email]);
    const page = await openPage(390);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${appUrl}/login`);
    await page.getByRole('button', { name: 'VK', exact: true }).click();
    await page.waitForURL(/\/dev\/social\/vk\//);
    await page.getByLabel('Имя').fill('Вера');
    await page.getByLabel('Почта').fill(email);
    const asked = Date.now();
    await page.getByRole('button', { name: 'Войти как этот человек' }).click();

    // no silent take-over: the account is proved first
    await page.waitForURL(/\/login\?.*social_link=/);
    await page.getByText(/Аккаунт с почтой e\*\*\*@test\.forma уже есть/).waitFor();
    const { rows: before } = await db.query(`select 1 from user_identities i join users u on u.id = i.user_id where u.email = $1`, [email]);
    expect(before).toEqual([]);
    const code = await codeFromMailbox(page, email, asked);
    await page.getByLabel('Цифра 1 из 4').click();
    await page.keyboard.type(code);

    await page.waitForURL(/\/AllMentors$/);
    const me = await page.request.get(`${appUrl}/api/users/me/`);
    expect(await me.json()).toMatchObject({ email });
    const { rows } = await db.query(`select i.provider from user_identities i join users u on u.id = i.user_id where u.email = $1`, [email]);
    expect(rows).toEqual([{ provider: 'vk' }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
