import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { ownerIdField } from '../lib/owned.ts';
import { bookingMessages, QUESTIONS_MAX } from './booking-rules.ts';

/** A paid consultation holds its slot this long, pending payment. */
export const BOOKING_HOLD_MINUTES = 15;
/** unpaid holds one person may keep at once: nobody can lock a mentor's week without paying */
export const MAX_OPEN_HOLDS = 3;
/** booking attempts per person and hour */
export const BOOKINGS_PER_HOUR = 30;

/** POST /consultation-bookings/create/ (spec 000 §3 "Booking (create)"). */
export const createBookingBody = z.object({
  consultation_type_slot: idParam('Выберите время консультации'),
  user_id: ownerIdField,
  questions: z
    .string({ error: 'Некорректный вопрос' })
    .trim()
    .max(QUESTIONS_MAX, bookingMessages.questionsTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  /** pay with a credit of this package of the caller's instead of a payment (decision 006, «Packages») */
  package_id: idParam('Некорректный пакет').nullish(),
});

/** cancel and finish send {user_id} (spec 002 §7); it may be left out, and when given must be the caller. */
export const bookingActionBody = z.object({ user_id: ownerIdField }).optional().default({});
