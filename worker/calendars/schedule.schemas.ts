import { z } from 'zod';

/** The longest window one schedule call answers (the spec's own is two months; 400 days covers a year view). */
export const SCHEDULE_MAX_DAYS = 400;

const day = (label: string) =>
  z
    .string({ error: `Укажите ${label} в формате ГГГГ-ММ-ДД` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Укажите ${label} в формате ГГГГ-ММ-ДД`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      message: 'Такой даты нет',
      abort: true,
    });

const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** GET /calendars/schedule/?start_date=&end_date= (spec 002 §7): both days included, in the caller's time zone. */
export const scheduleQuery = z
  .object({ start_date: day('дату начала'), end_date: day('дату окончания') })
  .refine((q) => daysBetween(q.start_date, q.end_date) >= 0, { path: ['end_date'], message: 'Дата окончания раньше даты начала' })
  .refine((q) => daysBetween(q.start_date, q.end_date) < SCHEDULE_MAX_DAYS, {
    path: ['end_date'],
    message: `Расписание можно запросить не больше чем за ${SCHEDULE_MAX_DAYS} дней`,
  });

export type SchedulePerson = { id: number; mentor_name: string; mentor_surname: string; mentor_avatar_url: string | null };

/** Spec 002 §3 "Schedule event" plus what the cards show. */
export type ScheduleEvent = {
  id: number;
  title: string;
  date: string;
  end_date: string;
  duration_minutes: number;
  description: string;
  image_url: string | null;
  price: number;
  is_canceled: boolean;
  conference_status: 'started' | 'ended' | null;
  hasDispute: boolean;
  mentor: SchedulePerson;
  /** the caller's registration (registered_events only) */
  registration_status: 'pending_payment' | 'confirmed' | null;
  /** a seat held for the caller by the event's waiting list (decision 023): until when the offer stands; null otherwise */
  offer_expires_at: string | null;
};

/** Spec 002 §3 "Consultation booking (schedule)" plus its status and what the caller may do with it. */
export type ScheduleBooking = {
  id: number;
  status: 'paid' | 'finished' | 'canceled';
  price: number;
  /** when it was booked: the refund's 24 hours after booking count from here (decision 010) */
  created_at: string;
  /** its booker may cancel until this many hours before the start, as kept when booked (decision 022); 0: until the start */
  cancel_cutoff_hours: number;
  /** paid with a package's credit (decision 006): it moves only within its type (decision 024) */
  from_package: boolean;
  slot: {
    id: number;
    start_time: string;
    end_time: string;
    duration: number;
    consultation_type: { id: number; name: string; description: string; cost: number; user: SchedulePerson };
  };
  conference_status: 'started' | 'ended' | null;
  has_dispute: boolean;
  /** the dispute about it, open or decided, so both sides read where it stands and what comes next (issue 35) */
  dispute: {
    status: 'open' | 'resolved_refund' | 'resolved_partial' | 'resolved_release';
    created_at: string;
    resolved_at: string | null;
    /** rubles returned to the buyer by the decision */
    refund_amount: number | null;
    /** the admin's words to both sides */
    resolution: string | null;
  } | null;
  deal_id: string | null;
  question: string;
  booked_by: SchedulePerson;
  has_review: boolean;
  /** the buyer may rate it now (started, not cancelled, not rated yet) */
  can_review: boolean;
  /** while the money is held: the last moment a dispute can be opened (decision 010) */
  dispute_until: string | null;
  /** the buyer may open a dispute now */
  can_dispute: boolean;
};

export type Schedule = {
  mentor_events: ScheduleEvent[];
  registered_events: ScheduleEvent[];
  booked_by_user: ScheduleBooking[];
  booked_for_mentor: ScheduleBooking[];
  time_zone: string;
  now: string;
  /**
   * The day (in the caller's zone, 'YYYY-MM-DD') of the earliest session the schedule has ever held for this person,
   * in any window, or null: «Показать более ранние» is offered only while there is something earlier to show
   * (issue 35: a new account pressed it and nothing happened).
   */
  earliest_date: string | null;
};
