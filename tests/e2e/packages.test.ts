// Issue 36 (decision 006, «Packages»): the demo mentee buys a package of consultations on a mentor's page and pays it on
// the sandbox checkout, books a slot from it without paying, sees «осталось N из M» drop in the booking and in «Мои
// пакеты», and the mentor sees the booking in their calendar.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';
import { freePaidSlotFor, payOnSandboxCheckout, pickSlot } from './booking-steps.ts';

const appUrl = inject('appUrl');
const MENTEE = 'mentee@forma.test';
const { db, openPage } = useBrowserAndDb();

describe('a package of consultations', () => {
  it('is bought through the sandbox, spent on a booking without paying, and the mentor sees the booking', { timeout: 150_000 }, async () => {
    const { slot, start, end } = await freePaidSlotFor(db, MENTEE, { forPackage: true });
    // the mentor's offer: the seed's when the type has one, else one set here as the session editor would
    let offer = slot.packages[0];
    if (!offer) {
      offer = { sessions: 3, percent: 10, valid_days: 180 };
      await db.query(`update consultation_types set packages = $2::jsonb where id = $1`, [slot.type_id, JSON.stringify([offer])]);
    }

    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWithSession(page, db, MENTEE);

    // the mentor page offers it, priced by the server
    await page.goto(`${appUrl}/mentor_info/${slot.mentor_id}`);
    const typeCard = page.locator('#consultation-types li').filter({ has: page.getByText(slot.type_name, { exact: true }) }).first();
    const offers = typeCard.getByRole('list', { name: 'Пакеты консультаций' });
    await offers.getByText(new RegExp(`^${offer.sessions} консультаци[йи] — .+ вместо .+ \\(−${offer.percent}\\s%\\), действует ${offer.valid_days} дн`)).waitFor();
    const bought = page.waitForResponse((r) => r.url().includes('/api/consultation-packages/buy') && r.request().method() === 'POST');
    await offers.getByRole('button', { name: /Купить пакет/ }).first().click();
    const pkg = (await (await bought).json()) as { id: number; status: string; sessions: number; total_price: number };
    expect(pkg).toMatchObject({ status: 'pending_payment', sessions: offer.sessions });

    await page.getByText('Перенаправляем к оплате…').waitFor();
    await payOnSandboxCheckout(page);
    await page.getByText(`${offer.sessions} консультаци`, { exact: false }).first().waitFor();
    const { rows: paid } = await db.query<{ amount_kopecks: string }>(`select amount_kopecks from payments where package_id = $1 and status = 'succeeded'`, [pkg.id]);
    expect(Number(paid[0]!.amount_kopecks)).toBe(pkg.total_price * 100);

    // booking from it: no payment step
    await page.goto(`${appUrl}/mentor_info/${slot.mentor_id}`);
    await typeCard.getByRole('button', { name: 'Записаться' }).click();
    const dialog = page.getByRole('dialog');
    await pickSlot(dialog, start, end);
    const spend = dialog.getByRole('radio', { name: `Списать из пакета (осталось ${offer.sessions} из ${offer.sessions})` });
    await spend.waitFor();
    expect(await spend.isChecked()).toBe(true);
    const created = page.waitForResponse((r) => r.url().includes('/api/consultation-bookings/create') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Подтвердить', exact: true }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const booking = (await createdResponse.json()) as { id: number; status: string; package_id: number | null };
    expect(booking).toMatchObject({ status: 'paid', package_id: pkg.id });
    await page.getByText(`Списано из пакета: осталось ${offer.sessions - 1} из ${offer.sessions}`).first().waitFor();
    expect(page.url()).not.toMatch(/checkout/);

    // «Мои пакеты» on the calendar
    await page.goto(`${appUrl}/CalendarPage`);
    const mine = page.getByRole('region', { name: 'Мои пакеты' });
    const item = mine.getByRole('listitem', { name: `Пакет «${slot.type_name}»` });
    await item.getByText(`осталось ${offer.sessions - 1} из ${offer.sessions}`).waitFor();
    await item.getByRole('button', { name: /^Вернуть неиспользованные/ }).waitFor();
    await page.getByTestId(`schedule-card-booking:${booking.id}`).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();

    // the mentor sees the booking in their calendar
    const { rows: mentors } = await db.query<{ email: string }>(`select email from users where id = $1`, [slot.mentor_id]);
    const mentorPage = await openPage(1280);
    await signInWithSession(mentorPage, db, mentors[0]!.email);
    await mentorPage.goto(`${appUrl}/CalendarPage`);
    await mentorPage.getByTestId(`schedule-card-booking:${booking.id}`).waitFor({ timeout: 15_000 });
    await mentorPage.context().close();
  });
});
