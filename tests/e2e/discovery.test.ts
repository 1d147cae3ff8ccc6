// Browsing as a visitor: the event list pages and filters, an event page, the mentor list and a mentor page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, launchBrowser, openPage } from './browser.ts';

const appUrl = inject('appUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const eventCards = (page: Page) => page.locator('[aria-label="Список мероприятий"] a[href^="/event_info/"]');

/** Waits until the list has settled on `expected` cards or more. */
async function waitForCards(page: Page, predicate: (count: number) => boolean) {
  // a page rendered on the server lays its cards out by CSS until the grid knows its width, then moves them into the
  // masonry's columns (new elements): a click in between can land on a card being replaced
  await page.locator('[aria-label="Список мероприятий"][data-columns]').waitFor({ state: 'attached' });
  for (let i = 0; i < 100; i++) {
    const count = await eventCards(page).count();
    if (predicate(count)) return count;
    await page.waitForTimeout(100);
  }
  throw new Error(`card count never matched; last ${await eventCards(page).count()}`);
}

describe('discovery in a real browser', () => {
  it('loads a second page of events when scrolled to the end', async () => {
    const page = await openPage(browser, 1280);
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    const first = await waitForCards(page, (n) => n > 0);
    expect(first).toBe(20);
    await page.mouse.wheel(0, 20_000);
    const more = await waitForCards(page, (n) => n > 20);
    expect(more).toBeGreaterThan(20);
    await page.context().close();
  });

  it('filters events by category and price', async () => {
    const page = await openPage(browser, 1280);
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    await waitForCards(page, (n) => n > 0);
    const listed = page.waitForResponse((r) => r.url().includes('category=') && r.url().includes('min_price=1000'));
    await page.getByRole('group', { name: 'Категории' }).getByRole('button', { name: 'Хобби' }).click();
    await page.getByLabel('Цена от').fill('1000');
    const response = await listed;
    const body = (await response.json()) as { results: Array<{ category: string; price: number }> };
    expect(body.results.length).toBeGreaterThan(0);
    for (const e of body.results) {
      expect(e.category).toBe('Хобби');
      expect(e.price).toBeGreaterThanOrEqual(1000);
    }
    await waitForCards(page, (n) => n === body.results.length);
    expect(new URL(page.url()).searchParams.get('category')).toContain('Хобби'); // the filters live in the URL
    await page.context().close();
  });

  it('opens an event from the list', async () => {
    const page = await openPage(browser, 1280);
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    await waitForCards(page, (n) => n > 0);
    const card = eventCards(page).first();
    const href = await card.getAttribute('href');
    await card.click();
    await page.waitForURL((url) => url.pathname.startsWith(href!.replace(/\/$/, '')));
    await page.getByRole('button', { name: 'Войдите для участия' }).first().waitFor();
    await page.getByText(/уже участвуют/).first().waitFor();
    await page.context().close();
  });

  it('opens a mentor from the mentor list', async () => {
    const page = await openPage(browser, 1280);
    await gotoLiveApp(page, `${appUrl}/AllMentors`);
    const profileLink = page.locator('a[href^="/mentor_info/"]').first();
    await profileLink.waitFor();
    const href = await profileLink.getAttribute('href');
    await page.goto(`${appUrl}${href}`);
    await page.getByRole('button', { name: 'Написать' }).first().waitFor();
    await page.getByText('Записаться').first().waitFor();
    await page.context().close();
  });
});
