// Registers the bot's webhook with Telegram (decision 026): the only way updates reach Форма.
//   TELEGRAM_BOT_TOKEN=… TELEGRAM_WEBHOOK_SECRET=… APP_ORIGIN=https://<host> node scripts/telegram-webhook.mjs
// The same secret must be the Worker's TELEGRAM_WEBHOOK_SECRET (`wrangler secret put … --env production`).
const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: secret, APP_ORIGIN: origin, TELEGRAM_API_URL: api = 'https://api.telegram.org' } = process.env;
if (!token || !secret || !origin) {
  console.error('Set TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET and APP_ORIGIN');
  process.exit(1);
}
const res = await fetch(`${api}/bot${token}/setWebhook`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ url: `${origin}/api/telegram/webhook/`, secret_token: secret, allowed_updates: ['message', 'callback_query', 'my_chat_member'] }),
});
const body = await res.json();
console.log(JSON.stringify(body));
process.exit(body.ok ? 0 : 1);
