// One hour before every paid consultation, every event and every booked vetting interview, its people get a notification and an e-mail
// with the link to join (the landing's promise). The notification's dedupe key makes it once per person
// and meeting however often or late the minute scheduler runs; the e-mail is sent inside the same
// transaction, so a failed send is retried at the next run instead of being lost.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { emailSender } from '../mail/senders.ts';
import { pushNotifications, storeNotifications } from '../notifications/notify.ts';
import { dueRecipients, type Recipient } from './reminders.queries.ts';

export const REMINDER_LEAD_MINUTES = 60;
/** at most this many reminders per run; the rest go at the next minute */
const BATCH = 200;

const timeIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);

const JOIN_PAGE: Record<Recipient['kind'], string> = { booking: 'booking-conference', event: 'event-conference', interview: 'interview-conference' };

export const joinUrl = (r: Pick<Recipient, 'kind' | 'subject_id'>) => `/${JOIN_PAGE[r.kind]}/${r.subject_id}`;

/** «Консультация «…»», «мероприятие «…»», «видеоинтервью с командой «Формы»», capitalised for a sentence's start or not */
function subject(r: Recipient, start: boolean) {
  const text = r.kind === 'booking' ? `консультация «${r.title}»` : r.kind === 'event' ? `мероприятие «${r.title}»` : 'видеоинтервью с командой «Формы»';
  return start ? text[0].toUpperCase() + text.slice(1) : text;
}

const SUBJECT_LINE: Record<Recipient['kind'], string> = { booking: 'Консультация через час', event: 'Мероприятие через час', interview: 'Видеоинтервью через час' };

/**
 * One reminder per meeting and start time: a consultation moved (decision 024) or an event put off after its reminder
 * went out is reminded again for its new time. Matches dueRecipients' key (whole seconds since the epoch).
 */
export const reminderKey = (r: Pick<Recipient, 'kind' | 'subject_id' | 'starts_at'>) => `reminder:${r.kind}:${r.subject_id}@${Math.floor(r.starts_at.getTime() / 1000)}`;

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

/** Sends what is due; answers how many reminders went out. */
export async function sendDueReminders(env: Bindings, db: Db, now: Date) {
  const origin = env.APP_ORIGIN ?? '';
  let sent = 0;
  const until = new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000);
  for (const r of await dueRecipients(db, now, until, BATCH)) {
    const stored = await db.transaction(async (tx) => {
      const rows = await storeNotifications(tx, [
        { userId: r.user_id, kind: 'reminder', message: reminderText(r), url: joinUrl(r), dedupeKey: reminderKey(r) },
      ]);
      // another run got here first: the unique dedupe key let only one insert through
      if (rows.length && r.email) await emailSender(env, tx).sendEmail({ to: r.email, ...reminderMail(r, origin) });
      return rows;
    });
    if (stored.length) {
      sent += 1;
      await pushNotifications(env, stored);
    }
  }
  return sent;
}
