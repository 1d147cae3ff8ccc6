// Schedule answers (GET /calendars/schedule/) for the web tests of /CalendarPage and /Home, in the server's own
// types, so a change of shape breaks the fixtures at compile time.
import type { Schedule, ScheduleBooking, ScheduleEvent, SchedulePerson } from '../../worker/calendars/schedule.schemas.ts';

const MIN = 60_000;

export const person = (id: number, name: string, surname: string, avatar: string | null = null): SchedulePerson => ({
  id,
  mentor_name: name,
  mentor_surname: surname,
  mentor_avatar_url: avatar,
});

/** An event of 90 minutes led by Анна Соколова (id 7), confirmed for the viewer. */
export function scheduleEvent(id: number, date: string, overrides: Partial<ScheduleEvent> = {}): ScheduleEvent {
  return {
    id,
    title: `Мероприятие ${id}`,
    date,
    end_date: new Date(Date.parse(date) + 90 * MIN).toISOString(),
    duration_minutes: 90,
    description: '',
    image_url: null,
    price: 0,
    is_canceled: false,
    conference_status: null,
    hasDispute: false,
    mentor: person(7, 'Анна', 'Соколова'),
    registration_status: 'confirmed',
    offer_expires_at: null,
    ...overrides,
  };
}

/** A paid hour of «Разбор резюме» with Анна Соколова (id 7), bought by Мария Иванова (id 1). */
export function booking(id: number, start: string, overrides: Partial<ScheduleBooking> = {}): ScheduleBooking {
  return {
    id,
    status: 'paid',
    price: 3000,
    created_at: new Date(Date.parse(start) - 30 * 24 * 60 * MIN).toISOString(),
    cancel_cutoff_hours: 0,
    from_package: false,
    slot: {
      id: 100 + id,
      start_time: start,
      end_time: new Date(Date.parse(start) + 60 * MIN).toISOString(),
      duration: 60,
      consultation_type: { id: 3, name: 'Разбор резюме', description: '', cost: 3000, user: person(7, 'Анна', 'Соколова') },
    },
    conference_status: null,
    has_dispute: false,
    dispute: null,
    deal_id: null,
    question: '',
    booked_by: person(1, 'Мария', 'Иванова'),
    has_review: false,
    can_review: false,
    dispute_until: null,
    can_dispute: false,
    ...overrides,
  };
}

/** A whole answer: empty lists unless given. */
export function schedule(zone: string, now: Date, parts: Partial<Schedule> = {}): Schedule {
  return { mentor_events: [], registered_events: [], booked_by_user: [], booked_for_mentor: [], time_zone: zone, now: now.toISOString(), earliest_date: null, ...parts };
}
