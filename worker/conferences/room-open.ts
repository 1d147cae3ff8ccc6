// «Комната открыта» (issue 39 §2, decision 026 topic room_open): the host opens a meeting's room (from 30 minutes
// before its start, decision 012), and everyone who may join hears it at once with the link to the join page. The
// dedupe key is per meeting and start time, so a double click, a second tab or a room ended and reopened tells each
// person once; a meeting moved to another time is told again when its room opens then.
import type { Executor } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { pushNotifications, storeNotifications } from '../notifications/notify.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';
import { joinUrl, subject, timeIn } from '../reminders/reminders.ts';
import { roomOpenRecipients } from './room-open.queries.ts';

const KIND: Record<ConferenceContentType, Parameters<typeof joinUrl>[0]['kind']> = { events: 'event', consultationbooking: 'booking', mentorinterview: 'interview' };

type OpenedMeeting = { contentType: ConferenceContentType; id: number; title: string; startsAt: Date };

export const roomOpenKey = (m: OpenedMeeting) => `room_open:${KIND[m.contentType]}:${m.id}@${Math.floor(m.startsAt.getTime() / 1000)}`;

/** «Комната открыта: консультация «Разбор резюме», начало в 15:00. Можно входить.» in the reader's zone */
export function roomOpenText(m: OpenedMeeting, timeZone: string) {
  return `Комната открыта: ${subject({ kind: KIND[m.contentType], title: m.title }, false)}, начало в ${timeIn(m.startsAt, timeZone)}. Можно входить.`;
}

/** Tells the meeting's participants its room is open; answers how many were told now. Never throws: the room is open. */
export async function announceRoomOpen(env: Bindings, db: Executor, meeting: OpenedMeeting) {
  try {
    const dedupeKey = roomOpenKey(meeting);
    const url = joinUrl({ kind: KIND[meeting.contentType], subject_id: meeting.id });
    const people = await roomOpenRecipients(db, meeting.contentType, meeting.id, dedupeKey);
    const rows = await storeNotifications(
      db,
      people.map((p) => ({ userId: p.user_id, kind: 'room_open', message: roomOpenText(meeting, p.time_zone), url, dedupeKey })),
    );
    await pushNotifications(env, rows);
    return rows.length;
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'room open notice failed', contentType: meeting.contentType, objectId: meeting.id, error: String(e) }));
    return 0;
  }
}
