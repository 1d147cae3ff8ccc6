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

/** Loyalty steps (issue 36, decision 006): at most this many per type, «from the N-th» within these bounds. */
export const LOYALTY_STEPS_MAX = 3;
export const LOYALTY_FROM_MIN = 2;
export const LOYALTY_FROM_MAX = 100;
export const LOYALTY_PERCENT_MIN = 1;
export const LOYALTY_PERCENT_MAX = 50;

const loyaltyStep = z.object({
  from: wholeNumber({ required: 'Укажите, с какой консультации действует скидка', invalid: 'Номер консультации должен быть целым числом' }).pipe(
    z
      .number()
      .min(LOYALTY_FROM_MIN, `Скидка может действовать не раньше чем со ${LOYALTY_FROM_MIN}-й консультации`)
      .max(LOYALTY_FROM_MAX, `Скидка может начинаться не позже ${LOYALTY_FROM_MAX}-й консультации`),
  ),
  percent: wholeNumber({ required: 'Укажите размер скидки', invalid: 'Скидка должна быть целым числом процентов' }).pipe(
    z
      .number()
      .min(LOYALTY_PERCENT_MIN, `Скидка должна быть не меньше ${LOYALTY_PERCENT_MIN} %`)
      .max(LOYALTY_PERCENT_MAX, `Скидка не может превышать ${LOYALTY_PERCENT_MAX} %`),
  ),
});

/**
 * The steps as the database's CHECK (forma_loyalty_steps_valid, migration 0040) takes them: a later step starts at a
 * later consultation and gives more, so the discount never shrinks as the mentee keeps coming back.
 */
export const loyaltyStepsField = z
  .array(loyaltyStep, { error: 'Некорректные скидки' })
  .max(LOYALTY_STEPS_MAX, `Не больше ${LOYALTY_STEPS_MAX} ступеней скидки`)
  .superRefine((steps, ctx) => {
    for (let i = 1; i < steps.length; i++) {
      if (steps[i].from <= steps[i - 1].from) {
        ctx.addIssue({ code: 'custom', path: [i, 'from'], message: 'Каждая следующая ступень начинается с более поздней консультации' });
      }
      if (steps[i].percent <= steps[i - 1].percent) {
        ctx.addIssue({ code: 'custom', path: [i, 'percent'], message: 'Каждая следующая ступень даёт скидку больше предыдущей' });
      }
    }
  });

export type LoyaltyStep = z.output<typeof loyaltyStep>;

/** Package offers (issue 36, decision 006 «Packages»): at most this many per type, each within these bounds. */
export const PACKAGE_OFFERS_MAX = 3;
export const PACKAGE_SESSIONS_MIN = 2;
export const PACKAGE_SESSIONS_MAX = 20;
export const PACKAGE_PERCENT_MIN = 1;
export const PACKAGE_PERCENT_MAX = 50;
/** at least 90 days: a package must be usable at a mentee's pace, not a deadline (the issue's own floor) */
export const PACKAGE_VALID_DAYS_MIN = 90;
/** at most 180 days: a package is one YooKassa safe deal, and a deal lives no longer (decision 006, migration 0049) */
export const PACKAGE_VALID_DAYS_MAX = 180;

const packageOffer = z.object({
  sessions: wholeNumber({ required: 'Укажите число консультаций в пакете', invalid: 'Число консультаций должно быть целым' }).pipe(
    z
      .number()
      .min(PACKAGE_SESSIONS_MIN, `В пакете не меньше ${PACKAGE_SESSIONS_MIN} консультаций`)
      .max(PACKAGE_SESSIONS_MAX, `В пакете не больше ${PACKAGE_SESSIONS_MAX} консультаций`),
  ),
  percent: wholeNumber({ required: 'Укажите скидку пакета', invalid: 'Скидка должна быть целым числом процентов' }).pipe(
    z
      .number()
      .min(PACKAGE_PERCENT_MIN, `Скидка должна быть не меньше ${PACKAGE_PERCENT_MIN} %`)
      .max(PACKAGE_PERCENT_MAX, `Скидка не может превышать ${PACKAGE_PERCENT_MAX} %`),
  ),
  valid_days: wholeNumber({ required: 'Укажите срок действия пакета', invalid: 'Срок действия должен быть целым числом дней' }).pipe(
    z
      .number()
      .min(PACKAGE_VALID_DAYS_MIN, `Пакет должен действовать не меньше ${PACKAGE_VALID_DAYS_MIN} дней`)
      .max(PACKAGE_VALID_DAYS_MAX, `Пакет может действовать не больше ${PACKAGE_VALID_DAYS_MAX} дней`),
  ),
});

