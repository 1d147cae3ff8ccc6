// One hour before every paid consultation, every event and every booked vetting interview, its people get a notification and an e-mail
// with the link to join (the landing's promise), and a day before the same again (issue 39 §2: 24 hours and 1 hour before).
// The notification's dedupe key makes each once per person and meeting however often or late the minute scheduler
// runs; the e-mail is sent inside the same transaction, so a failed send is retried at the next run instead of lost.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { OPENS_BEFORE_MINUTES } from '../conferences/conference-window.ts';
import { emailSender } from '../mail/senders.ts';
import { pushNotifications, storeNotifications } from '../notifications/notify.ts';
import { dueRecipients, type Recipient } from './reminders.queries.ts';

export const REMINDER_LEAD_MINUTES = 60;
/**
 * The day-before reminder goes to meetings starting 23 to 24 hours ahead: the hour is the scheduler's slack, and a
 * meeting booked later than that is not reminded «завтра» minutes after it was booked (its hour-before one still comes).
 */
export const DAY_REMINDER_LEAD_MINUTES = 24 * 60;
export const DAY_REMINDER_WINDOW_MINUTES = 60;
/** at most this many reminders per run; the rest go at the next minute */
const BATCH = 200;

/** «15:00» on the reader's clock */
export const timeIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);

const JOIN_PAGE: Record<Recipient['kind'], string> = { booking: 'booking-conference', event: 'event-conference', interview: 'interview-conference' };

export const joinUrl = (r: Pick<Recipient, 'kind' | 'subject_id'>) => `/${JOIN_PAGE[r.kind]}/${r.subject_id}`;

/** «Консультация «…»», «мероприятие «…»», «видеоинтервью с командой «Формы»», capitalised for a sentence's start or not */
export function subject(r: Pick<Recipient, 'kind' | 'title'>, start: boolean) {
  const text = r.kind === 'booking' ? `консультация «${r.title}»` : r.kind === 'event' ? `мероприятие «${r.title}»` : 'видеоинтервью с командой «Формы»';
  return start ? text[0].toUpperCase() + text.slice(1) : text;
}

const SUBJECT_LINE: Record<Recipient['kind'], string> = { booking: 'Консультация через час', event: 'Мероприятие через час', interview: 'Видеоинтервью через час' };

/**
 * One reminder per meeting and start time: a consultation moved (decision 024) or an event put off after its reminder
 * went out is reminded again for its new time. Matches dueRecipients' key (whole seconds since the epoch).
 */
export const reminderKey = (r: Pick<Recipient, 'kind' | 'subject_id' | 'starts_at'>) => `reminder:${r.kind}:${r.subject_id}@${Math.floor(r.starts_at.getTime() / 1000)}`;

/** The day-before reminder's key: its own, so the hour-before one still comes; per start time as reminderKey. */
export const dayReminderKey = (r: Pick<Recipient, 'kind' | 'subject_id' | 'starts_at'>) => reminderKey(r).replace(/^reminder:/, 'reminder_day:');

