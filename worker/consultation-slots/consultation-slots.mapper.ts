import type { MentorSlotRow, SlotDetailRow } from './consultation-slots.queries.ts';

/**
 * A slot as the session editor lists it (spec 002 §3, decision 006). A slot outside any series is a
 * one-time slot: repeat_type 'none'. For a weekly series custom_weekdays holds the weekday it repeats on.
 */
export function toMentorSlot(row: MentorSlotRow) {
  return {
    id: row.id,
    start_time: row.startsAt.toISOString(),
    end_time: row.endsAt.toISOString(),
    consultation_type: row.consultationTypeId,
    repeat_type: row.repeatType ?? 'none',
    custom_weekdays: row.customWeekdays ?? [],
    repeat_until: row.repeatUntil ?? null,
    recurrence_id: row.seriesId,
    user_id: row.mentorId,
    is_booked: row.isBooked,
  };
}
export type MentorSlot = ReturnType<typeof toMentorSlot>;

/** A bookable slot on the mentor page. */
export function toAvailableSlot(row: { id: number; startsAt: Date; endsAt: Date }) {
  return { id: row.id, start_time: row.startsAt.toISOString(), end_time: row.endsAt.toISOString() };
}
export type AvailableSlot = ReturnType<typeof toAvailableSlot>;

/** The booking dialog's view of one slot: who, what and when. */
export function toSlotDetail(row: SlotDetailRow) {
  return {
    mentor: {
      id: row.mentor.id,
      name: row.mentor.firstName,
      surname: row.mentor.lastName,
      tg_title: row.mentor.tgTitle,
      avatar_url: row.mentor.avatarUrl,
      time_zone: row.mentor.timeZone,
    },
    consultation_type: {
      id: row.type.id,
      name: row.type.name,
      description: row.type.description,
      costs: row.type.costs,
      duration_minutes: row.type.durationMinutes,
      // the booking dialog says the meeting will be recorded before anyone pays (decision 019)
      is_recorded: row.type.isRecorded,
      // until when the mentee may cancel, said before paying with the refund that follows (decision 022)
      cancel_cutoff_hours: row.type.cancelCutoffHours,
    },
    slot: toAvailableSlot(row.slot),
  };
}
export type SlotDetail = ReturnType<typeof toSlotDetail>;
