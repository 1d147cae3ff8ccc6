import { z } from 'zod';
import { searchParam } from '../lib/list-params.ts';
import { idParam } from '../lib/id-param.ts';
import type { MenteeReliability } from '../reliability/reliability.schemas.ts';

export const menteesQuery = z.object({ search: searchParam });
export const menteeParam = z.object({ id: idParam('Некорректный ученик') });

/** a mentee's history with one mentor is short; this bounds it */
export const MENTEE_HISTORY_MAX = 100;

/** One row of GET /mentees/{id}/history/: a consultation or event of the mentee with this mentor. */
export type MenteeSession = {
  kind: 'consultation' | 'event';
  /** the booking's or the event's id */
  id: number;
  title: string;
  starts_at: string;
  state: 'ahead' | 'done' | 'canceled';
};

/** One row of GET /mentees/ (docs/decisions/009-analytics-and-mentees.md). */
export type Mentee = {
  id: number;
  name: string;
  surname: string;
  avatar_url: string | null;
  bookings_count: number;
  registrations_count: number;
  /** the latest contact that has come; null when all of them are ahead */
  last_contact: string | null;
  /** the soonest paid consultation or event of theirs still ahead */
  next_meeting: string | null;
  chat_room_id: string | null;
  /** attendance and late cancellations (decision 021); null for someone who only came to events */
  reliability: MenteeReliability | null;
};
