// A person signs in with the code from the dev mailbox, edits the profile, and signs out.
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';

const appUrl = inject('appUrl');
let browser: Browser;
const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

beforeAll(async () => {
  [browser] = await Promise.all([launchBrowser(), db.connect()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), db.end()]);
});

async function codeFromMailbox(page: Page, email: string) {
  for (let i = 0; i < 100; i++) {
    const res = await page.request.get(`${appUrl}/api/dev/mailbox/?email=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as Array<{ text: string }>;
    const code = /\b\d{4}\b/.exec(messages[0]?.text ?? '')?.[0];
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no code for ${email}`);
}

describe('signing in', () => {
  it('with the e-mailed code, then editing the profile and signing out', async () => {
    const email = `e2e.signin.${Date.now()}@test.forma`;
    await db.query(`insert into users (email, first_name, last_name) values ($1, 'Вера', 'Павлова')`, [email]);
    const page = await openPage(browser, 1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${appUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Получить код' }).click();
    const first = page.getByLabel('Цифра 1 из 4');
    await first.waitFor();
    const code = await codeFromMailbox(page, email);
    await first.click();
    await page.keyboard.type(code); // the 4th digit signs in by itself
    await page.waitForURL(/\/AllMentors$/);

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
