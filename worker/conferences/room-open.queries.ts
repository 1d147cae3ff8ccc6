// Who is told that a meeting's room opened (room-open.ts): its participants, not its host, who have not been told for
// this start yet (their notification's dedupe key).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';

export type RoomOpenRecipient = { user_id: number; time_zone: string };

/**
 * The people who may join besides the host: an event's confirmed registrations (a seat still waiting for payment lets
 * nobody in), a consultation's buyer, an interview's applicant; less those holding `dedupeKey` already.
 */
export async function roomOpenRecipients(db: Executor, contentType: ConferenceContentType, objectId: number, dedupeKey: string): Promise<RoomOpenRecipient[]> {
  const people =
    contentType === 'events'
      ? sql`select r.user_id from event_registrations r where r.event_id = ${objectId} and r.status = 'confirmed'`
      : contentType === 'consultationbooking'
        ? sql`select b.mentee_id from consultation_bookings b where b.id = ${objectId} and b.status in ('paid', 'finished')`
        : sql`select a.user_id from mentor_interviews i join mentor_applications a on a.id = i.application_id where i.id = ${objectId}`;
  const result = await db.execute<RoomOpenRecipient>(sql`
    select u.id as user_id, u.time_zone from users u
    where u.id in (${people})
      and not exists (select 1 from notifications n where n.user_id = u.id and n.dedupe_key = ${dedupeKey})
    order by u.id`);
  return result.rows.map((r) => ({ user_id: Number(r.user_id), time_zone: r.time_zone }));
}
