// A visitor's first page rendered on the server (decision 014, «Rendered on the server»): the HTML carries the page and
// its data, the browser hydrates it in place, dates are in the visitor's zone, and no one signed in ever gets it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { APP_LOADER, APP_SCRIPTS_ID } from '../../worker/pages/page-template.ts';
import { gotoLiveApp, signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, browser, openPage } = useBrowserAndDb();

const EVENTS_FIRST_PAGE = '/api/events/load_more/?offset=0&limit=20&show_past=false&sort=soonest';
const cardLinks = (page: Page) => page.locator('[aria-label="Список мероприятий"] a[href^="/event_info/"]');
const cardDates = (page: Page) => page.locator('[aria-label="Список мероприятий"] [data-testid="event-card-date"]');

type ApiEvent = { id: number; date: string };

async function firstPageOfEvents(page: Page): Promise<ApiEvent[]> {
  const response = await page.request.get(`${appUrl}${EVENTS_FIRST_PAGE}`);
  return ((await response.json()) as { results: ApiEvent[] }).results;
}

/** 'DD.MM' of each event's date in `zone` as the cards write it, 'DD.MM.YYYY' outside the current year. */
function dayMonths(events: ApiEvent[], zone: string): string[] {
  const format = new Intl.DateTimeFormat('ru-RU', { timeZone: zone, day: '2-digit', month: '2-digit' });
  const year = (date: Date) => new Intl.DateTimeFormat('en', { timeZone: zone, year: 'numeric' }).format(date);
  const thisYear = year(new Date());
  return events.map((event) => format.format(new Date(event.date)) + (year(new Date(event.date)) === thisYear ? '' : `.${year(new Date(event.date))}`));
}

/** A context without JavaScript: what the server sent is all there is. */
async function withoutScripts<T>(run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'ru-RU' });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Console errors other than the visitor's own 401s (GET /api/users/me and the refresh it tries). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

type Styles = { properties: string[]; elements: Array<{ at: string; values: string }> };

/** Between the values of one element's properties in a reading (no property's value holds it). */
const SEPARATOR = '\u0001';

/**
 * Every computed property of every element of the page and of the ::before and ::after it has (animations stopped at
 * their start, so that two readings of the same styles agree).
 */
function computedStyles(page: Page): Promise<Styles> {
  return page.evaluate((separator) => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const properties = [...getComputedStyle(document.body)];
    const elements: Array<{ at: string; values: string }> = [];
    document.querySelectorAll('body *').forEach((element, i) => {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (pseudo && style.content === 'none') continue;
        elements.push({ at: `#${i} ${element.tagName.toLowerCase()}${pseudo ?? ''}`, values: properties.map((name) => style.getPropertyValue(name)).join(separator) });
      }
    });
    return { properties, elements };
  }, SEPARATOR);
}

/** Where two readings of the same page differ, as 'element property: before → after'. */
function styleDifferences(before: Styles, after: Styles): string[] {
  const out: string[] = [];
  if (before.elements.length !== after.elements.length) return [`${before.elements.length} styled boxes → ${after.elements.length}`];
  before.elements.forEach((element, i) => {
    if (element.values === after.elements[i].values) return;
    const [was, now] = [element.values.split(SEPARATOR), after.elements[i].values.split(SEPARATOR)];
    was.forEach((value, p) => {
      if (value !== now[p]) out.push(`${element.at} ${before.properties[p]}: ${value} → ${now[p]}`);
    });
  });
  return out;
}

/** How long each cover is held back in the loader's test. */
const COVER_DELAY_MS = 1000;

/**
 * When the page was parsed, when the app's entry (the first tag the loader adds) was asked for, when each of the
 * first screen's covers (fetchpriority=high) finished, and the scripts asked for before the entry.
 */
function appTiming(listId: string) {
  const tags = JSON.parse(document.getElementById(listId)!.textContent!) as Array<[string, Record<string, string>]>;
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const named = (src: string) => resources.find((r) => new URL(r.name).pathname === src);
  const entry = named(tags[0][1].src)!;
  const covers = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => named(new URL(img.src).pathname));
  return {
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
    entry: entry.startTime,
    firstCovers: covers.map((cover) => cover?.responseEnd ?? -1),
    scriptsBefore: resources.filter((r) => r.name.endsWith('.js') && r.startTime < entry.startTime).map((r) => new URL(r.name).pathname),
  };
}

