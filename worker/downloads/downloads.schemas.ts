import { z } from 'zod';
import { UUID } from '../lib/id-param.ts';
import { limitParam, offsetParam } from '../lib/list-params.ts';

export const DOWNLOADS_PAGE = 30;
export const DOWNLOADS_PAGE_MAX = 100;

/** ?offset=&limit= of both lists on /loads */
export const downloadsPageQuery = z.object({
  offset: offsetParam,
  limit: limitParam(DOWNLOADS_PAGE, DOWNLOADS_PAGE_MAX),
});

export const PAYMENT_ID = UUID;
