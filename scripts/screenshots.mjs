// Screenshots of pages of a running app (npm start) in Debian's chromium, at 1280 and 390 px wide.
//   node scripts/screenshots.mjs [--as mentor@forma.test] [--out .data/shots] /AllMentors /CalendarPage …
// --as signs in as that account by minting an access cookie with the local signing key (dev only).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { SignJWT } from 'jose';
import { root } from './local-env.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    as: { type: 'string' },
    out: { type: 'string', default: path.join(root, '.data', 'shots') },
    base: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 8787}` },
    widths: { type: 'string', default: '1280,390' },
    full: { type: 'boolean', default: false },
  },
});

async function accessCookie(email) {
  const secret = /JWT_SECRET\s*=\s*"([^"]+)"/.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))[1];
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54329/app' });
  await db.connect();
  const { rows } = await db.query('select id, role from users where lower(email) = lower($1)', [email]);
  await db.end();
  if (!rows.length) throw new Error(`no account ${email}`);
  return new SignJWT({ role: rows[0].role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(rows[0].id))
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(secret));
}

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const token = values.as ? await accessCookie(values.as) : null;
try {
  for (const width of values.widths.split(',').map(Number)) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    if (token) await context.addCookies([{ name: 'forma_access', value: token, url: values.base, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    for (const route of positionals) {
      await page.goto(`${values.base}${route}`, { waitUntil: 'networkidle' });
      const file = path.join(values.out, `${route.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'root'}${values.as ? '-' + values.as.split('@')[0] : ''}-${width}.png`);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
