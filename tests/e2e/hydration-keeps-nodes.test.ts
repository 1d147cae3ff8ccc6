// Hydration keeps the server's nodes (decision 014, «Hydration keeps the server's nodes», issue 40 §3): on the five
// pages a visitor arrives on, every element the server sent with text or a picture is still the same DOM node once the
// app is live, and the largest paint is one of the server's (a page thrown away and drawn again paints anew, seconds
// later on a phone). Also when the page was written in another zone than the browser's: it hydrates in the page's
// zone, then its dates move to the browser's in place.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { openPage } = useBrowserAndDb();

type Outcome = { replaced: string[]; lcpFromServer: boolean | null; errors: string[]; dates: string[] };

async function firstId(page: Page, path: string): Promise<number> {
  return ((await (await page.request.get(`${appUrl}${path}`)).json()) as { results: Array<{ id: number }> }).results[0].id;
}

/** Opens `path` as a visitor at 390 px; `pageZone` makes the server write the page in that zone (the browser is Moscow's). */
async function hydrate(path: string, pageZone?: string): Promise<Outcome> {
  const page = await openPage(390, 844);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  if (pageZone) await page.context().addCookies([{ name: 'forma_tz', value: pageZone, url: appUrl }]);
  await page.context().addInitScript(() => {
    const w = window as unknown as { __server: Element[]; __lcp: Element[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const element = (entry as PerformanceEntry & { element: Element | null }).element;
        if (element) w.__lcp.push(element);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // the server's elements as parsed, before the app's script (loaded after the page is parsed) can touch them
    document.addEventListener('DOMContentLoaded', () => {
      w.__server = [...document.querySelectorAll('#root *')];
    });
  });
  await gotoLiveApp(page, `${appUrl}${path}`);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-server-rendered')), path).toBe(true);
  // what runs after hydration (the dates' move to the browser's zone, measured layouts) has run
  await page.waitForTimeout(1000);
  const outcome = await page.evaluate(() => {
    const w = window as unknown as { __server: Element[]; __lcp: Element[] };
    const shows = (el: Element) => el.tagName === 'IMG' || [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    // an element the server sent that is gone while one of the app's own shows the same: drawn again, not removed
    // (the landing's splash goes by design, the call-back form's skeleton makes way for the form)
    const server = new Set(w.__server);
    const drawn = new Set([...document.querySelectorAll('#root *')].filter((el) => !server.has(el) && shows(el)).map((el) => `${el.tagName}:${el.textContent}`));
    const replaced = w.__server
      .filter((el) => !el.isConnected && shows(el) && drawn.has(`${el.tagName}:${el.textContent}`))
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 60)}`);
    const last = w.__lcp.at(-1);
    return {
      replaced,
      lcpFromServer: last ? w.__server.includes(last) : null,
      dates: [...document.querySelectorAll('[data-testid="event-card-date"]')].map((el) => el.textContent ?? ''),
    };
  });
  await page.context().close();
  return { ...outcome, errors };
}

describe('hydration of a visitor\'s first page', () => {
  it('keeps every element the server sent on the landing, the lists, a mentor\'s and an event\'s page', async () => {
    const probe = await openPage(390);
    const mentor = await firstId(probe, '/api/users/?offset=0&limit=1');
    const event = await firstId(probe, '/api/events/load_more/?offset=0&limit=1&show_past=false');
    await probe.context().close();
    for (const path of ['/', '/AllMentors', '/AllEvents', `/mentor_info/${mentor}`, `/event_info/${event}`]) {
      const outcome = await hydrate(path);
      expect(outcome.errors, path).toEqual([]);
      expect(outcome.replaced, path).toEqual([]);
      expect(outcome.lcpFromServer, path).not.toBe(false);
    }
  }, 180_000);

  it('keeps them when the page was written in another zone, then shows the dates in the browser\'s', async () => {
    const inMoscow = await hydrate('/AllEvents');
    for (const path of ['/AllMentors', '/AllEvents']) {
      const outcome = await hydrate(path, 'Asia/Tokyo');
      expect(outcome.errors, path).toEqual([]);
      expect(outcome.replaced, path).toEqual([]);
      expect(outcome.lcpFromServer, path).not.toBe(false);
      if (path === '/AllEvents') expect(outcome.dates).toEqual(inMoscow.dates);
    }
  }, 120_000);
});
