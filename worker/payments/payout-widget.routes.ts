// /widgets/payout-card: the card form the settings screen frames (decision 013, «Mentors paid in production»).
// Locally the sandbox's own widget; in production our page around YooKassa's payout widget, or 503 while the
// payouts gateway is not configured. Both post the same message to the screen.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import { payoutsConfigured } from './payout-tokens.ts';
import { widgetHtml } from './sandbox-widget.ts';
import { newNonce, sandboxDocument, sandboxPageHeaders } from './sandbox/page-security.ts';
import { payoutWidgetHeaders, payoutWidgetHtml } from './yookassa/payout-widget-page.ts';

export const payoutWidgetRoutes = new Hono<AppEnv>().get('/payout-card', (c) => {
  const nonce = newNonce();
  if (isDevEnvironment(c.env)) return c.html(widgetHtml(nonce), 200, sandboxPageHeaders(nonce, "'self'"));
  if (!payoutsConfigured(c.env)) {
    const page = sandboxDocument(nonce, { title: 'Карта для выплат', style: 'body{font:15px system-ui,sans-serif;padding:16px;color:#6b7280}', body: '<p>Сохранение карты временно недоступно.</p>' });
    return c.html(page, 503, sandboxPageHeaders(nonce, "'self'"));
  }
  return c.html(payoutWidgetHtml(nonce, c.env.YOOKASSA_PAYOUT_AGENT_ID!), 200, payoutWidgetHeaders(nonce));
});
