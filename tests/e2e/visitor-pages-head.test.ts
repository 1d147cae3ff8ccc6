// A mentor's and an event's page rendered on the server for visitors, and every rendered page's title and preview
// tags (issue 35 item 21); the landing's sections on a phone (item 20). Decision 014, «Mentor and event pages».
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { browser, openPage } = useBrowserAndDb();
const SHOTS = process.env.FORMA_SHOTS;

type Head = { title: string; meta: Record<string, string> };

/** The page's title and its description, OpenGraph and Twitter tags. */
function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const meta: Record<string, string> = {};
    document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"], meta[name="description"]').forEach((m) => {
      meta[m.getAttribute('property') ?? m.getAttribute('name')!] = m.getAttribute('content')!;
    });
    return { title: document.title, meta };
  });
}

/** A context without JavaScript at `width`: what the server sent is all there is. */
async function withoutScripts<T>(width: number, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width, height: width < 768 ? 844 : 900 }, locale: 'ru-RU' });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

type Mentor = { id: number; mentor_name: string; mentor_surname: string; mentor_specialization: string | null; mentor_avatar_url: string | null };
type Event = { id: number; title: string; image_url: string | null };

async function firstMentor(page: Page): Promise<Mentor> {
  const list = (await (await page.request.get(`${appUrl}/api/users?offset=0&limit=1`)).json()) as { results: Array<{ id: number }> };
  return (await (await page.request.get(`${appUrl}/api/users/${list.results[0].id}/`)).json()) as Mentor;
}

async function firstEvent(page: Page): Promise<Event> {
  const list = (await (await page.request.get(`${appUrl}/api/events/load_more/?offset=0&limit=1&show_past=false`)).json()) as { results: Array<{ id: number }> };
  return (await (await page.request.get(`${appUrl}/api/events/GetEvent/?id=${list.results[0].id}`)).json()) as Event;
}

describe('a mentor\'s and an event\'s page for visitors', () => {
  it('arrive as HTML with the page and a title and preview of their own', async () => {
    await withoutScripts(390, async (page) => {
      const mentor = await firstMentor(page);
      const name = `${mentor.mentor_name} ${mentor.mentor_surname}`;
      const html = await (await page.request.get(`${appUrl}/mentor_info/${mentor.id}`)).text();
      console.log(`HTML bytes /mentor_info/${mentor.id}: ${Buffer.byteLength(html)}, gzip ${gzipSync(html).length}`);
      await page.goto(`${appUrl}/mentor_info/${mentor.id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('heading', { name: 'Консультации' }).waitFor();
      const head = await readHead(page);
      expect(head.title).toBe(`${name}${mentor.mentor_specialization ? ` — ${mentor.mentor_specialization}` : ''} | Форма`);
      expect(head.meta).toMatchObject({
        'og:title': head.title,
        'og:type': 'profile',
        'og:url': `${appUrl}/mentor_info/${mentor.id}`,
        'og:image': new URL(mentor.mentor_avatar_url ?? '/og-image.png', appUrl).href,
        'twitter:card': 'summary_large_image',
        'twitter:title': head.title,
      });
      expect(head.meta.description.length).toBeGreaterThan(20);
      expect(head.meta['og:description']).toBe(head.meta.description);
      await shot(page, 'mentor-nojs-390');

      const event = await firstEvent(page);
      const eventHtml = await (await page.request.get(`${appUrl}/event_info/${event.id}`)).text();
      console.log(`HTML bytes /event_info/${event.id}: ${Buffer.byteLength(eventHtml)}, gzip ${gzipSync(eventHtml).length}`);
      await page.goto(`${appUrl}/event_info/${event.id}`);
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      const eventHead = await readHead(page);
      expect(eventHead.title).toBe(`${event.title} | Форма`);
      expect(eventHead.meta).toMatchObject({ 'og:title': eventHead.title, 'og:type': 'article', 'og:image': new URL(event.image_url ?? '/og-image.png', appUrl).href });
      expect(eventHead.meta.description).not.toMatch(/<|>/);
      await shot(page, 'event-nojs-390');
    });
  });

  it('give the lists and the landing a title and a preview with the site\'s picture', async () => {
    await withoutScripts(1280, async (page) => {
      for (const [path, title] of [['/', 'Форма — наставники и мероприятия'], ['/AllMentors', 'Наставники — Форма'], ['/AllEvents', 'Мероприятия — Форма']]) {
        await page.goto(`${appUrl}${path}`);
        const head = await readHead(page);
        expect(head.title).toBe(title);
        expect(head.meta).toMatchObject({ 'og:title': title, 'og:type': 'website', 'og:image': `${appUrl}/og-image.png`, 'twitter:card': 'summary_large_image' });
      }
      const image = await page.request.get(`${appUrl}/og-image.png`);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    });
  });

  it('hydrate in place without asking again for what they brought, and the editor\'s preview stays the app\'s', async () => {
    const page = await openPage(390, 844);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const mentor = await firstMentor(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new RegExp(`/api/users/${mentor.id}/?$|/reviews`).test(new URL(request.url()).pathname)) reads.push(request.url());
    });
    await gotoLiveApp(page, `${appUrl}/mentor_info/${mentor.id}`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-server-rendered'))).toBe(true);
    await page.getByRole('heading', { level: 1, name: `${mentor.mentor_name} ${mentor.mentor_surname}` }).waitFor();
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    await shot(page, 'mentor-js-390');

    const preview = await page.request.get(`${appUrl}/event_info/preview`);
    expect(preview.status()).toBe(200);
    expect(await preview.text()).not.toContain('data-server-rendered');
    const missing = await page.request.get(`${appUrl}/mentor_info/999999999`);
    expect(missing.status()).toBe(200);
    expect(await missing.text()).not.toContain('data-server-rendered');
    await page.context().close();
    // the app's whole JavaScript on a shared 2-core machine: 10 s when quiet, more under load
  }, 90_000);
});

describe('the landing on a phone', () => {
  it('shows a visitor the way to the mentors and the events, also before its JavaScript runs', async () => {
    await withoutScripts(390, async (page) => {
      await page.goto(`${appUrl}/`);
      // the header's sections that fit the phone's width (the desktop row stays hidden)
      const sections = page.locator('nav[aria-label="Разделы"]:visible');
      await expect.poll(() => sections.count()).toBe(1);
      for (const name of ['Менторы', 'Мероприятия']) {
        const link = sections.getByRole('link', { name, exact: true });
        expect(await link.isVisible()).toBe(true);
        const box = (await link.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'landing-nojs-390');
      await sections.getByRole('link', { name: 'Менторы', exact: true }).click();
      await page.waitForURL(/\/AllMentors$/);
    });
  });
});
