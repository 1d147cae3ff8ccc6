import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { latestMessages } from '../mail/dev-mailbox.ts';
import { devOnly } from '../middleware/dev-only.ts';



const query = z.object({ email: z.string().trim().min(1, 'Укажите адрес или телефон').max(254) });

/** GET /api/dev/mailbox/?email= → the latest messages to that address (or phone), newest first. */
export const devMailboxApiRoutes = new Hono<AppEnv>().get('/dev/mailbox', devOnly, validate('query', query), async (c) =>
  c.json(await latestMessages(c.var.db, c.req.valid('query').email)),
);

/** GET /dev/mailbox: a small page to read those messages while trying the product locally. */
export const devMailboxPageRoutes = new Hono<AppEnv>().get('/mailbox', devOnly, (c) => {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  c.header('content-security-policy', `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-ancestors 'none'`);
  c.header('x-content-type-options', 'nosniff');
  return c.html(html`<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Тестовый почтовый ящик — Форма</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f7f7fb; color: #18181b; }
  main { max-width: 720px; margin: 0 auto; padding: 32px 16px; }
  h1 { font-size: 24px; margin: 0 0 4px; } p.note { color: #6b7280; margin: 0 0 20px; }
  form { display: flex; gap: 8px; margin-bottom: 20px; }
  input { flex: 1; padding: 10px 12px; border: 1px solid #d4d4d8; border-radius: 10px; font: inherit; }
  button { padding: 10px 16px; border: 0; border-radius: 10px; background: #4f3bd1; color: #fff; font: inherit; cursor: pointer; }
  article { background: #fff; border: 1px solid #e4e4e7; border-radius: 14px; padding: 16px; margin-bottom: 12px; }
  article h2 { font-size: 16px; margin: 0 0 4px; } article .meta { color: #6b7280; font-size: 13px; margin-bottom: 8px; }
  article pre { white-space: pre-wrap; font: inherit; margin: 0; } .empty { color: #6b7280; }
</style>
</head>
<body><main>
<h1>Тестовый почтовый ящик</h1>
<p class="note">Локально письма и SMS не уходят наружу: здесь всё, что Форма отправила на адрес или телефон.</p>
<form id="f"><input id="to" name="email" placeholder="mentor@forma.test или +79991234567" autocomplete="email" required><button>Показать</button></form>
<section id="list" aria-live="polite"></section>
</main>
<script nonce="${nonce}">
  const form = document.getElementById('f'), input = document.getElementById('to'), list = document.getElementById('list');
  const params = new URLSearchParams(location.search);
  input.value = params.get('email') || '';
  function render(messages) {
    list.replaceChildren();
    if (!messages.length) { const p = document.createElement('p'); p.className = 'empty'; p.textContent = 'Сообщений нет.'; list.append(p); return; }
    for (const m of messages) {
      const a = document.createElement('article'), h = document.createElement('h2'), meta = document.createElement('div'), pre = document.createElement('pre');
      h.textContent = m.subject; meta.className = 'meta';
      meta.textContent = m.to + ' · ' + new Date(m.created_at).toLocaleString('ru-RU') + (m.channel === 'sms' ? ' · SMS' : '');
      pre.textContent = m.text; a.append(h, meta, pre); list.append(a);
    }
  }
  async function load() {
    if (!input.value.trim()) return;
    const res = await fetch('/api/dev/mailbox/?email=' + encodeURIComponent(input.value.trim()));
    render(res.ok ? await res.json() : []);
  }
  form.addEventListener('submit', (e) => { e.preventDefault(); history.replaceState(null, '', '?email=' + encodeURIComponent(input.value.trim())); load(); });
  load(); setInterval(load, 3000);
</script>
</body></html>`);
});
