// The local sandbox payment provider's card side (ENVIRONMENT development/test only; 404 in production,
// where the real provider's widget takes its place).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { devOnly } from '../middleware/dev-only.ts';
import { sandboxCardBody } from './payments.schemas.ts';
import { cardTypeOf, signSandboxCardToken } from './sandbox-card.ts';
import { widgetCsp, widgetHtml } from './sandbox-widget.ts';

/** Under /api: the widget sends the card here and gets a token back; the number is dropped at once. */
export const sandboxApiRoutes = new Hono<AppEnv>().post('/sandbox/payout-cards/tokenize', devOnly, validate('json', sandboxCardBody), async (c) => {
  const { number } = c.req.valid('json');
  const card = { last4: number.slice(-4), type: cardTypeOf(number) };
  const payoutToken = await signSandboxCardToken(c.env.JWT_SECRET, card);
  return c.json({ payout_token: payoutToken, card_last4: card.last4, card_type: card.type });
});

/** Under /sandbox: the widget page the settings screen frames. */
export const sandboxPageRoutes = new Hono<AppEnv>().get('/payout-card-widget', devOnly, (c) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  return c.html(widgetHtml(nonce), 200, {
    'content-security-policy': widgetCsp(nonce),
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // a nonce is only secret while no cache replays it
    'cache-control': 'no-store',
  });
});
