// Debian's chromium driven by playwright-core (never a downloaded browser), and what the browser tests share.
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // meetings: a synthetic camera and microphone, granted without a prompt, and peers on the same machine
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Content-Security-Policy violations of the app's pages in this test process (public/_headers sets the policy):
 * useBrowserAndDb fails a file that caused any, so the app is known to run under its policy.
 */
export const cspViolations: string[] = [];

export async function openPage(browser: Browser, width: number, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  await context.exposeFunction('__reportCspViolation', (report: string) => void cspViolations.push(report));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (r: string) => void }).__reportCspViolation(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  return context.newPage();
}

/**
 * Opens `url` and waits until the app is live (web/app/app-root.tsx marks it): a visitor's first page arrives rendered
 * on the server, and until it is hydrated its buttons are only HTML.
 */
export async function gotoLiveApp(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
}

/**
 * A test file's browser and test-database client: opened in its beforeAll, closed in its afterAll.
 * Call at the top of the file; `openPage` works inside its tests.
 */
export function useBrowserAndDb() {
  const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let browser: Browser | undefined;
  beforeAll(async () => {
    [browser] = await Promise.all([launchBrowser(), db.connect()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), db.end()]);
    // the app runs under its Content-Security-Policy: anything it blocked is a defect of the app or of the policy
    expect(cspViolations).toEqual([]);
  });
  return {
    db,
    /** the file's chromium (for what is not a page of the app, like the SFU relay) */
    browser() {
      if (!browser) throw new Error('the browser opens in beforeAll');
      return browser;
    },
    openPage(width: number, height?: number) {
      if (!browser) throw new Error('the browser opens in beforeAll');
      return openPage(browser, width, height);
    },
  };
}

/** The sign-in code last mailed to `email` (the dev mailbox) no earlier than `after` (epoch ms). */
export async function codeFromMailbox(page: Page, email: string, after: number) {
  const appUrl = inject('appUrl');
  for (let i = 0; i < 100; i++) {
    const res = await page.request.get(`${appUrl}/api/dev/mailbox/?email=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as Array<{ text: string; created_at?: string }>;
    const fresh = messages.filter((m) => !m.created_at || Date.parse(m.created_at) >= after - 1000);
    const code = /\b\d{4}\b/.exec(fresh[0]?.text ?? '')?.[0];
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no code for ${email}`);
}

/**
 * Signs in on the /login page already open, with the code from the dev mailbox and «Запомнить меня» as given (ticked
 * by default); the 4th digit signs in by itself.
 */
export async function signInHere(page: Page, email: string, remember = true) {
  await page.getByLabel('Email').fill(email);
  const box = page.getByRole('checkbox', { name: 'Запомнить меня' });
  if ((await box.isChecked()) !== remember) await box.click();
  const asked = Date.now();
  await page.getByRole('button', { name: 'Получить код' }).click();
  const first = page.getByLabel('Цифра 1 из 4');
  await first.waitFor();
  const code = await codeFromMailbox(page, email, asked);
  await first.click();
  await page.keyboard.type(code);
}

/** Signs in on /login, landing on /AllMentors. */
export async function signIn(page: Page, email: string) {
  await page.goto(`${inject('appUrl')}/login`);
  await signInHere(page, email);
  await page.waitForURL(/\/AllMentors$/);
}

/**
 * Signs a page in as `email` without the code flow: a 15-minute access cookie signed with the local key of
 * wrangler.toml, as the screenshot script does. For tests about something else than signing in: the code flow
 * allows 5 codes per address in 15 minutes, and the demo accounts appear in many tests.
 */
export async function signInWithSession(page: Page, db: pg.Client, email: string) {
  const { rows } = await db.query<{ id: number; role: string }>('select id, role from users where lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no account ${email}`);
  const secret = /JWT_SECRET\s*=\s*"([^"]+)"/.exec(readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8'))![1]!;
  const token = await new SignJWT({ role: rows[0].role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(rows[0].id))
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(secret));
  await page.context().addCookies([{ name: 'forma_access', value: token, url: inject('appUrl'), httpOnly: true, sameSite: 'Lax' }]);
}
