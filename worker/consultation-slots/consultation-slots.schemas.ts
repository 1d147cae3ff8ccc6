// Slot and recurrence input (spec 002 sections 3, 4.5, 5.3 and 9; decision 006). Times on the wire are
// ISO-8601 instants; the date rules ("not before today", "at most 400 days ahead") are checked against
// the mentor's time zone by slotTimeProblems once the zone is known.
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { ownerIdField } from '../lib/owned.ts';
import { canonicalTimeZone, daysBetween, isCalendarDate, isoWeekdays, SLOT_DAYS_AHEAD_MAX, slotDateMessages } from './slot-dates.ts';

const instant = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Некорректные дата или время') })
    .trim()
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: 'Некорректные дата или время' }))
    .transform((v) => new Date(v));

const startTime = instant(slotDateMessages.dateRequired);
const endTime = instant('Укажите время окончания');
const consultationTypeField = idParam('Выберите вид консультации');

export const slotCreateBody = z.object({
  consultation_type: consultationTypeField,
  start_time: startTime,
  end_time: endTime,
  user_id: ownerIdField,
});

/** PATCH: any subset; the merged times are then checked like a new slot's. */
export const slotPatchBody = z.object({
  consultation_type: consultationTypeField.optional(),
  start_time: startTime.optional(),
  end_time: endTime.optional(),
  user_id: ownerIdField,
});

export const repeatTypes = ['none', 'daily', 'weekly', 'custom'] as const;

const calendarDate = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, message);

const timeZoneField = z
  .string({ error: 'Некорректный часовой пояс' })
  .trim()
  .transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (!v || !zone) {
      ctx.addIssue({ code: 'custom', message: 'Неизвестный часовой пояс' });
      return z.NEVER;
    }
    return zone;
  });

/**
 * POST …/create_recurrent_slots/: the first slot (start_time, end_time) and how it repeats. 'weekly'
 * repeats on the first date's weekday, 'custom' on the listed weekdays, 'daily' every day, 'none' never;
 * repeat_until is the last date (inclusive) in the series' time zone.
 */
export const recurrenceBody = z
  .object({
    consultation_type: consultationTypeField,
    start_time: startTime,
    end_time: endTime,
    repeat_type: z.enum(repeatTypes, { error: 'Некорректный тип повторения' }),
    custom_weekdays: z
      .array(z.enum(isoWeekdays, { error: 'Некорректный день недели' }), { error: 'Некорректный список дней недели' })
      .nullish()
      .transform((days) => [...new Set(days ?? [])].sort((a, b) => isoWeekdays.indexOf(a) - isoWeekdays.indexOf(b))),
    repeat_until: z.preprocess((v) => (v === '' || v === null ? undefined : v), calendarDate('Некорректная дата окончания повторения').optional()),
    time_zone: z.preprocess((v) => (v === '' || v === null ? undefined : v), timeZoneField.optional()),
    user_id: ownerIdField,
  })
  .superRefine((v, ctx) => {
    if (v.repeat_type === 'custom' && !v.custom_weekdays.length) {
      ctx.addIssue({ code: 'custom', path: ['custom_weekdays'], message: slotDateMessages.weekdays });
    }
    if (v.repeat_type !== 'none' && !v.repeat_until) {
      ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: 'Укажите дату окончания повторения' });
    }
  });
export type RecurrenceInput = z.output<typeof recurrenceBody>;

export const repeatUntilMessages = {
  beforeFirst: 'Дата окончания повторения не может быть раньше даты первого слота',
  tooFar: slotDateMessages.tooFar,
} as const;

const optionalUserId = z.preprocess((v) => (v === '' ? undefined : v), idParam('Некорректный пользователь').optional());

/** GET …/all/, DELETE …/delete/ and …/delete_series/: user_id, when given, must be the caller. */
export const slotOwnerQuery = z.object({ user_id: optionalUserId });

/**
 * GET …/available/: dates 'YYYY-MM-DD', both included, read in `time_zone` (the viewer's; Europe/Moscow,
 * the product's default, when not given); at most SLOT_DAYS_AHEAD_MAX days. `moving_booking`: see the route.
 */
export const availableQuery = z
  .object({
    consultation_type_id: idParam('Некорректный вид консультации'),
    start_date: calendarDate('Некорректная дата начала'),
    end_date: calendarDate('Некорректная дата окончания'),
    time_zone: z.preprocess((v) => (v === '' ? undefined : v), timeZoneField.optional()).transform((v) => v ?? 'Europe/Moscow'),
    // the booking the caller is moving (decision 024): honoured only for its mentee, else ignored
    moving_booking: z.preprocess((v) => (v === '' ? undefined : v), idParam('Некорректная запись').optional()),
  })
  .superRefine((v, ctx) => {
    const days = daysBetween(v.start_date, v.end_date);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Дата окончания не может быть раньше даты начала' });
    else if (days > SLOT_DAYS_AHEAD_MAX) ctx.addIssue({ code: 'custom', path: ['end_date'], message: `Период не может превышать ${SLOT_DAYS_AHEAD_MAX} дней` });
  });
