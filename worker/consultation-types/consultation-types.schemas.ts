// Consultation type input (spec 002 sections 5.3 and 9), shared by the API and the session editor's form.
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { singleLineText } from '../lib/single-line.ts';
import { ownerIdField } from '../lib/owned.ts';

export const CONSULTATION_NAME_MAX = 255;
export const CONSULTATION_DESCRIPTION_MAX = 2000;
export const CONSULTATION_DURATION_MAX = 1000;
/** the shortest consultation people can meet in (decision 010; the spec's form allows 0) */
export const CONSULTATION_DURATION_MIN = 15;
export const CONSULTATION_COSTS_MAX = 150_000;

/**
 * A whole number from a form or JSON: '' and null count as missing, a numeric string is read as a
 * number, anything else that isn't a whole number is refused with `invalid`.
 */
function wholeNumber(messages: { required: string; invalid: string }) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) }).int(messages.invalid),
  );
}

const nameField = singleLineText('Название обязательно для заполнения')
  .min(1, 'Название обязательно для заполнения')
  .max(CONSULTATION_NAME_MAX, `Название не должно превышать ${CONSULTATION_NAME_MAX} символов`);

const descriptionField = z.preprocess(
  (v) => (v === null ? '' : v),
  z
    .string({ error: 'Некорректное описание' })
    .trim()
    .max(CONSULTATION_DESCRIPTION_MAX, `Описание не должно превышать ${CONSULTATION_DESCRIPTION_MAX} символов`),
);

// The spec's form allows 0 (spec 002 §5.3), but people meet in a consultation: one of a few minutes is no session and
// only makes cheap bookings to rate (issue 34), so below CONSULTATION_DURATION_MIN gets a message of its own (decision
// 010). Types made before keep their length (the database's CHECK still allows 1).
const durationField = wholeNumber({ required: 'Длительность обязательна', invalid: 'Длительность должна быть целым числом минут' })
  .pipe(
    z
      .number()
      .min(0, 'Длительность не может быть меньше 0 минут')
      .min(CONSULTATION_DURATION_MIN, `Длительность должна быть не меньше ${CONSULTATION_DURATION_MIN} минут`)
      .max(CONSULTATION_DURATION_MAX, `Длительность не может превышать ${CONSULTATION_DURATION_MAX} минут`),
  );

const costsField = wholeNumber({ required: 'Стоимость обязательна', invalid: 'Стоимость должна быть целым числом рублей' }).pipe(
  z
    .number()
    .min(0, 'Стоимость не может быть меньше 0 рублей')
    .max(CONSULTATION_COSTS_MAX, `Стоимость не может превышать ${CONSULTATION_COSTS_MAX} рублей`),
);

export const consultationTypeInputSchema = z.object({
  name: nameField,
  description: descriptionField.optional(),
  duration_minutes: durationField,
  costs: costsField,
});

export const consultationTypeCreateBody = consultationTypeInputSchema.extend({ user_id: ownerIdField });

/** PATCH: any subset of the fields. */
export const consultationTypePatchBody = consultationTypeInputSchema.partial().extend({ user_id: ownerIdField });

export type ConsultationTypeInput = z.output<typeof consultationTypeInputSchema>;
export type ConsultationTypePatch = z.output<typeof consultationTypePatchBody>;

const optionalUserId = z.preprocess((v) => (v === '' ? undefined : v), idParam('Некорректный пользователь').optional());

/** GET /consultation-types/all/: whose types. */
export const consultationTypeListQuery = z.object({ user_id: idParam('Некорректный пользователь') });

/** GET …/{id}/detail/: user_id, when given, names the mentor the type must belong to. */
export const consultationTypeDetailQuery = z.object({ user_id: optionalUserId });

/** DELETE …/{id}/delete/: user_id, when given, must be the caller. */
export const consultationTypeDeleteQuery = z.object({ user_id: optionalUserId });
