// Profile, work experience and education input, shared by the API and the web forms (spec 001 section 5).
import { z } from 'zod';
import { passcodeSchema, personName } from '../auth/auth.schemas.ts';
import { IMAGE_MAX_BYTES } from '../files/file-limits.ts';
import { singleLineText } from '../lib/single-line.ts';

export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES;
/** «О себе»: the longest description a profile keeps. */
export const PROFILE_DESCRIPTION_MAX = 500;
export const TELEGRAM_HOST = 't.me';

const optionalText = (max: number, message: string) => z.string().trim().max(max, message);
/** names, a city, a title: one line (lib/single-line.ts) */
const optionalLine = (max: number, message: string) => singleLineText().max(max, message);

/**
 * The Telegram link as typed ('https://t.me/handle', 't.me/handle', '@handle' or 'handle'), checked and
 * normalised to 't.me/handle'; empty stays empty.
 */
export const telegramLinkSchema = z
  .string()
  .trim()
  .max(100, 'Ссылка не должна превышать 100 символов')
  .transform((value, ctx) => {
    if (!value) return '';
    const handle = value
      .replace(/^https?:\/\//i, '')
      .replace(new RegExp(`^(www\\.)?${TELEGRAM_HOST.replace('.', '\\.')}/`, 'i'), '')
      .replace(/^@/, '');
    if (!/^[A-Za-z0-9_]+$/.test(handle)) {
      ctx.addIssue({ code: 'custom', message: 'Некорректный формат ссылки на Telegram' });
      return z.NEVER;
    }
    const link = `${TELEGRAM_HOST}/${handle}`;
    // '@handle' grows by the host when normalised: the stored link must still fit
    if (link.length > 100) {
      ctx.addIssue({ code: 'custom', message: 'Ссылка не должна превышать 100 символов' });
      return z.NEVER;
    }
    return link;
  });

/** PATCH /api/users/me/: every field optional (only the changed ones are sent). */
export const profilePatchSchema = z.object({
  // the account's one name rule, 2–50 (auth.schemas.ts), in the settings' words (spec 001 §5, «Profile settings»)
  mentor_name: personName('Имя обязательно для заполнения', 'Имя не должно превышать 50 символов').optional(),
  mentor_surname: personName('Фамилия обязательна для заполнения', 'Фамилия не должна превышать 50 символов').optional(),
  user_city_residence: optionalLine(50, 'Город не должен превышать 50 символов').optional(),
  mentor_title: telegramLinkSchema.optional(),
  mentor_tg_title: optionalLine(100, 'Название канала не должно превышать 100 символов').optional(),
  mentor_description: optionalText(PROFILE_DESCRIPTION_MAX, `Описание не должно превышать ${PROFILE_DESCRIPTION_MAX} символов`).optional(),
  mentor_specialization: optionalLine(255, 'Специализация не должна превышать 255 символов').optional(),
  mentor_skills: z.array(singleLineText().min(1).max(50)).max(20, 'Не больше 20 навыков').optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+7\d{10}$/, 'Неверный формат телефона')
    .optional(),
  remove_avatar: z.enum(['true', 'false']).optional(),
});
export type ProfileChanges = z.output<typeof profilePatchSchema>;

/** POST /api/users/me/phone/confirm/: the code texted to the new number. */
export const phoneConfirmBody = z.object({ passcode: passcodeSchema });

// the message is given for a missing value too, or zod's English default would reach the user
const isoDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

export const workExperienceSchema = z
  .object({
    position_title: singleLineText('Должность обязательна для заполнения')
      .min(1, 'Должность обязательна для заполнения')
      .max(255, 'Должность не должна превышать 255 символов'),
    company_name: singleLineText('Название компании обязательно для заполнения')
      .min(1, 'Название компании обязательно для заполнения')
      .max(255, 'Название компании не должно превышать 255 символов'),
    start_date: isoDate('Дата начала обязательна для заполнения'),
    /** null: the current job */
    end_date: isoDate('Некорректная дата окончания').nullable().optional(),
  })
  .refine((v) => !v.end_date || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'Дата окончания не может быть раньше даты начала',
  });

const year = (message: string) => z.coerce.number({ error: message }).int(message).min(1900, message).max(2200, message);

/**
 * Education years (spec 001 §5, §9; decision 004 «Education years»): a start year among this year and the 59 before
 * it, an end year from there to EDUCATION_END_YEARS_AHEAD years ahead (a degree still in progress, its planned
 * graduation). One window for the settings and the mentor application: the forms' year lists offer exactly these,
 * and the API refuses anything else with the words below.
 */
export const EDUCATION_YEARS_SPAN = 60;
export const EDUCATION_END_YEARS_AHEAD = 10;

/** The window of years when the current year is `current`. */
export function educationYears(current: number) {
  return { earliest: current - EDUCATION_YEARS_SPAN + 1, latestStart: current, latestEnd: current + EDUCATION_END_YEARS_AHEAD };
}

const HOUR_MS = 3_600_000;

export const educationSchema = z
  .object({
    university_name: singleLineText('Название учебного заведения обязательно для заполнения')
      .min(1, 'Название учебного заведения обязательно для заполнения')
      .max(255, 'Название учебного заведения не должно превышать 255 символов'),
    specialty: singleLineText('Специальность обязательна для заполнения')
      .min(1, 'Специальность обязательна для заполнения')
      .max(255, 'Специальность не должна превышать 255 символов'),
    start_year: year('Год начала обязателен для заполнения'),
    /** null: still studying */
    end_year: year('Некорректный год окончания').nullable().optional(),
  })
  .refine((v) => v.end_year == null || v.end_year >= v.start_year, {
    path: ['end_year'],
    message: 'Год окончания не может быть раньше года начала',
  })
  // read at validation time (an isolate can outlive New Year's Eve); the year somewhere on Earth, so that someone
  // past midnight on 1 January in Kamchatka may pick the new year the list offers while it is still the old one in UTC
  .superRefine((v, ctx) => {
    const now = Date.now();
    const { earliest } = educationYears(new Date(now - 12 * HOUR_MS).getUTCFullYear());
    const { latestStart, latestEnd } = educationYears(new Date(now + 14 * HOUR_MS).getUTCFullYear());
    if (v.start_year < earliest || v.start_year > latestStart) {
      ctx.addIssue({ code: 'custom', path: ['start_year'], message: `Год начала должен быть от ${earliest} до ${latestStart}` });
    }
    if (v.end_year != null && v.end_year > latestEnd) {
      ctx.addIssue({ code: 'custom', path: ['end_year'], message: `Год окончания не может быть позже ${latestEnd}` });
    }
  });
