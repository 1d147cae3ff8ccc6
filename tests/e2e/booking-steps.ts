// Steps the browser tests of booking share: choosing a slot in the booking dialog and paying on the sandbox checkout.
import type { Locator, Page } from 'playwright-core';

/** A moment as the dialog shows it in `timeZone`: its day (data-day) and its «HH:MM». */
export function partsIn(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Step 1 of the open booking dialog: goes to the slot's week (the strip opens on the first free day's week; the
 * neighbour weeks are inert), picks the day and the time, and presses «Далее».
 */
export async function pickSlot(dialog: Locator, start: { day: string; time: string }, end: { time: string }) {
  await dialog.getByText('Шаг 1/2').waitFor();
  await dialog.getByTestId('week-strip').waitFor();
  const day = dialog.locator(`[data-day="${start.day}"]:not([inert] *)`);
  for (let i = 0; i < 60 && (await day.count()) === 0; i++) {
    const shown = await dialog.locator('[data-day]:not([inert] *)').first().getAttribute('data-day');
    await dialog.getByRole('button', { name: shown! < start.day ? 'Следующая неделя' : 'Предыдущая неделя' }).click();
  }
  await day.click();
  await dialog.getByRole('radio', { name: new RegExp(`${start.time} – ${end.time}`) }).click();
  await dialog.getByRole('button', { name: 'Далее' }).click();
  await dialog.getByText('Шаг 2/2').waitFor();
}

/** On the sandbox checkout page: pays with the card that always succeeds, and waits for the success on /payment-return. */
export async function payOnSandboxCheckout(page: Page) {
  await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByLabel('Срок действия').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment-return\?payment_id=/, { timeout: 15_000 });
  await page.getByText('Оплата прошла успешно').waitFor({ timeout: 45_000 });
}
