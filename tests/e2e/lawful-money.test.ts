// Issue 37 (decision 020, «lawful money») in the built app: a mentee pays a consultation by СБП on the sandbox checkout
// and the payment's receipt says so; a new self-employed mentor declares the status with an ИНН, grants (or refuses) the
// sandbox «Мой налог» permission on the provider's page, and the payout settings read the answer on the way back.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, signInWithSession, useBrowserAndDb } from './browser.ts';
import { freePaidSlotFor, payOnSandboxCheckout, pickSlot } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage: openBrowserPage } = useBrowserAndDb();

/** The built app on this shared 2-core machine can take more than the default 30 s to answer a step. */
async function openPage(width: number, height = 900) {
  const page = await openBrowserPage(width, height);
  page.setDefaultTimeout(45_000);
  return page;
}

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('СБП', () => {
  it('pays a booked consultation by СБП on the sandbox checkout, and the receipt names СБП', { timeout: 180_000 }, async () => {
    const { slot, start, end } = await freePaidSlotFor(db, MENTEE);

    const page = await openPage(1280);
    const errors = collectErrors(page);
    await signInWithSession(page, db, MENTEE);
    await gotoLiveApp(page, `${appUrl}/mentor_info/${slot.mentor_id}`);
    const typeCard = page.locator('#consultation-types li').filter({ has: page.getByText(slot.type_name, { exact: true }) }).first();
    await typeCard.getByRole('button', { name: 'Записаться' }).click();

    const dialog = page.getByRole('dialog');
    await pickSlot(dialog, start, end);
    const created = page.waitForResponse((r) => r.url().includes('/api/consultation-bookings/create') && r.request().method() === 'POST');
    // «Подтвердить · N ₽» of a paid consultation
    await dialog.getByRole('button', { name: /^Подтвердить/ }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const booking = (await createdResponse.json()) as { id: number; status: string };
    expect(booking.status).toBe('pending_payment');

    await payOnSandboxCheckout(page, 'sbp');
    const paymentId = new URL(page.url()).searchParams.get('payment_id');
    const { rows: payments } = await db.query<{ id: string; status: string; payment_method: string | null }>(
      `select id, status, payment_method from payments where booking_id = $1 and status <> 'canceled'`,
      [booking.id],
    );
    expect(payments).toEqual([{ id: paymentId, status: 'succeeded', payment_method: 'sbp' }]);

    // «Чеки» on /loads lists it, and its printable receipt says how it was paid
    await gotoLiveApp(page, `${appUrl}/loads`);
    const receipt = page.locator('ul[aria-labelledby="loads-receipts"] > li').filter({ has: page.locator(`a[href="/api/downloads/receipts/${paymentId}/"]`) });
    await receipt.getByText(`Консультация «${slot.type_name}»`).waitFor();
    await page.goto(`${appUrl}/api/downloads/receipts/${paymentId}/`);
    const method = page.locator('tr').filter({ has: page.locator('th', { hasText: 'Способ оплаты' }) }).locator('td');
    expect((await method.textContent())?.trim()).toBe('СБП');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** A mentor of their own, new for this test (no tax profile yet), with a unique e-mail. */
async function newMentor(tag: string) {
  const email = `lawful-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@forma.test`;
  await db.query(`insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Алина', 'Самозанятова')`, [email]);
  return email;
}

/**
 * On the payout settings: declares «Самозанятый» with `inn`, saves, presses «Разрешить регистрировать чеки» and lands on
 * the sandbox's «Мой налог» page.
 */
async function declareSelfEmployedAndAsk(page: Page, inn: string) {
  await gotoLiveApp(page, `${appUrl}/ProfileSettings?tab=payment`);
  const card = page.locator('[aria-labelledby="tax-status-title"]');
  await card.getByText('Выплаты ждут', { exact: true }).waitFor();
  await card.getByRole('radio', { name: /^Самозанятый/ }).check();
  await card.getByLabel('ИНН', { exact: true }).fill(inn);
  const saved = page.waitForResponse((r) => /\/api\/tax-profile\/?$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
  await card.getByRole('button', { name: 'Сохранить статус' }).click();
  expect((await saved).status()).toBe(200);
  await page.getByText('Налоговый статус сохранён').first().waitFor();

  const permission = page.getByTestId('self-employed-permission');
  await permission.getByText('Разрешение ещё не запрошено').waitFor();
  await permission.getByRole('button', { name: 'Разрешить регистрировать чеки' }).click();
  await page.waitForURL(/\/sandbox\/self-employed\//);
  await page.getByRole('heading', { name: 'Разрешение на регистрацию чеков' }).waitFor();
  return card;
}

describe('a self-employed mentor', () => {
  it('grants the permission on the sandbox page and sees «Подтверждено» and payouts available (390 px)', { timeout: 120_000 }, async () => {
    const email = await newMentor('grant');
    const page = await openPage(390, 844);
    const errors = collectErrors(page);
    await signInWithSession(page, db, email);
    const card = await declareSelfEmployedAndAsk(page, '500100732259');

    await page.getByRole('button', { name: 'Разрешить' }).click();
    await page.getByText('Разрешение выдано').waitFor();
    await page.getByRole('link', { name: 'Вернуться в Форму' }).click();
    await page.waitForURL(/\/ProfileSettings\?tab=payment$/);

    const permission = page.getByTestId('self-employed-permission');
    await permission.getByText('Подтверждено', { exact: true }).waitFor();
    await card.getByText('Выплаты доступны', { exact: true }).waitFor();
    await page.getByTestId('payout-readiness').getByText('Налоговый статус указан: выплаты на карту можно получать.').waitFor();
    expect(await permission.getByRole('button', { name: 'Разрешить регистрировать чеки' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const { rows } = await db.query<{ status: string; inn: string; self_employed_status: string }>(
      `select t.status, t.inn, t.self_employed_status from mentor_tax_profiles t join users u on u.id = t.user_id where u.email = $1`,
      [email],
    );
    expect(rows).toEqual([{ status: 'self_employed', inn: '500100732259', self_employed_status: 'confirmed' }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses on the sandbox page and sees «Разрешение отклонено или отозвано», payouts waiting (1280 px)', { timeout: 120_000 }, async () => {
    const email = await newMentor('refuse');
    const page = await openPage(1280);
    const errors = collectErrors(page);
    await signInWithSession(page, db, email);
    const card = await declareSelfEmployedAndAsk(page, '770708389324');

    await page.getByRole('button', { name: 'Отклонить' }).click();
    await page.getByText('Запрос отклонён').waitFor();
    await page.getByRole('link', { name: 'Вернуться в Форму' }).click();
    await page.waitForURL(/\/ProfileSettings\?tab=payment$/);

    const permission = page.getByTestId('self-employed-permission');
    await permission.getByText('Разрешение отклонено или отозвано', { exact: true }).waitFor();
    await permission.getByRole('button', { name: 'Запросить снова' }).waitFor();
    await card.getByText('Выплаты ждут', { exact: true }).waitFor();
    await page
      .getByTestId('payout-readiness')
      .getByText('Выплаты ждут: нет подтверждённого разрешения ЮMoney регистрировать ваши чеки в «Мой налог».')
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
