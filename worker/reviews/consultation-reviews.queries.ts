// A buyer's rating of one consultation (decision 010). The insert itself carries the rule (only the booker,
// only a paid or finished booking, only after the start) and the unique booking_id makes it once per
// booking, so two submits at once store one review.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';

type StoredReview = { id: number; booking_id: number; mentor_id: number; rating: number; text: string; created_at: string };
/** what the mentor's notice names (issue 35): who rated which consultation, and when it was, in the mentor's zone */
type ReviewNoticeFacts = { type_name: string | null; starts_at: string; mentor_zone: string; author_first_name: string | null; author_last_name: string | null };

export type AddConsultationReviewOutcome =
  | { kind: 'added'; review: StoredReview & ReviewNoticeFacts }
  | { kind: 'not_found' | 'not_booker' | 'not_started' | 'not_paid' | 'exists' };

export async function addConsultationReview(db: Db, input: { bookingId: number; authorId: number; rating: number; text: string }): Promise<AddConsultationReviewOutcome> {
  try {
    const inserted = await db.execute<StoredReview & ReviewNoticeFacts>(sql`
      with added as (
        insert into consultation_reviews (booking_id, author_id, mentor_id, rating, text)
        select b.id, b.mentee_id, b.mentor_id, ${input.rating}, ${input.text}
        from consultation_bookings b join consultation_slots s on s.id = b.slot_id
        where b.id = ${input.bookingId} and b.mentee_id = ${input.authorId} and b.status in ('paid', 'finished') and s.starts_at <= now()
        returning id, booking_id, author_id, mentor_id, rating, text, to_json(created_at)#>>'{}' as created_at
      )
      select a.id, a.booking_id, a.mentor_id, a.rating, a.text, a.created_at, b.type_name, to_json(s.starts_at)#>>'{}' as starts_at,
             m.time_zone as mentor_zone, u.first_name as author_first_name, u.last_name as author_last_name
      from added a join consultation_bookings b on b.id = a.booking_id join consultation_slots s on s.id = b.slot_id
      join users u on u.id = a.author_id join users m on m.id = a.mentor_id`);
    if (inserted.rows[0]) return { kind: 'added', review: inserted.rows[0] };
  } catch (e) {
    if (isUniqueViolation(e)) return { kind: 'exists' };
    throw e;
  }
  // refused: say why
  const why = await db.execute<{ mentee_id: number; mentor_id: number; status: string; started: boolean; reviewed: boolean }>(sql`
    select b.mentee_id, b.mentor_id, b.status, s.starts_at <= now() as started,
           exists (select 1 from consultation_reviews r where r.booking_id = b.id) as reviewed
    from consultation_bookings b join consultation_slots s on s.id = b.slot_id where b.id = ${input.bookingId}`);
  const row = why.rows[0];
  if (!row || (Number(row.mentee_id) !== input.authorId && Number(row.mentor_id) !== input.authorId)) return { kind: 'not_found' };
  if (Number(row.mentee_id) !== input.authorId) return { kind: 'not_booker' };
  if (row.reviewed) return { kind: 'exists' };
  if (row.status !== 'paid' && row.status !== 'finished') return { kind: 'not_paid' };
  return { kind: 'not_started' };
}
