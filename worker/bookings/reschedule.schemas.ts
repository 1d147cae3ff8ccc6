import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { ownerIdField } from '../lib/owned.ts';

/** POST /consultation-bookings/{id}/reschedule (ours, decision 024): the new slot; user_id, if sent, must be the caller. */
export const rescheduleBody = z.object({
  slot_id: idParam('Выберите новое время'),
  user_id: ownerIdField,
});
