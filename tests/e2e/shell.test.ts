import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { signAccessToken, type SessionUser } from '../../worker/auth/access-token.ts';
import { useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
// the local signing key the served Worker uses (wrangler.toml [vars])
const jwtSecret = /JWT_SECRET\s*=\s*"([^"]+)"/.exec(readFileSync(path.resolve(import.meta.dirname, '../../wrangler.toml'), 'utf8'))![1];

const { db, openPage } = useBrowserAndDb();

async function createAccount(role: SessionUser['role']): Promise<SessionUser> {
  const email = `e2e.${role}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@test.forma`;
  const { rows } = await db.query(
    `insert into users (email, role, first_name, last_name) values ($1, $2, 'Мария', 'Иванова') returning id`,
    [email, role],
  );
  return { id: rows[0].id, role };
}

async function signedInPage(user: SessionUser, width: number) {
  const page = await openPage(width);
  const token = await signAccessToken(user, jwtSecret);
  await page.context().addCookies([{ name: 'forma_access', value: token, url: appUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

describe('the app shell in a real browser', () => {
  it('opens /AllMentors with the desktop layout', async () => {
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${appUrl}/AllMentors`);
    const sidebar = page.getByRole('navigation').first();
    for (const item of ['Поиск', 'Календарь', 'Чаты', 'Создать', 'Домой']) {
      await sidebar.getByRole('link', { name: item }).waitFor({ state: 'visible' });
    }
    await page.getByRole('link', { name: 'Мероприятия' }).first().waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Войти' }).first().waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the bottom navigation on a phone', async () => {
    const page = await openPage(390, 844);
    await page.goto(`${appUrl}/AllMentors`);
    const bottom = page.getByRole('navigation', { name: 'Основная навигация' }).last();
    await bottom.getByRole('link', { name: 'Чаты' }).waitFor({ state: 'visible' });
    const box = await bottom.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(800);
    await page.context().close();
  });

  it('sends a visitor from a login-only route to /login', async () => {
    const page = await openPage(1280);
    await page.goto(`${appUrl}/CalendarPage`);
    // with the page to come back to after signing in (decision 017)
    await page.waitForURL(/\/login\?redirect=%2FCalendarPage$/);
    await page.context().close();
  });

  it('sends a mentee from a mentor-only route to /forbidden, and lets a mentor in', async () => {
    const mentee = await signedInPage(await createAccount('mentee'), 1280);
    await mentee.goto(`${appUrl}/MyMentee`);
    await mentee.waitForURL(/\/forbidden$/);
    await mentee.getByRole('heading', { name: 'Запрещено' }).waitFor({ state: 'visible' });
    // «Создать» is the one mentor's page that offers a mentee the way to become one (issue 35)
    await mentee.goto(`${appUrl}/CreateEntityPage`);
    await mentee.waitForURL(/\/become-mentor$/);
    await mentee.context().close();

    const mentor = await signedInPage(await createAccount('mentor'), 1280);
    await mentor.goto(`${appUrl}/CreateEntityPage`);
    await mentor.waitForLoadState('networkidle');
    expect(new URL(mentor.url()).pathname).toBe('/CreateEntityPage');
    await mentor.context().close();
  });

  it('sends a signed-in user away from /login', async () => {
    const page = await signedInPage(await createAccount('mentee'), 1280);
    await page.goto(`${appUrl}/login`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const page = await openPage(1280);
    await page.goto(`${appUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor({ state: 'visible' });
    await page.context().close();
  });
});

describe('the static assets’ headers (public/_headers)', () => {
  it('forbid framing and sniffing on the SPA’s pages, set the policy the app runs under, and cache hashed files for good', async () => {
    for (const path of ['/', '/AllMentors', '/BaseMeet']) {
      const res = await fetch(`${appUrl}${path}`);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    // the SPA's shell names the app's entry (a visitor's rendered page lists it for its loader instead)
    const html = await (await fetch(`${appUrl}/BaseMeet`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${appUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
