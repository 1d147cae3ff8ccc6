import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { ownerIdField } from '../lib/owned.ts';

/** POST /consultation-bookings/{id}/reschedule (ours, decision 024): the new slot; user_id, if sent, must be the caller. */
export const rescheduleBody = z.object({
  slot_id: idParam('Выберите новое время'),
  user_id: ownerIdField,
});

/** POST /consultation-bookings/{id}/propose-move (ours, decision 024): the mentor's proposed slot. */
export const proposeMoveBody = z.object({ slot_id: idParam('Выберите новое время') });

/** POST /consultation-bookings/move-proposals/{id}/decline: keep the booking, or cancel it with a full refund. */
export const declineMoveBody = z.object({ cancel: z.boolean({ error: 'Укажите, отменить ли запись' }).optional().default(false) });
