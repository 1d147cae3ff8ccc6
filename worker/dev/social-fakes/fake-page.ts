// The fakes' consent page: whom to sign in as, in Russian, plain server-rendered HTML. Each choice is a form posting
// the provider's own query parameters back to the fake, which answers with the redirect the provider would make.
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../env.ts';
import { demoPeople } from './fake-people.ts';
import type { SocialProviderId } from '../../auth/social.schemas.ts';

const NAMES: Record<SocialProviderId, string> = { vk: 'VK ID', google: 'Google', yandex: 'Яндекс ID', telegram: 'Telegram' };

export function fakeConsentPage(c: Context<AppEnv>, provider: SocialProviderId, params: Record<string, string>) {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  c.header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
  const hidden = Object.entries(params).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  const people = demoPeople(provider);
  return c.html(html`<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Вход через ${NAMES[provider]} (тестовый) — Форма</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f8; color: #18181b; }
  main { max-width: 440px; margin: 0 auto; padding: 32px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; } p.note { color: #6b7280; margin: 0 0 20px; }
  form { background: #fff; border: 1px solid #e4e4e7; border-radius: 14px; padding: 14px 16px; margin-bottom: 12px; }
  button { width: 100%; padding: 10px 14px; border: 0; border-radius: 10px; background: #4f3bd1; color: #fff; font: inherit; cursor: pointer; text-align: left; }
  button small { display: block; opacity: .8; }
  label { display: block; margin: 0 0 8px; font-size: 14px; } input:not([type=hidden]) { width: 100%; box-sizing: border-box; padding: 9px 11px; border: 1px solid #d4d4d8; border-radius: 10px; font: inherit; margin-top: 4px; }
  h2 { font-size: 16px; margin: 0 0 10px; }
</style>
</head>
<body><main>
<h1>Вход через ${NAMES[provider]}</h1>
<p class="note">Это тестовая страница: локально Форма не ходит к ${NAMES[provider]}, а этот заменитель говорит на его протоколе. Выберите, кем войти.</p>
${people.map(
  (p) => html`<form method="post">${hidden}<input type="hidden" name="person" value="${p.key}"><button type="submit">${p.firstName} ${p.lastName}<small>${provider === 'telegram' ? `@${p.username}` : p.email}</small></button></form>`,
)}
<form method="post">${hidden}<h2>Другой человек</h2>
<label>Имя<input name="first_name" required maxlength="50" autocomplete="given-name"></label>
<label>Фамилия<input name="last_name" maxlength="50" autocomplete="family-name"></label>
${provider === 'telegram' ? '' : html`<label>Почта<input name="email" type="email" maxlength="254" autocomplete="email"></label>`}
<button type="submit">Войти как этот человек</button>
</form>
</main></body></html>`);
}

/** The provider's own error page for a request it would refuse (unknown client, bad redirect, no PKCE). */
export function fakeRefusal(c: Context<AppEnv>, text: string) {
  return c.html(html`<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ошибка входа</title><p>${text}</p></html>`, 400);
}

/** A form body or query as a plain record of strings. */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
