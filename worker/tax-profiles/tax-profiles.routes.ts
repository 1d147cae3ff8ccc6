// A mentor's tax status for payouts (decision 020, issue 37): read and saved by the mentor himself, and the
// self-employed permission asked for from YooKassa. Only mentors are paid out, so only they have one.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { requireRole } from '../middleware/session.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { askForPermission, permissionCheckDue, refreshPermission } from './self-employed.ts';
import { selfEmployedPort } from './self-employed-port.ts';
import { toTaxProfileView } from './tax-profiles.mapper.ts';
import { findTaxProfile, saveTaxProfile } from './tax-profiles.queries.ts';
import { taxProfileBody } from './tax-profiles.schemas.ts';

export const taxProfilesRoutes = new Hono<AppEnv>()
  .get('/tax-profile', requireRole('mentor'), async (c) => {
    const { db, user } = c.var;
    let row = await findTaxProfile(db, user.id);
    // back from YooKassa's confirmation page, the mentor sees the answer without waiting for the scheduler
    if (row && permissionCheckDue(row)) row = await refreshPermission(db, () => selfEmployedPort(providerContext(c)), row);
    return c.json(toTaxProfileView(row));
  })
  .put('/tax-profile', requireRole('mentor'), validate('json', taxProfileBody), async (c) => {
    const row = await saveTaxProfile(c.var.db, c.var.user.id, c.req.valid('json'));
    return c.json(toTaxProfileView(row));
  })
  .post('/tax-profile/self-employed', requireRole('mentor'), async (c) => {
    const row = await askForPermission(c.var.db, () => selfEmployedPort(providerContext(c)), c.var.user.id);
    return c.json(toTaxProfileView(row));
  });
