// The mentor's reliability counts on their profile (decision 012, «Attendance and money»), raised inside the
// transaction that cancels and refunds, so a count and its refund commit or roll back together. Plain SQL, as
// the review counters' trigger does: a count changing is not the person editing their profile (updated_at).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';

/** The mentor cancelled a paid consultation, or an event with paid participants. */
export async function countMentorCancellation(tx: Tx, mentorId: number) {
  await tx.execute(sql`update users set mentor_cancellation_count = mentor_cancellation_count + 1 where id = ${mentorId}`);
}

/** The mentor did not come to a paid consultation the mentee came to (worker/maintenance/no-show.ts). */
export async function countMentorNoShow(tx: Tx, mentorId: number) {
  await tx.execute(sql`update users set mentor_no_show_count = mentor_no_show_count + 1 where id = ${mentorId}`);
}