/**
 * The offers as the database's CHECK (forma_package_offers_valid, migration 0047) takes them: a purchase names its offer
 * by the number of consultations, so two offers of one size are refused.
 */
export const packageOffersField = z
  .array(packageOffer, { error: 'Некорректные пакеты' })
  .max(PACKAGE_OFFERS_MAX, `Не больше ${PACKAGE_OFFERS_MAX} пакетов`)
  .superRefine((offers, ctx) => {
    offers.forEach((offer, i) => {
      if (offers.findIndex((o) => o.sessions === offer.sessions) < i) {
        ctx.addIssue({ code: 'custom', path: [i, 'sessions'], message: 'Пакет с таким числом консультаций уже есть' });
      }
    });
  });

export type PackageOffer = z.output<typeof packageOffer>;

/** a free consultation has nothing to discount (the CHECK consultation_types_packages says the same) */
export const FREE_TYPE_PACKAGES = 'Пакеты можно предложить только для платной консультации';

/**
 * Booking rules (issue 38 §2, decision 022), within the database's CHECKs on consultation_types (migration 0056). The
 * daily limit counts the mentor's bookings of all types on that day: it protects the mentor's day, not one type.
 */
export const BOOKING_RULE_LIMITS = {
  minNoticeHours: 720,
  bufferMinutes: 720,
  horizonDaysMin: 1,
  horizonDaysMax: 365,
  dailyLimitMin: 1,
  dailyLimitMax: 50,
  cancelCutoffHours: 720,
} as const;

/** A whole number in [min, max] from a form or JSON; '' and null mean «none» (null) where `nullable`. */
function ruleNumber(label: string, unit: string, min: number, max: number) {
  return wholeNumber({ required: `Укажите ${label}`, invalid: `${label[0].toUpperCase()}${label.slice(1)}: целое число ${unit}` }).pipe(
    z
      .number()
      .min(min, `${label[0].toUpperCase()}${label.slice(1)}: не меньше ${min} ${unit}`)
      .max(max, `${label[0].toUpperCase()}${label.slice(1)}: не больше ${max} ${unit}`),
  );
}

/** an empty field of an optional limit means «no limit» */
const noLimit = <T extends z.ZodType>(field: T) => z.preprocess((v) => (v === '' || v === undefined ? null : v), field.nullable());

export const bookingRulesField = z.object(
  {
    min_notice_hours: ruleNumber('минимальное время до записи', 'ч', 0, BOOKING_RULE_LIMITS.minNoticeHours),
    buffer_before_minutes: ruleNumber('перерыв до встречи', 'мин', 0, BOOKING_RULE_LIMITS.bufferMinutes),
    buffer_after_minutes: ruleNumber('перерыв после встречи', 'мин', 0, BOOKING_RULE_LIMITS.bufferMinutes),
    horizon_days: noLimit(ruleNumber('горизонт записи', 'дн.', BOOKING_RULE_LIMITS.horizonDaysMin, BOOKING_RULE_LIMITS.horizonDaysMax)),
    daily_limit: noLimit(ruleNumber('лимит записей в день', 'шт.', BOOKING_RULE_LIMITS.dailyLimitMin, BOOKING_RULE_LIMITS.dailyLimitMax)),
    cancel_cutoff_hours: ruleNumber('срок отмены', 'ч', 0, BOOKING_RULE_LIMITS.cancelCutoffHours),
  },
  { error: 'Некорректные правила записи' },
);

export type BookingRulesInput = z.output<typeof bookingRulesField>;

/** what a type without rules has: nothing changes for types made before the rules (migration 0056's defaults) */
export const NO_BOOKING_RULES: BookingRulesInput = {
  min_notice_hours: 0,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  horizon_days: null,
  daily_limit: null,
  cancel_cutoff_hours: 0,
};

export const consultationTypeInputSchema = z.object({
  name: nameField,
  description: descriptionField.optional(),
  duration_minutes: durationField,
  costs: costsField,
  loyalty_steps: loyaltyStepsField.optional(),
  packages: packageOffersField.optional(),
  /** its meetings are recorded (decision 019); on when not sent */
  is_recorded: z.boolean({ error: 'Укажите, записываются ли встречи: true или false' }).optional(),
  /** the booking rules (decision 022); none when not sent */
  booking_rules: bookingRulesField.optional(),
});

export const consultationTypeCreateBody = consultationTypeInputSchema.extend({ user_id: ownerIdField }).superRefine((v, ctx) => {
  if (v.costs === 0 && v.packages?.length) ctx.addIssue({ code: 'custom', path: ['packages'], message: FREE_TYPE_PACKAGES });
});

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
