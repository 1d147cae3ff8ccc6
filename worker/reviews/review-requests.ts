// «Оцените консультацию» (issue 39 §2, decision 026 topic reviews): when a paid consultation's time is over, its buyer
// is asked once for a rating, with a link to the schedule's «Посещённые», where the card's «Оценить» opens the form
// (spec 002 §5.2). Run by the minute scheduler; the key makes it once per booking however often the job runs.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { formatWhen } from '../escrow/notices.ts';
import { personName } from '../notifications/notice.messages.ts';
import { pushNotifications, storeNotifications } from '../notifications/notify.ts';
import { dueReviewRequests, type ReviewRequestDue } from './review-requests.queries.ts';

/** the buyer's consultations already held, newest first: the one just ended is on top with its «Оценить» */
export const REVIEW_REQUEST_URL = '/CalendarPage?tab=history&filter=attended';
export const REVIEW_REQUEST_KEY = 'review_request:booking:';
/** a consultation that ended longer ago than this (the scheduler was down) is not asked about any more */
export const REVIEW_REQUEST_WINDOW_HOURS = 24;
const BATCH = 200;

/** «Оцените консультацию «Разбор резюме» (Иван Петров, 28 ноября 2026 г., 15:00): как всё прошло? …» in the buyer's zone */
export function reviewRequestText(r: Pick<ReviewRequestDue, 'title' | 'starts_at' | 'time_zone' | 'mentor_first_name' | 'mentor_last_name'>) {
  const about = [personName(r.mentor_first_name, r.mentor_last_name, ''), formatWhen(r.starts_at, r.time_zone)].filter(Boolean).join(', ');
  return `Оцените консультацию «${r.title}» (${about}): как всё прошло? Оценка займёт минуту и поможет другим выбрать наставника.`;
}

/** Asks for the ratings that are due; answers how many were asked now. */
export async function sendReviewRequests(env: Bindings, db: Db, now: Date) {
  const since = new Date(now.getTime() - REVIEW_REQUEST_WINDOW_HOURS * 3_600_000);
  const due = await dueReviewRequests(db, since, now, REVIEW_REQUEST_KEY, BATCH);
  const rows = await storeNotifications(
    db,
    due.map((r) => ({ userId: r.user_id, kind: 'review_request', message: reviewRequestText(r), url: REVIEW_REQUEST_URL, dedupeKey: `${REVIEW_REQUEST_KEY}${r.booking_id}` })),
  );
  await pushNotifications(env, rows);
  return rows.length;
}
