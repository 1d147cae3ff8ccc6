import type { EventItemRow } from './events.queries.ts';

/** The mentor as event items show them. */
export function toMentorBrief(row: Pick<EventItemRow, 'mentorId' | 'mentorFirstName' | 'mentorLastName' | 'mentorAvatarUrl'>) {
  return {
    id: row.mentorId,
    mentor_name: row.mentorFirstName,
    mentor_surname: row.mentorLastName,
    mentor_avatar_url: row.mentorAvatarUrl,
  };
}

/** Free seats; null when the event has no limit (total_spots 0). */
const availableSpots = (row: EventItemRow) => (row.totalSpots === 0 ? null : Math.max(0, row.totalSpots - row.takenSpots));

/** EventListItem: the event list, a mentor's events. */
export function toEventListItem(row: EventItemRow) {
  return {
    id: row.id,
    title: row.title,
    date: row.startsAt.toISOString(),
    price: row.price,
    discount: row.discountPercent,
    image_url: row.imageUrl,
    total_spots: row.totalSpots,
    available_spots: availableSpots(row),
    category: row.category,
    status: row.status,
    mentor: row.mentorId,
    mentor_info: toMentorBrief(row),
    description: row.description,
    age_restriction: row.ageRestriction,
  };
}
export type EventListItem = ReturnType<typeof toEventListItem>;

/** EventDetail (GetEvent): the list item plus what the event page needs. */
export function toEventDetail(row: EventItemRow) {
  return {
    ...toEventListItem(row),
    event_id_mentor: row.mentorId,
    duration_minutes: row.durationMinutes,
    is_canceled: row.isCanceled,
    is_public: row.isPublic,
    /** the meeting is recorded (decision 019): the event page says so before anyone registers */
    is_recorded: row.isRecorded,
    registrations_count: row.takenSpots,
  };
}
export type EventDetail = ReturnType<typeof toEventDetail>;

/** The spec's list/top shape (GetTopEvents; 'availiable' is the spec's spelling), plus the mentor's brief. */
export function toTopEvent(row: EventItemRow) {
  return {
    id: row.id,
    event_title: row.title,
    event_date: row.startsAt.toISOString(),
    event_price: row.price,
    event_imageUrl: row.imageUrl,
    event_ageRestriction: row.ageRestriction,
    event_availiableSpots: availableSpots(row),
    event_totalSpots: row.totalSpots,
    event_category: row.category,
    event_id_mentor: row.mentorId,
    event_description: row.description,
    mentor_info: toMentorBrief(row),
  };
}
export type TopEvent = ReturnType<typeof toTopEvent>;
