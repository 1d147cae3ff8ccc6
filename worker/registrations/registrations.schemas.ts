import { z } from 'zod';
import { ownerIdField } from '../lib/owned.ts';
import { idParam } from '../lib/id-param.ts';

/** A paid registration holds its seat this long, pending payment. */
export const REGISTRATION_HOLD_MINUTES = 15;
/** registration attempts per person and hour */
export const REGISTRATIONS_PER_HOUR = 30;

const eventIdField = idParam('Некорректное мероприятие');

/** {event_id, user_id}: user_id may be left out; when given it must be the caller. */
export const registrationBody = z.object({ event_id: eventIdField, user_id: ownerIdField });

export const eventIdQuery = z.object({ event_id: eventIdField });

export const checkRegistrationQuery = z.object({
  event_id: eventIdField,
  user_id: z.preprocess((v) => (v === '' ? undefined : v), idParam('Некорректный пользователь').optional()),
});
