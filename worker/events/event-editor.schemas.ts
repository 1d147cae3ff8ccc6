// The event editor's fields (spec 002 §3 "Event (editor)", §5.4, §7, §9). AddEvent arrives as multipart
// (every value a string), UpdateEvent as JSON or multipart, so every field accepts its string form too.
// The messages are the spec's where it gives one.
import { z } from 'zod';
import { categories } from '../../drizzle/categories.ts';
import { sanitizeDescription } from './sanitize-description.ts';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../lib/single-line.ts';
import { localParts } from '../consultation-slots/slot-dates.ts';
import { descriptionLength, EVENT_DEFAULT_TIME, EVENT_DESCRIPTION_HTML_MAX, EVENT_DESCRIPTION_MAX, EVENT_LEAD_MS, EVENT_PRICE_MAX, EVENT_SPOTS_MAX, EVENT_TITLE_MAX, eventMessages } from './event-rules.ts';

/**
 * Any value, absent allowed, so each field's transform sees a missing value too and answers it with the
 * field's own message (zod's default for a missing key is English).
 */
const field = () => z.unknown().optional();

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The spec's four price messages, in its order: missing, not a number, not whole, out of range. */
const price = field().transform((v, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (blank(v)) return fail(eventMessages.priceRequired);
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(n)) return fail(eventMessages.priceNumber);
  if (!Number.isInteger(n)) return fail(eventMessages.priceInteger);
  if (n < 0 || n > EVENT_PRICE_MAX) return fail(eventMessages.priceRange);
  return n;
});

/** A whole number from JSON or a form field; `undefined` when absent or empty. */
const wholeNumber = (message: string, min: number, max: number, maxMessage = message) =>
  field().transform((v, ctx) => {
    if (blank(v)) return undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: maxMessage });
      return z.NEVER;
    }
    return n;
  });

const flag = field().transform((v, ctx) => {
  if (blank(v)) return undefined;
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  ctx.addIssue({ code: 'custom', message: eventMessages.flag });
  return z.NEVER;
});

const title = field().transform((v, ctx) => {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) {
    ctx.addIssue({ code: 'custom', message: eventMessages.required });
    return z.NEVER;
  }
  if (s.length > EVENT_TITLE_MAX) {
    ctx.addIssue({ code: 'custom', message: eventMessages.titleTooLong });
    return z.NEVER;
  }
  if (!isSingleLine(s)) {
    ctx.addIssue({ code: 'custom', message: SINGLE_LINE_MESSAGE });
    return z.NEVER;
  }
  return s;
});

/** Sanitized HTML; the limit counts the text a reader sees (§5.4), not the markup. */
const description = field().transform((v, ctx) => {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'string' || v.length > EVENT_DESCRIPTION_HTML_MAX) {
    ctx.addIssue({ code: 'custom', message: eventMessages.descriptionHtml });
    return z.NEVER;
  }
  const html = sanitizeDescription(v);
  if (descriptionLength(html) > EVENT_DESCRIPTION_MAX) {
    ctx.addIssue({ code: 'custom', message: eventMessages.descriptionLimit });
    return z.NEVER;
  }
  return html;
});

// The API answers the spec's payload text (§8); the form checks first and shows §5.4's shorter one.
const category = z.enum(categories, { error: eventMessages.categoryPayload });

/** null: no discount. 0 and empty mean none too (the form's cleared input). */
const discount = field().transform((v, ctx) => {
  if (blank(v) || v === 0 || v === '0') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    ctx.addIssue({ code: 'custom', message: eventMessages.discount });
    return z.NEVER;
  }
  return n;
});

const time = field().transform((v, ctx) => {
  if (blank(v)) return undefined;
  if (typeof v !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(v.trim())) {
    ctx.addIssue({ code: 'custom', message: eventMessages.time });
    return z.NEVER;
  }
  return v.trim();
});

const dateField = field().transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined));

