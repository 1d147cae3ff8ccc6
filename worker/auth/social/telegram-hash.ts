// Telegram's signature on Login Widget data (core.telegram.org/widgets/login, «Checking authorization»): the hex
// HMAC-SHA-256 of the data-check string, Telegram's received fields but hash sorted as `key=value` lines joined by \n,
// keyed by SHA-256 of the bot token. Our own parameters on the auth URL (state) are not Telegram's and not signed.
import { toHex } from '../../lib/tokens.ts';

export const TELEGRAM_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date'] as const;
export const TELEGRAM_MAX_AGE_SECONDS = 600;

/** The hash Telegram puts on login data: what the local fake signs with and what the adapter checks against. */
export async function telegramHash(botToken: string, data: Record<string, string>) {
  const checkString = Object.keys(data)
    .filter((k) => k !== 'hash' && (TELEGRAM_FIELDS as readonly string[]).includes(k))
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n');
  const secret = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(botToken));
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(checkString)));
}