describe('pages rendered on the server', () => {
  it('sends the event list with its first page as HTML, dates in Moscow for an unknown zone', async () => {
    await withoutScripts(async (page) => {
      const response = await page.goto(`${appUrl}/AllEvents`);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['cache-control']).toBe('no-cache');
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-server-rendered'))).toBe(true);
      const events = await firstPageOfEvents(page);
      expect(events).toHaveLength(20);
      expect(await cardLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(events.map((e) => `/event_info/${e.id}`));
      expect(await cardDates(page).allTextContents()).toEqual(dayMonths(events, 'Europe/Moscow'));
      // the stylesheet is in the page; the app's scripts only listed after its content, for the loader, which is asked
      // for with the head (decision 014, «Before the first tap»)
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count()).toBe(0);
      const listAfterContent = `#root ~ #${APP_SCRIPTS_ID}`;
      expect(await page.evaluate((selector) => document.querySelector(selector) !== null, listAfterContent)).toBe(true);
      expect(await page.locator(`head > script[src="${APP_LOADER}"][async][fetchpriority="high"]`).count()).toBe(1);
    });
  });

  it('carries only the rules its elements use, and they style every element exactly as the whole stylesheet does', async () => {
    for (const width of [390, 1280]) {
      const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, locale: 'ru-RU' });
      try {
        const page = await context.newPage();
        for (const path of ['/', '/AllEvents', '/AllMentors']) {
          await page.goto(`${appUrl}${path}`);
          const sheet = await page.evaluate(() => {
            const style = document.querySelector<HTMLStyleElement>('style[data-stylesheet]')!;
            return { href: style.dataset.stylesheet!, length: style.textContent!.length };
          });
          const whole = await (await page.request.get(`${appUrl}${sheet.href}`)).text();
          expect(sheet.length, path).toBeLessThan(whole.length / 2);
          const before = await computedStyles(page);
          // the whole sheet after the page's part (scripts are off: the text itself, no load event to wait for)
          await page.evaluate((css) => document.head.appendChild(Object.assign(document.createElement('style'), { textContent: css })), whole);
          const after = await computedStyles(page);
          expect(styleDifferences(before, after).slice(0, 5), `${path} at ${width} px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }
  }, 90_000);

  it('writes the dates in the zone the browser told it', async () => {
    await withoutScripts(async (page, context) => {
      const zone = 'Pacific/Kiritimati'; // UTC+14: an evening in Moscow is the next day there
      await context.addCookies([{ name: 'forma_tz', value: zone, url: appUrl }]);
      await page.goto(`${appUrl}/AllEvents`);
      const events = await firstPageOfEvents(page);
      const expected = dayMonths(events, zone);
      expect(expected).not.toEqual(dayMonths(events, 'Europe/Moscow'));
      expect(await cardDates(page).allTextContents()).toEqual(expected);
    });
  });

  it('sends the mentor list and the landing as HTML; the landing splash hides by itself', async () => {
    await withoutScripts(async (page) => {
      await page.goto(`${appUrl}/AllMentors`);
      const response = await page.request.get(`${appUrl}/api/users?offset=0&limit=24`);
      const mentors = ((await response.json()) as { results: Array<{ id: number }> }).results;
      expect(mentors.length).toBeGreaterThan(0);
      const hrefs = await page.locator('a[href^="/mentor_info/"]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))]);
      expect(hrefs.map((href) => Number(/\/mentor_info\/(\d+)/.exec(href!)![1]))).toEqual(mentors.map((m) => m.id));

      await page.goto(`${appUrl}/`);
      await page.getByRole('heading', { level: 1, name: /Станьте наставником/ }).waitFor({ state: 'attached' });
      // spec 000 §2: the splash shows for 400 ms; with no script at all, only its CSS can hide it
      await page.getByRole('status', { name: 'Загрузка' }).waitFor({ state: 'hidden', timeout: 5_000 });
    });
  });

  it('hydrates the page in place: same page elements, no errors, no second request for its data, then it works', async () => {
    const page = await openPage(1280);
    const errors = collectErrors(page);
    const listRequests: string[] = [];
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/events/load_more/')) listRequests.push(request.url());
      if (request.url().includes('/api/token/refresh/')) refreshes.push(request.url());
    });
    await page.context().addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        // the page's heading and its first card (the first column's cards keep their elements once measured)
        const w = window as unknown as { __heading: Element | null; __card: Element | null };
        w.__heading = document.querySelector('h1');
        w.__card = document.querySelector('[role="listitem"]');
      });
    });
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-server-rendered'))).toBe(true);
    await page.locator('[aria-label="Список мероприятий"][data-columns]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => {
      const { __heading: heading, __card: card } = window as unknown as { __heading: Element | null; __card: Element | null };
      return [heading?.isConnected, card?.isConnected, card === document.querySelector('[role="listitem"]')];
    })).toEqual([true, true, true]);
    expect(listRequests).toEqual([]);
    // a visitor's 401 says there is no session: nothing to renew
    expect(refreshes).toEqual([]);
    expect(errors).toEqual([]);

    const filtered = page.waitForResponse((r) => r.url().includes('/api/events/load_more/') && r.url().includes('category='));
    await page.getByRole('group', { name: 'Категории' }).getByRole('button', { name: 'Хобби' }).click();
    const body = (await (await filtered).json()) as { results: Array<{ category: string }> };
    expect(body.results.every((e) => e.category === 'Хобби')).toBe(true);
    await expect.poll(() => cardLinks(page).count()).toBe(body.results.length);
    await page.context().close();
  });

  it('asks for the app once the page is parsed and its first covers are in, then hydrates', async () => {
    const page = await openPage(390, 844);
    const errors = collectErrors(page);
    // every cover answers late: the app waits for the first screen's, not for the rest
    await page.route('**/media/demo/covers/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, COVER_DELAY_MS));
      await route.continue();
    });
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    const timing = await page.evaluate(appTiming, APP_SCRIPTS_ID);
    // the first screen's three cards, less any without a cover (other browser tests add events without one)
    const covered = await page.evaluate(() => [...document.querySelectorAll('[role="listitem"]')].slice(0, 3).filter((card) => !card.querySelector('[data-testid="event-image-placeholder"]')).length);
    expect(covered).toBeGreaterThan(0);
    expect(timing.firstCovers).toHaveLength(covered);
    expect(Math.min(...timing.firstCovers)).toBeGreaterThanOrEqual(COVER_DELAY_MS);
    expect(timing.entry).toBeGreaterThanOrEqual(Math.max(...timing.firstCovers, timing.parsed));
    // nothing of the app's was asked for before: only the early data's script and the loader
    expect(timing.scriptsBefore.sort()).toEqual([APP_LOADER, '/early-data.js'].sort());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('asks for the app after a while even when a first cover never answers', async () => {
    const page = await openPage(390, 844);
    const held: Array<() => void> = [];
    await page.route('**/media/demo/covers/**', (route) => new Promise<void>((resolve) => held.push(resolve)).then(() => route.abort()));
    // (the page's load event waits for its images: only its parsing is awaited)
    await page.goto(`${appUrl}/AllEvents`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    const timing = await page.evaluate(appTiming, APP_SCRIPTS_ID);
    // public/app-loader.js: WAIT_MS after the page was parsed
    expect(timing.entry - timing.parsed).toBeGreaterThanOrEqual(2400);
    for (const release of held) release();
    await page.context().close();
  });

  it('draws the ruble sign from its own small font, without Inter\'s latin-ext file', async () => {
    const page = await openPage(390, 844);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${appUrl}/AllEvents`, { waitUntil: 'networkidle' });
    expect(await page.locator('main').innerText()).toContain('₽');
    const rubleFace = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.unicodeRange === 'U+20BD').map((face) => face.status);
    });
    expect(rubleFace).toContain('loaded');
    expect(fonts.some((path) => path.includes('latin-ext'))).toBe(false);
    expect(fonts.some((path) => path.includes('inter-latin-wght'))).toBe(true);
  });

  it('hydrates a rendering stored long ago without reading its data again, with the whole stylesheet applied', async () => {
    const page = await openPage(390, 844);
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/events/load_more/')) listRequests.push(request.url());
    });
    // as if the catalogue cache had kept this rendering for ten minutes (its data is current while its version is)
    await page.route(`${appUrl}/AllEvents`, async (route) => {
      const response = await route.fetch();
      const old = Date.now() - 10 * 60_000;
      await route.fulfill({ response, body: (await response.text()).replace(/"dataUpdatedAt":\d+/g, `"dataUpdatedAt":${old}`) });
    });
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    await page.waitForLoadState('networkidle');
    expect(listRequests).toEqual([]);
    const sheet = await page.evaluate(() => {
      const href = document.querySelector<HTMLStyleElement>('style[data-stylesheet]')!.dataset.stylesheet!;
      const link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
      return { linked: link !== null, applied: link?.sheet != null && link.sheet.cssRules.length > 0 };
    });
    expect(sheet).toEqual({ linked: true, applied: true });
    await page.context().close();
  });

  it('hydrates the landing and the mentor list in place too, without asking again for what they brought', async () => {
    for (const path of ['/', '/AllMentors']) {
      const page = await openPage(390, 844);
      const errors = collectErrors(page);
      const reads: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/users/me')) reads.push(url.pathname + url.search);
      });
      await page.context().addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __heading: Element | null }).__heading = document.querySelector('h1');
        });
      });
      await gotoLiveApp(page, `${appUrl}${path}`);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-server-rendered')), path).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __heading: Element | null }).__heading?.isConnected ?? false), path).toBe(true);
      expect(reads, path).toEqual([]);
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  it('hydrates in place when its zone differs from the page\'s, then writes the dates in the browser\'s', async () => {
    const page = await openPage(390, 844);
    const errors = collectErrors(page);
    await page.context().addCookies([{ name: 'forma_tz', value: 'Pacific/Kiritimati', url: appUrl }]);
    await page.context().addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __date: Element | null }).__date = document.querySelector('[data-testid="event-card-date"]');
      });
    });
    await gotoLiveApp(page, `${appUrl}/AllEvents`);
    const events = await firstPageOfEvents(page);
    await expect.poll(() => cardDates(page).allTextContents()).toEqual(dayMonths(events, 'Europe/Moscow'));
    // the same element, its text moved to the browser's zone (decision 014, «Hydration keeps the server's nodes»)
    expect(await page.evaluate(() => (window as unknown as { __date: Element | null }).__date === document.querySelector('[data-testid="event-card-date"]'))).toBe(true);
    expect(errors).toEqual([]);
    // and the browser tells the server its zone for the next page, once it is idle (requestIdleCallback's 3 s at most,
    // with room for a busy machine)
    await expect
      .poll(async () => (await page.context().cookies(appUrl)).find((c) => c.name === 'forma_tz')?.value, { timeout: 10_000 })
      .toBe(encodeURIComponent('Europe/Moscow'));
    await page.context().close();
  });

  it('keeps a rendering for the next visitor in the same zone until the catalogue moves on', async () => {
    const visit = async (zone: string) => {
      const response = await fetch(`${appUrl}/AllMentors`, { headers: { cookie: `forma_tz=${encodeURIComponent(zone)}` } });
      return { cache: response.headers.get('x-cache'), html: await response.text(), control: response.headers.get('cache-control') };
    };
    await db.query("select nextval('catalogue_version')");
    const first = await visit('Asia/Tokyo');
    expect(first.cache).toBe('miss');
    expect(first.html).toContain('data-server-rendered');
    const second = await visit('Asia/Tokyo');
    expect(second).toEqual({ ...first, cache: 'hit' });
    // still the page's own headers: the browser asks again every time
    expect(second.control).toBe('no-cache');
    // another zone is another rendering; a change anywhere in the catalogue (the version moves) renders afresh
    expect((await visit('Asia/Yekaterinburg')).cache).toBe('miss');
    await db.query("select nextval('catalogue_version')");
    expect((await visit('Asia/Tokyo')).cache).toBe('miss');
  });

  it('never renders a page for someone signed in', async () => {
    const page = await openPage(1280);
    await signInWithSession(page, db, 'mentee@forma.test');
    const signedIn = await page.request.get(`${appUrl}/AllEvents`);
    expect(await signedIn.text()).not.toContain('data-server-rendered');
    // someone whose access cookie lapsed still has the marker the sign-in set; a visitor has neither
    const lapsed = await fetch(`${appUrl}/AllEvents`, { headers: { cookie: 'forma_signed_in=1' } });
    expect(await lapsed.text()).not.toContain('data-server-rendered');
    const visitor = await fetch(`${appUrl}/AllEvents`);
    expect(await visitor.text()).toContain('data-server-rendered');
    await page.context().close();
  });
});
