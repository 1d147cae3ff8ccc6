// Admin moderation of mentor applications.
import { z } from 'zod';

export const MODERATION_PAGE_SIZE = 100;
/** the rejection reason the applicant reads; the web's reject dialog counts to it */
export const REJECT_REASON_MAX = 1000;

export const moderationListQuery = z.object({
  status: z.enum(['submitted', 'approved', 'rejected'], { error: 'Некорректный статус' }).default('submitted'),
  offset: z.coerce.number({ error: 'Некорректное смещение' }).int('Некорректное смещение').min(0, 'Некорректное смещение').default(0),
});

export const rejectBody = z.object({
  reason: z
    .string({ error: 'Укажите причину отказа' })
    .trim()
    .min(1, 'Укажите причину отказа')
    .max(REJECT_REASON_MAX, `Причина отказа не должна превышать ${REJECT_REASON_MAX} символов`),
});
