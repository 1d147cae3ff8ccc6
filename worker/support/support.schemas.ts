// The support chat and the admins' inbox (decision in support.routes.ts's header).
import { z } from 'zod';
import { limitParam, offsetParam } from '../lib/list-params.ts';

export const SUPPORT_INBOX_PAGE = 30;
export const SUPPORT_INBOX_PAGE_MAX = 100;

/** GET /support/rooms/?offset=&limit= */
export const inboxQuery = z.object({
  offset: offsetParam,
  limit: limitParam(SUPPORT_INBOX_PAGE, SUPPORT_INBOX_PAGE_MAX),
});
