// Consultation packages (issue 36, decision 006 «Packages»): buy one (then pay it through POST /payments/deals/ with
// service_type 'package'), list the caller's, and get the unused credits back pro rata.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { packageRefundQuote, refundPackage, type RefundOutcome } from './package-refund.ts';
import { toPackage } from './packages.mapper.ts';
import { findPackageOf, insertPendingPackage, listPackagesOf, offerFor } from './packages.queries.ts';
import { buyPackageBody } from './packages.schemas.ts';

const NOT_FOUND = 'Пакет не найден';

const refundRefusals: Record<Exclude<RefundOutcome['kind'], 'refunded'>, () => ApiError> = {
  not_found: () => errors.notFound(NOT_FOUND),
  not_paid: () => errors.conflict('package_not_paid', 'Пакет ещё не оплачен'),
  nothing_left: () => errors.conflict('package_nothing_to_refund', 'В пакете не осталось неиспользованных консультаций'),
};

export const packagesRoutes = new Hono<AppEnv>()
  .post('/consultation-packages/buy', requireUser, validate('json', buyPackageBody), async (c) => {
    const { consultation_type_id: typeId, sessions } = c.req.valid('json');
    const callerId = c.var.user.id;
    const offer = found(await offerFor(c.var.db, typeId, sessions), 'Вид консультации не найден');
    if (Number(offer.mentor_id) === callerId) throw errors.conflict('own_package', 'Нельзя купить пакет собственных консультаций');
    const id = offer.offered ? await insertPendingPackage(c.var.db, callerId, typeId, sessions) : null;
    if (id === null) throw errors.conflict('package_not_offered', 'Такого пакета у этой консультации нет');
    return c.json(toPackage((await findPackageOf(c.var.db, id, callerId))!), 201);
  })
  .get('/consultation-packages/my', requireUser, async (c) => {
    const rows = await listPackagesOf(c.var.db, c.var.user.id);
    return c.json({ results: rows.map(toPackage) });
  })
  .get('/consultation-packages/:id/refund-quote', requireUser, async (c) => {
    const quote = found(await packageRefundQuote(c.var.db, parseId(c.req.param('id')), c.var.user.id), NOT_FOUND);
    return c.json({ credits: quote.credits, amount: quote.amount });
  })
  .post('/consultation-packages/:id/refund', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const callerId = c.var.user.id;
    const outcome = await refundPackage(providerContext(c), id, callerId);
    if (outcome.kind !== 'refunded') throw refundRefusals[outcome.kind]();
    return c.json(toPackage(found(await findPackageOf(c.var.db, id, callerId), NOT_FOUND)));
  });