const fields = {
  title,
  description,
  event_category: category,
  date: dateField,
  time,
  price,
  total_spots: wholeNumber(eventMessages.spots, 0, EVENT_SPOTS_MAX, eventMessages.spotsMax),
  discount,
  duration_minutes: wholeNumber(eventMessages.duration, 1, 1440),
  is_public: flag,
  is_whitelisted: flag,
  /** the meeting is recorded (decision 019); on when not sent */
  is_recorded: flag,
  // cancelling goes through cancel_event, which refunds; the editor may only send is_canceled false
  is_canceled: flag.refine((v) => v !== true, eventMessages.canceledFlag),
  /** must be the caller when sent (the spec's client sends it) */
  mentor_id: wholeNumber('Некорректный пользователь', 1, 2_147_483_647),
};

export const addEventSchema = z.object({
  ...fields,
  event_category: category.default('Образование'),
  date: field().transform((v, ctx) => {
    if (typeof v === 'string' && v.trim()) return v.trim();
    ctx.addIssue({ code: 'custom', message: eventMessages.dateRequired });
    return z.NEVER;
  }),
});

export const updateEventSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  event_category: category.optional(),
  date: fields.date,
  time: fields.time,
  price: price.optional(),
  total_spots: fields.total_spots,
  discount: discount.optional(),
  duration_minutes: fields.duration_minutes,
  is_public: fields.is_public,
  is_whitelisted: fields.is_whitelisted,
  is_recorded: fields.is_recorded,
  is_canceled: fields.is_canceled,
  mentor_id: fields.mentor_id,
  remove_image: flag,
});

export type NewEventInput = z.output<typeof addEventSchema>;
export type EventChangesInput = z.output<typeof updateEventSchema>;

/** The cover's form field (multipart), also the field its refusals name. */
export const EVENT_IMAGE_FIELD = 'event_image';

/** The UTC offset (ms) of an IANA zone at an instant. */
function zoneOffset(at: number, timeZone: string) {
  const { date, time } = localParts(new Date(at), timeZone);
  return Date.parse(`${date}T${time}Z`) - at;
}

/** Year, month and day (match groups 1-3) name a day that exists: not 2030-02-30 or 2030-13-01. */
function isCalendarDay(parts: RegExpExecArray): boolean {
  const [y, m, d] = [+parts[1], +parts[2], +parts[3]];
  const check = new Date(Date.UTC(y, m - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
}

/**
 * The start instant. `date` is an ISO timestamp with its zone (the spec's payload), or a calendar date
 * (yyyy-MM-dd) with `time` (HH:MM, default 18:00) on the wall clock of the mentor's time zone.
 * Returns a message for the `date` field instead when it can't be read.
 */
export function startFrom(date: string, time: string | undefined, timeZone: string): Date | string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (day) {
    if (!isCalendarDay(day)) return eventMessages.dateDay;
    const [h, m] = (time ?? EVENT_DEFAULT_TIME).split(':').map(Number);
    const wall = Date.UTC(+day[1], +day[2] - 1, +day[3], h, m);
    // the offset at the guess, then again at the result (a DST change between them)
    let at = wall - zoneOffset(wall, timeZone);
    at = wall - zoneOffset(at, timeZone);
    return new Date(at);
  }
  const stamp = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.exec(date);
  if (!stamp) return eventMessages.dateInvalid;
  // Date() would roll 2030-02-30T10:00Z over to 2 March instead of refusing it
  if (!isCalendarDay(stamp)) return eventMessages.dateDay;
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? eventMessages.dateInvalid : at;
}

/** §5.4: not in the past, and at least an hour ahead. */
export function startProblem(startsAt: Date, now = Date.now()): string | null {
  if (startsAt.getTime() < now) return eventMessages.datePast;
  if (startsAt.getTime() < now + EVENT_LEAD_MS) return eventMessages.tooSoon;
  return null;
}
