// One hour before every paid consultation and every event, its people get a notification and an e-mail
// with the link to join (the landing's promise). The notification's dedupe key makes it once per person
// and meeting however often or late the minute scheduler runs; the e-mail is sent inside the same
// transaction, so a failed send is retried at the next run instead of being lost.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { emailSender } from '../mail/senders.ts';
import { pushNotifications, storeNotifications } from '../notifications/notify.ts';

export const REMINDER_LEAD_MINUTES = 60;
/** at most this many reminders per run; the rest go at the next minute */
const BATCH = 200;

type Recipient = {
  kind: 'booking' | 'event';
  subject_id: number;
  user_id: number;
  email: string | null;
  first_name: string;
  time_zone: string;
  starts_at: Date;
  title: string;
  role: 'mentor' | 'participant';
};

const timeIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);

export const joinUrl = (r: Pick<Recipient, 'kind' | 'subject_id'>) =>
  r.kind === 'booking' ? `/booking-conference/${r.subject_id}` : `/event-conference/${r.subject_id}`;

export const reminderKey = (r: Pick<Recipient, 'kind' | 'subject_id'>) => `reminder:${r.kind}:${r.subject_id}`;

function reminderText(r: Recipient) {
  const what = r.kind === 'booking' ? `Консультация «${r.title}»` : `Мероприятие «${r.title}»`;
  return `${what} начнётся в ${timeIn(r.starts_at, r.time_zone)} — через час или раньше. Ссылка для входа готова.`;
}

function reminderMail(r: Recipient, origin: string) {
  const what = r.kind === 'booking' ? `консультация «${r.title}»` : `мероприятие «${r.title}»`;
  return {
    subject: r.kind === 'booking' ? 'Консультация через час' : 'Мероприятие через час',
    text:
      `${r.first_name ? `Здравствуйте, ${r.first_name}!` : 'Здравствуйте!'}\n\n` +
      `Сегодня в ${timeIn(r.starts_at, r.time_zone)} (${r.time_zone}) начнётся ${what}.\n\n` +
      `Ссылка для входа: ${origin}${joinUrl(r)}\n\nКоманда «Формы»`,
  };
}

/** Everyone who should hear about a meeting starting within the lead time and has not been reminded yet. */
async function dueRecipients(db: Db, now: Date) {
  const until = new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000);
  const result = await db.execute<Recipient>(sql`
    with due as (
      select 'booking' as kind, b.id as subject_id, s.starts_at, t.name as title, p.user_id, p.role
      from consultation_bookings b
      join consultation_slots s on s.id = b.slot_id
      join consultation_types t on t.id = b.consultation_type_id
      cross join lateral (values (b.mentee_id, 'participant'), (b.mentor_id, 'mentor')) as p(user_id, role)
      where b.status = 'paid' and s.starts_at > ${now.toISOString()}::timestamptz and s.starts_at <= ${until.toISOString()}::timestamptz
      union all
      select 'event', e.id, e.starts_at, e.title, e.mentor_id, 'mentor'
      from events e
      where not e.is_canceled and e.starts_at > ${now.toISOString()}::timestamptz and e.starts_at <= ${until.toISOString()}::timestamptz
      union all
      select 'event', e.id, e.starts_at, e.title, r.user_id, 'participant'
      from events e join event_registrations r on r.event_id = e.id and r.status = 'confirmed'
      where not e.is_canceled and e.starts_at > ${now.toISOString()}::timestamptz and e.starts_at <= ${until.toISOString()}::timestamptz
    )
    select due.kind, due.subject_id, due.user_id, due.starts_at, due.title, due.role, u.email, u.first_name, u.time_zone
    from due join users u on u.id = due.user_id
    where not exists (
      select 1 from notifications n where n.user_id = due.user_id and n.dedupe_key = 'reminder:' || due.kind || ':' || due.subject_id)
    order by due.starts_at, due.subject_id, due.user_id
    limit ${BATCH}`);
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at) }));
}

/** Sends what is due; answers how many reminders went out. */
export async function sendDueReminders(env: Bindings, db: Db, now: Date) {
  const origin = env.APP_ORIGIN ?? '';
  let sent = 0;
  for (const r of await dueRecipients(db, now)) {
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
