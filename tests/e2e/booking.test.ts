// A mentee books a paid consultation on a mentor's page, pays on the sandbox checkout and comes back to
// /payment-return; the booking is then paid.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';
import { freePaidSlotFor, payOnSandboxCheckout, pickSlot } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();

describe('booking a paid consultation', () => {
  it('books a free slot, pays on the sandbox checkout and sees the success on /payment-return', { timeout: 90_000 }, async () => {
    const { slot, start, end } = await freePaidSlotFor(db, MENTEE);

    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, MENTEE);

    await page.goto(`${appUrl}/mentor_info/${slot.mentor_id}`);
    const typeCard = page.locator('#consultation-types li').filter({ has: page.getByText(slot.type_name, { exact: true }) });
    await typeCard.getByRole('button', { name: 'Записаться' }).click();

    const dialog = page.getByRole('dialog');
    await pickSlot(dialog, start, end);
    await dialog.getByText(slot.type_name).first().waitFor();
    await dialog.getByLabel('Вопросы ментору').fill('Хочу разобрать своё резюме');
    const created = page.waitForResponse((r) => r.url().includes('/api/consultation-bookings/create') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const booking = (await createdResponse.json()) as { id: number; status: string };
    expect(booking.status).toBe('pending_payment');

    await page.getByText('Перенаправляем к оплате…').waitFor();
    await payOnSandboxCheckout(page);
    await page.getByText(slot.type_name, { exact: false }).first().waitFor();

    const detail = await page.request.get(`${appUrl}/api/consultation-bookings/${booking.id}/detail/`);
    expect(detail.status()).toBe(200);
    expect(((await detail.json()) as { status: string }).status).toBe('paid');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
