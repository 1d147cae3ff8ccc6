// The admins' list of fiscal receipts that need a person (decision 020). Pure zod: the web screen imports it too.
import { z } from 'zod';
import { limitParam, offsetParam } from '../../lib/list-params.ts';

export const PROBLEM_RECEIPTS_PAGE = 30;
export const PROBLEM_RECEIPTS_PAGE_MAX = 100;

/** GET /api/admin/fiscal-receipts/?offset=&limit= */
export const problemReceiptsQuery = z.object({
  offset: offsetParam,
  limit: limitParam(PROBLEM_RECEIPTS_PAGE, PROBLEM_RECEIPTS_PAGE_MAX),
});
