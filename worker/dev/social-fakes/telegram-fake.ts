// Telegram's Login Widget, redirect mode: the page the widget opens (bot_id, origin, return_to), and the redirect to
// return_to with id, first_name, last_name, username, auth_date and hash, the hash made with the dev bot token as
// Telegram makes it. Like Telegram (its /setdomain check), return_to must be on the page's origin.
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { telegramHash } from '../../auth/social/telegram-hash.ts';
import { chosenPerson } from './fake-people.ts';
import { fakeConsentPage, fakeRefusal, formFields } from './fake-page.ts';

function checkRequest(botToken: string | undefined, q: Record<string, string>) {
  if (!botToken || q.bot_id !== botToken.split(':')[0]) return 'Неизвестный бот (bot_id)';
  let returnTo: URL;
  try {
    returnTo = new URL(q.return_to);
  } catch {
    return 'Нет return_to';
  }
  if (returnTo.origin !== q.origin) return 'Домен не привязан к боту (return_to не на origin)';
  return null;
}

export const telegramFake = new Hono<AppEnv>({ strict: false })
  .get('/auth', (c) => {
    const q = c.req.query();
    const problem = checkRequest(c.env.TELEGRAM_BOT_TOKEN, q);
    return problem ? fakeRefusal(c, problem) : fakeConsentPage(c, 'telegram', q);
  })
  .post('/auth', async (c) => {
    const f = await formFields(c);
    const problem = checkRequest(c.env.TELEGRAM_BOT_TOKEN, f);
    if (problem) return fakeRefusal(c, problem);
    const person = await chosenPerson('telegram', f);
    if (!person) return fakeRefusal(c, 'Укажите имя');
    const data: Record<string, string> = { id: person.subject, first_name: person.firstName, username: person.username, auth_date: String(Math.floor(Date.now() / 1000)) };
    if (person.lastName) data.last_name = person.lastName;
    data.hash = await telegramHash(c.env.TELEGRAM_BOT_TOKEN!, data);
    const back = new URL(f.return_to);
    for (const [k, v] of Object.entries(data)) back.searchParams.set(k, v);
    return c.redirect(back.href, 302);
  });
