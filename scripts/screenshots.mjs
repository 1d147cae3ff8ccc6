// Screenshots of pages of a running app (npm start) in Debian's chromium, at 1280 and 390 px wide.
//   node scripts/screenshots.mjs [--as mentor@forma.test] [--out .data/shots] /AllMentors /CalendarPage …
// --as signs in as that account by minting an access cookie with the local signing key (dev only).
// --do runs steps on every page before (or between) the shots, separated by ';':
//   click:<name>        the first button, link, radio, tab or menu item of that accessible name (else that text)
//   within:<text>><name> the button or link of that name in the smallest card or list item showing that text
//   first:<role>        the first enabled element of that role (e.g. first:radio)
//   fill:<label>=<text> types into the field of that label
//   wait:<text>         waits until that text shows      sleep:<ms>   waits that long
//   shot:<name>         a screenshot now, named after the page and <name>; without any, one at the end
//   e.g. --do 'click:Записаться;wait:Шаг 1/2;shot:step1;first:radio;click:Далее;sleep:1200;shot:step2'
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
    do: { type: 'string', default: '' },
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

const steps = values.do
  .split(';')
  .map((part) => part.trim())
  .filter(Boolean)
  .map((part) => {
    const at = part.indexOf(':');
    return at < 0 ? { kind: part, arg: '' } : { kind: part.slice(0, at), arg: part.slice(at + 1) };
  });

const CLICKABLE = ['button', 'link', 'radio', 'tab', 'menuitem', 'option'];

async function runStep(page, { kind, arg }) {
  switch (kind) {
    case 'click': {
      for (const role of CLICKABLE) {
        const target = page.getByRole(role, { name: arg, exact: true }).first();
        if (await target.count()) return target.click();
      }
      return page.getByText(arg, { exact: true }).first().click();
    }
    case 'within': {
      // within:<text>><name>: the button or link of that name inside the smallest card or list item showing that text
      const [text, name] = arg.split('>');
      const box = page.locator('li, article, section').filter({ has: page.getByText(text, { exact: true }) }).last();
      return box.getByRole('button', { name, exact: true }).or(box.getByRole('link', { name, exact: true })).first().click();
    }
    case 'first':
      return page.locator(`[role="${arg}"]:not([disabled]), ${arg === 'radio' ? 'input[type=radio]' : arg}:not([disabled])`).first().click();
    case 'fill': {
      const [label, ...rest] = arg.split('=');
      // the field of exactly that label first: a longer label containing it («Сообщение от …») is not the field
      const exact = page.getByLabel(label, { exact: true });
      return ((await exact.count()) ? exact : page.getByLabel(label)).first().fill(rest.join('='));
    }
    case 'wait':
      return page.getByText(arg).first().waitFor({ timeout: 15_000 });
    case 'sleep':
      return page.waitForTimeout(Number(arg) || 0);
    default:
      throw new Error(`unknown step '${kind}'`);
  }
}

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // a Russian browser, as our people's: native date fields read дд.мм.гггг
  args: ['--lang=ru-RU', '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    // meetings: a synthetic camera and microphone, granted without a prompt
    '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'],
});
const token = values.as ? await accessCookie(values.as) : null;
try {
  for (const width of values.widths.split(',').map(Number)) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    if (token) await context.addCookies([{ name: 'forma_access', value: token, url: values.base, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    for (const route of positionals) {
      await page.goto(`${values.base}${route}`, { waitUntil: 'networkidle' });
      const fileFor = (suffix) =>
        path.join(values.out, `${route.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'root'}${values.as ? '-' + values.as.split('@')[0] : ''}${suffix ? '-' + suffix : ''}-${width}.png`);
      let shots = 0;
      for (const step of steps) {
        if (step.kind === 'shot') {
          await page.screenshot({ path: fileFor(step.arg), fullPage: values.full });
          console.log(fileFor(step.arg));
          shots++;
        } else await runStep(page, step);
      }
      if (!shots) {
        await page.screenshot({ path: fileFor(''), fullPage: values.full });
        console.log(fileFor(''));
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
