import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { devOnly } from '../middleware/dev-only.ts';
import { requireUser } from '../middleware/session.ts';
import { findVisiblePayment } from './deals.queries.ts';
import { createDeal } from './deals.ts';
import { toPaymentView, toPayoutCard } from './payments.mapper.ts';
import { deletePayoutCard, insertPayoutCard, listPayoutCards } from './payments.queries.ts';
import { dealBody, payoutTokenBody } from './payments.schemas.ts';
import { assertGenuinePayoutToken } from './payout-tokens.ts';
import { configuredYookassa, providerContext } from './provider-choice.ts';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox/sandbox-signature.ts';
import { handleSandboxNotification } from './sandbox/sandbox-webhook.ts';
import { handleYookassaNotification } from './yookassa/yookassa-webhook.ts';

// a payment's id is a uuid; any other path segment names no payment
const PAYMENT_ID = ':id{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}';

export const paymentsRoutes = new Hono<AppEnv>()
  .get('/payments/tokens', requireUser, async (c) => {
    const rows = await listPayoutCards(c.var.db, c.var.user.id);
    return c.json(rows.map(toPayoutCard));
  })
  .post('/payments/tokens', requireUser, validate('json', payoutTokenBody), async (c) => {
    const body = c.req.valid('json');
    await assertGenuinePayoutToken(c.env, body);
    const row = await insertPayoutCard(c.var.db, {
      userId: c.var.user.id,
      payoutToken: body.payout_token,
      cardLast4: body.card_last4,
      cardType: body.card_type,
    });
    if (!row) throw errors.conflict('card_exists', 'Эта карта уже сохранена');
    return c.json(toPayoutCard(row), 201);
  })
  .delete('/payments/tokens/:id', requireUser, async (c) => {
    found(await deletePayoutCard(c.var.db, c.var.user.id, parseId(c.req.param('id'))));
    return c.body(null, 204);
  })
  .post('/payments/deals', requireUser, validate('json', dealBody), async (c) => {
    return c.json(await createDeal(providerContext(c), c.var.user.id, c.req.valid('json')));
  })
  .get(`/payments/${PAYMENT_ID}`, requireUser, async (c) => {
    const row = found(await findVisiblePayment(c.var.db, c.req.param('id').toLowerCase(), c.var.user.id), 'Платёж не найден');
    return c.json(toPaymentView(row));
  })
  // Called by the providers, server to server (no Origin, no cookies); each proves itself (webhooks in decision 006).
  .post('/payments/webhooks/sandbox', devOnly, async (c) => {
    const raw = await c.req.text();
    return c.json(await handleSandboxNotification(providerContext(c), raw, c.req.header(SANDBOX_SIGNATURE_HEADER)));
  })
  .post('/payments/webhooks/yookassa', async (c) => {
    const yookassa = configuredYookassa(c.env);
    if (!yookassa) throw errors.notFound();
    const body = await c.req.json().catch(() => null);
    return c.json(await handleYookassaNotification(providerContext(c), yookassa, body));
  });
