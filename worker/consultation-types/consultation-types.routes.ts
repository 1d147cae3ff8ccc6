// Consultation types (spec 002 sections 3, 5.3 and 7; spec 000 section 7; decision 006): public reads for
// the mentor page, writes for the mentor's session editor.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { pgError } from '../lib/db-errors.ts';
import { errors } from '../lib/errors.ts';
import { activePackageFor } from '../packages/packages.queries.ts';
import { assertOwnUserId, found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import { toBookingRuleValues, toConsultationType, toConsultationTypeValues } from './consultation-types.mapper.ts';
import {
  deleteConsultationType,
  findConsultationType,
  insertConsultationType,
  listConsultationTypes,
  loyaltyPriceFor,
  updateConsultationType,
} from './consultation-types.queries.ts';
import {
  consultationTypeCreateBody,
  consultationTypeDeleteQuery,
  consultationTypeDetailQuery,
  consultationTypeListQuery,
  consultationTypePatchBody,
  FREE_TYPE_PACKAGES,
} from './consultation-types.schemas.ts';

const NOT_FOUND = 'Вид консультации не найден';

/** A patch that makes a type with packages free (or gives a free type packages) meets the CHECK consultation_types_packages. */
async function refusingFreePackages<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23514' && err.constraint === 'consultation_types_packages') throw errors.validation({ packages: FREE_TYPE_PACKAGES });
    throw e;
  }
}

export const consultationTypesRoutes = new Hono<AppEnv>()
  .get('/consultation-types/all', validate('query', consultationTypeListQuery), async (c) => {
    const rows = await listConsultationTypes(c.var.db, c.req.valid('query').user_id);
    return c.json(rows.map(toConsultationType));
  })
  .post('/consultation-types/create', requireRole('mentor'), validate('json', consultationTypeCreateBody), async (c) => {
    const mentorId = c.var.user.id;
    const { user_id, ...input } = c.req.valid('json');
    assertOwnUserId(user_id, mentorId);
    const row = await insertConsultationType(c.var.db, mentorId, {
      name: input.name,
      description: input.description ?? '',
      durationMinutes: input.duration_minutes,
      costs: input.costs,
      loyaltySteps: input.loyalty_steps ?? [],
      packages: input.packages ?? [],
      isRecorded: input.is_recorded ?? true,
      ...(input.booking_rules && toBookingRuleValues(input.booking_rules)),
    });
    return c.json(toConsultationType(row), 201);
  })
  // user_id, when given, names the mentor: another mentor's type is not found through it
  .get('/consultation-types/:id/detail', validate('query', consultationTypeDetailQuery), async (c) => {
    const row = await findConsultationType(c.var.db, parseId(c.req.param('id')), c.req.valid('query').user_id);
    return c.json(toConsultationType(found(row, NOT_FOUND)));
  })
  // the caller's price of the type now, with the loyalty step that applies (decision 006, «Loyalty steps»)
  .get('/consultation-types/:id/price', requireUser, async (c) => {
    const typeId = parseId(c.req.param('id'));
    const [row, pack] = await Promise.all([
      loyaltyPriceFor(c.var.db, typeId, c.var.user.id).then((r) => found(r, NOT_FOUND)),
      activePackageFor(c.var.db, typeId, c.var.user.id),
    ]);
    return c.json({
      regular_price: Number(row.regular_price),
      discount_percent: Number(row.discount_percent),
      price: Number(row.price),
      consultation_number: Number(row.consultation_number),
      mentor_name: row.mentor_name,
      // the caller's package of this type with credits left, soonest to expire first (decision 006, «Packages»)
      package: pack,
    });
  })
  .patch('/consultation-types/:id/update', requireUser, validate('json', consultationTypePatchBody), async (c) => {
    const mentorId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const { user_id, ...patch } = c.req.valid('json');
    assertOwnUserId(user_id, mentorId);
    const row = await refusingFreePackages(updateConsultationType(c.var.db, mentorId, id, toConsultationTypeValues(patch)));
    return c.json(toConsultationType(found(row, NOT_FOUND)));
  })
  .delete('/consultation-types/:id/delete', requireUser, validate('query', consultationTypeDeleteQuery), async (c) => {
    const mentorId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    assertOwnUserId(c.req.valid('query').user_id, mentorId);
    if (!(await deleteConsultationType(c.var.db, mentorId, id))) throw errors.notFound(NOT_FOUND);
    return c.body(null, 204);
  });