const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** «завтра», «сегодня» or null (further off), the start's date and its time, as the reader's clock and calendar read them */
function dayParts(at: Date, now: Date, timeZone: string) {
  const day = dayIn(at, timeZone);
  const relative = day === dayIn(now, timeZone) ? 'сегодня' : day === dayIn(new Date(now.getTime() + 24 * 3_600_000), timeZone) ? 'завтра' : null;
  return { relative, date: new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long' }).format(at), time: timeIn(at, timeZone) };
}

/** «завтра, 29 ноября, в 15:00», or «29 ноября в 15:00» */
function dayWhen(at: Date, now: Date, timeZone: string) {
  const { relative, date, time } = dayParts(at, now, timeZone);
  return relative ? `${relative}, ${date}, в ${time}` : `${date} в ${time}`;
}

const ROOM_OPENS = `Комната откроется за ${OPENS_BEFORE_MINUTES} минут до начала`;

function dayReminderText(r: Recipient, now: Date) {
  return `Напоминание: ${dayWhen(r.starts_at, now, r.time_zone)} — ${subject(r, false)}. ${ROOM_OPENS}.`;
}

function dayReminderMail(r: Recipient, now: Date, origin: string) {
  const { relative, date, time } = dayParts(r.starts_at, now, r.time_zone);
  return {
    // «Консультация завтра в 15:00»
    subject: `${SUBJECT_WORD[r.kind]} ${relative ?? date} в ${time}`,
    text:
      `${r.first_name ? `Здравствуйте, ${r.first_name}!` : 'Здравствуйте!'}\n\n` +
      `Напоминаем: ${dayWhen(r.starts_at, now, r.time_zone)} (${r.time_zone}) начнётся ${subject(r, false)}.\n\n` +
      `${ROOM_OPENS}. Ссылка для входа: ${origin}${joinUrl(r)}\n\nКоманда «Формы»`,
  };
}

const SUBJECT_WORD: Record<Recipient['kind'], string> = { booking: 'Консультация', event: 'Мероприятие', interview: 'Видеоинтервью' };

function reminderText(r: Recipient) {
  return `${subject(r, true)} начнётся в ${timeIn(r.starts_at, r.time_zone)} — через час или раньше. Ссылка для входа готова.`;
}

function reminderMail(r: Recipient, origin: string) {
  return {
    subject: SUBJECT_LINE[r.kind],
    text:
      `${r.first_name ? `Здравствуйте, ${r.first_name}!` : 'Здравствуйте!'}\n\n` +
      `Сегодня в ${timeIn(r.starts_at, r.time_zone)} (${r.time_zone}) начнётся ${subject(r, false)}.\n\n` +
      `Ссылка для входа: ${origin}${joinUrl(r)}\n\nКоманда «Формы»`,
  };
}

type Lead = {
  keyPrefix: 'reminder' | 'reminder_day';
  /** meetings starting in (from, until] are due */
  from: Date;
  until: Date;
  key: (r: Recipient) => string;
  text: (r: Recipient) => string;
  mail: (r: Recipient) => { subject: string; text: string };
};

/** Sends the reminders of one lead that are due; answers how many went out. */
async function sendReminders(env: Bindings, db: Db, lead: Lead) {
  let sent = 0;
  for (const r of await dueRecipients(db, lead.from, lead.until, BATCH, lead.keyPrefix)) {
    const stored = await db.transaction(async (tx) => {
      const rows = await storeNotifications(tx, [{ userId: r.user_id, kind: 'reminder', message: lead.text(r), url: joinUrl(r), dedupeKey: lead.key(r) }]);
      // another run got here first: the unique dedupe key let only one insert through
      if (rows.length && r.email) await emailSender(env, tx).sendEmail({ to: r.email, ...lead.mail(r) });
      return rows;
    });
    if (stored.length) {
      sent += 1;
      await pushNotifications(env, stored);
    }
  }
  return sent;
}

/** Sends the hour-before reminders that are due; answers how many went out. */
export async function sendDueReminders(env: Bindings, db: Db, now: Date) {
  const origin = env.APP_ORIGIN ?? '';
  return sendReminders(env, db, {
    keyPrefix: 'reminder',
    from: now,
    until: new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000),
    key: reminderKey,
    text: reminderText,
    mail: (r) => reminderMail(r, origin),
  });
}

/** Sends the day-before reminders that are due (the same people, kind and link; its own key); answers how many. */
export async function sendDueDayReminders(env: Bindings, db: Db, now: Date) {
  const origin = env.APP_ORIGIN ?? '';
  return sendReminders(env, db, {
    keyPrefix: 'reminder_day',
    from: new Date(now.getTime() + (DAY_REMINDER_LEAD_MINUTES - DAY_REMINDER_WINDOW_MINUTES) * 60_000),
    until: new Date(now.getTime() + DAY_REMINDER_LEAD_MINUTES * 60_000),
    key: dayReminderKey,
    text: (r) => dayReminderText(r, now),
    mail: (r) => dayReminderMail(r, now, origin),
  });
}
