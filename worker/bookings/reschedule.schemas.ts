import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { ownerIdField } from '../lib/owned.ts';

/** POST /consultation-bookings/{id}/reschedule (ours, decision 024): the new slot; user_id, if sent, must be the caller. */
export const rescheduleBody = z.object({
  slot_id: idParam('Выберите новое время'),
  user_id: ownerIdField,
  /** where the provider sends the payer back after a top-up (a move to a dearer type); our own site only */
  return_url: z.string({ error: 'Некорректный адрес возврата' }).max(2000, 'Некорректный адрес возврата').optional().default('/payment-return'),
});

/** GET /consultation-bookings/{id}/reschedule-quote?slot_id= (ours, decision 024): the slot to quote a move onto. */
export const rescheduleQuoteQuery = z.object({ slot_id: idParam('Выберите новое время') });

/** POST /consultation-bookings/{id}/propose-move (ours, decision 024): the mentor's proposed slot. */
export const proposeMoveBody = z.object({ slot_id: idParam('Выберите новое время') });

/** POST /consultation-bookings/move-proposals/{id}/decline: keep the booking, or cancel it with a full refund. */
export const declineMoveBody = z.object({ cancel: z.boolean({ error: 'Укажите, отменить ли запись' }).optional().default(false) });
