import { z } from 'zod';
import { searchParam } from '../lib/list-params.ts';

export const menteesQuery = z.object({ search: searchParam });

/** One row of GET /mentees/ (docs/decisions/009-analytics-and-mentees.md). */
export type Mentee = {
  id: number;
  name: string;
  surname: string;
  avatar_url: string | null;
  bookings_count: number;
  registrations_count: number;
  last_contact: string;
  chat_room_id: string | null;
};
