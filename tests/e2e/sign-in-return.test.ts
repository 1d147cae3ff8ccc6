// Issue 35 items 2 and 9, the rest of them: a guarded page, an expired session and the header's «Войти» send a person
// to sign in with the page as `?redirect=` and bring them back there; «Запомнить меня» decides whether the session
// outlives the browser session, and either way it survives a reload.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { codeFromMailbox, gotoLiveApp, signInHere, signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

/** A new account with a name (a finished registration), by a fresh address: each test has its own code limits. */
async function newPerson(tag: string) {
  const email = `e2e.${tag}.${Date.now()}@test.forma`;
  await db.query(`insert into users (email, first_name, last_name) values ($1, 'Анна', 'Кузнецова')`, [email]);
  return email;
}

/** The `?redirect=` of the page's address (or of a link's), decoded. */
function redirectOf(href: string) {
  return new URL(href, appUrl).searchParams.get('redirect');
}

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name);

describe('back where sign-in was asked for (issue 35 item 2)', () => {
  it('a guarded page opened by a visitor: /login?redirect=<the page>, and back there after signing in', { timeout: 90_000 }, async () => {
    const email = await newPerson('guard');
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await gotoLiveApp(page, `${appUrl}/CalendarPage?tab=history`);
    await page.waitForURL(/\/login\?/);
    expect(redirectOf(page.url())).toBe('/CalendarPage?tab=history');
    await signInHere(page, email);
    await page.waitForURL((url) => url.pathname === '/CalendarPage');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a guarded page on a phone: /login → «Зарегистрироваться» keeps the page, and registration ends on it', { timeout: 120_000 }, async () => {
    const email = `e2e.guard-register.${Date.now()}@test.forma`;
    const page = await openPage(390, 844);

    await gotoLiveApp(page, `${appUrl}/loads`);
    await page.waitForURL(/\/login\?/);
    expect(redirectOf(page.url())).toBe('/loads');
    await page.getByText('Ещё нет аккаунта?').getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(/\/register\?/);
    expect(redirectOf(page.url())).toBe('/loads');

    await page.getByRole('tab', { name: 'По email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('checkbox', { name: /Я принимаю/ }).click();
    const asked = Date.now();
    await page.getByRole('button', { name: 'Далее' }).click();
    const first = page.getByLabel('Цифра 1 из 4');
    await first.waitFor();
    const code = await codeFromMailbox(page, email, asked);
    await first.click();
    await page.keyboard.type(code);
    await page.getByText('Шаг 3 из 3').waitFor();
    await page.getByLabel('Имя').fill('Глеб');
    await page.getByLabel('Фамилия').fill('Орлов');
    await page.getByLabel('Телефон').fill(`9${String(Date.now()).slice(-9)}`);
    await page.getByRole('button', { name: 'Завершить регистрацию' }).click();

    await page.waitForURL((url) => url.pathname === '/loads');
    await page.context().close();
  });

  it('a session that expires mid-page: the next request sends to /login?redirect=<the page>, and back after signing in', { timeout: 90_000 }, async () => {
    const email = await newPerson('expired');
    const page = await openPage(1280);
    await signInWithSession(page, db, email);
    await gotoLiveApp(page, `${appUrl}/ProfileSettings?tab=profile`);
    const city = page.getByLabel('Город');
    await city.waitFor();
    // the page's own reads done, so the save below is what meets the ended session
    await page.waitForLoadState('networkidle');

    // the session ends while the page is open: no cookie left, so the save is answered 401 and the refresh fails
    await page.context().clearCookies();
    // a read the page makes meanwhile may meet the ended session first and send to /login before the save (the field
    // is gone then), as it should; otherwise the save is what meets it. Either way the page ends on /login.
    const toLogin = page.waitForURL(/\/login\?/);
    const filled = await city.fill('Казань', { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    // pressed in the page, without waiting for the button to hold still
    if (filled) await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Сохранить изменения')?.click());
    await toLogin;
    expect(redirectOf(page.url())).toBe('/ProfileSettings?tab=profile');

    await signInHere(page, email);
    await page.waitForURL((url) => url.pathname === '/ProfileSettings');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('profile');
    await page.getByLabel('Город').waitFor();
    await page.context().close();
  });

  it('the header\'s «Войти» carries the page, on a phone and on a desktop; not on the landing, not to /login itself', { timeout: 90_000 }, async () => {
    const phone = await openPage(390, 844);
    const login = () => phone.locator('header').getByRole('link', { name: 'Войти' });
    await gotoLiveApp(phone, `${appUrl}/AllEvents`);
    expect(redirectOf((await login().getAttribute('href'))!)).toBe('/AllEvents');
    await gotoLiveApp(phone, `${appUrl}/LandingMenteePage`);
    expect(redirectOf((await login().getAttribute('href'))!)).toBe('/LandingMenteePage');
    await gotoLiveApp(phone, `${appUrl}/`);
    expect(await login().getAttribute('href')).toBe('/login');
    // on /login the header keeps the page the person is already on their way back to
    await gotoLiveApp(phone, `${appUrl}/login?redirect=%2FAllEvents`);
    expect(redirectOf((await login().getAttribute('href'))!)).toBe('/AllEvents');
    await phone.context().close();

    const email = await newPerson('header');
    const page = await openPage(1280);
    await gotoLiveApp(page, `${appUrl}/AllMentors`);
    // the list's own links change the address: the header follows it
    await page.locator('header').getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL(/\/login\?/);
    expect(redirectOf(page.url())).toBe('/AllMentors');
    await signInHere(page, email);
    await page.waitForURL((url) => url.pathname === '/AllMentors');
    await page.locator('aside').getByRole('button', { name: 'Меню профиля' }).waitFor();
    await page.context().close();
  });
});

describe('«Запомнить меня» on /login (issue 35 item 9)', () => {
  for (const remember of [false, true]) {
    it(`${remember ? 'ticked' : 'unticked'}: ${remember ? 'a 30-day' : 'a browser-session'} cookie, and a reload keeps the person signed in`, { timeout: 90_000 }, async () => {
      const email = await newPerson(remember ? 'remember' : 'forget');
      const page = await openPage(1280);
      await gotoLiveApp(page, `${appUrl}/login`);
      await signInHere(page, email, remember);
      await page.waitForURL(/\/AllMentors$/);

      for (const name of ['forma_refresh', 'forma_signed_in']) {
        const { expires } = (await cookie(page, name))!;
        if (remember) expect(expires, name).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
        else expect(expires, name).toBe(-1);
      }

      // the short access cookie gone too, as after a quarter of an hour: the refresh cookie alone renews the session
      await page.context().clearCookies({ name: 'forma_access' });
      await page.reload();
      await page.locator('aside').getByRole('button', { name: 'Меню профиля' }).waitFor();
      expect(await page.locator('header').getByRole('link', { name: 'Войти' }).count()).toBe(0);
      expect((await page.request.get(`${appUrl}/api/users/me/`)).status()).toBe(200);
      await page.context().close();
    });
  }
});
