import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toPayoutCard } from './payments.mapper.ts';
import { deletePayoutCard, insertPayoutCard, listPayoutCards } from './payments.queries.ts';
import { payoutTokenBody } from './payments.schemas.ts';
import { assertGenuinePayoutToken } from './payout-tokens.ts';

export const paymentsRoutes = new Hono<AppEnv>()
  .get('/payments/tokens', requireUser, async (c) => {
    const rows = await listPayoutCards(c.var.db, c.var.user!.id);
    return c.json(rows.map(toPayoutCard));
  })
  .post('/payments/tokens', requireUser, validate('json', payoutTokenBody), async (c) => {
    const body = c.req.valid('json');
    await assertGenuinePayoutToken(c.env, body);
    const row = await insertPayoutCard(c.var.db, {
      userId: c.var.user!.id,
      payoutToken: body.payout_token,
      cardLast4: body.card_last4,
      cardType: body.card_type,
    });
    if (!row) throw errors.conflict('card_exists', 'Эта карта уже сохранена');
    return c.json(toPayoutCard(row), 201);
  })
  .delete('/payments/tokens/:id', requireUser, async (c) => {
    found(await deletePayoutCard(c.var.db, c.var.user!.id, parseId(c.req.param('id'))));
    return c.body(null, 204);
  });
