// Telegram Login Widget (decision 025), redirect mode: the widget sends the browser to our auth URL (with our state in
// its query) adding id, first_name, last_name, username, photo_url, auth_date and hash. hash is the hex HMAC-SHA-256 of
// the data-check string (Telegram's received fields but hash, sorted, `key=value` joined by \n) under SHA-256(bot
// token), compared in constant time; auth_date must be within 10 minutes. Telegram gives no e-mail.
import { baseUrl, profile, SocialError, type SocialProvider } from './provider.ts';
import { sameText } from './pkce.ts';
import { TELEGRAM_MAX_AGE_SECONDS, telegramHash } from './telegram-hash.ts';

export const telegram: SocialProvider = {
  id: 'telegram',
  title: 'Telegram',
  configured: (env) => Boolean(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_BOT_NAME),
  authorizeUrl(ctx, { state, redirectUri }) {
    // what the widget opens: the bot's id is the part of its token before the colon
    const url = new URL(`${baseUrl(ctx, ctx.env.TELEGRAM_AUTH_URL, 'https://oauth.telegram.org')}/auth`);
    url.search = new URLSearchParams({
      bot_id: ctx.env.TELEGRAM_BOT_TOKEN!.split(':')[0],
      origin: ctx.origin,
      request_access: 'write',
      return_to: `${redirectUri}?state=${encodeURIComponent(state)}`,
    }).toString();
    return url.href;
  },
  async identify(ctx, { query }) {
    if (!query.hash || !query.id || !query.auth_date) throw new SocialError('denied', 'Telegram не передал данные входа');
    const expected = await telegramHash(ctx.env.TELEGRAM_BOT_TOKEN!, query);
    if (!sameText(query.hash.toLowerCase(), expected)) throw new SocialError('hash_invalid', 'Подпись данных Telegram не сошлась');
    const age = Math.floor(Date.now() / 1000) - Number(query.auth_date);
    if (!Number.isFinite(age) || age > TELEGRAM_MAX_AGE_SECONDS || age < -60) throw new SocialError('login_expired', 'Данные Telegram устарели, войдите ещё раз');
    const person = profile({ firstName: query.first_name, lastName: query.last_name, avatarUrl: query.photo_url });
    const displayName = query.username ? `@${query.username}` : `${person.firstName} ${person.lastName}`.trim();
    return { subject: query.id, displayName, profile: person };
  },
};
