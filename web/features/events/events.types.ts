/*
 * Shapes of the events API (spec 000 §3, §7). Written by hand while the routes are being built;
 * once worker/app.ts mounts them these can become InferResponseType<…> of the typed client.
 */

export type EventStatus = 'live' | 'past' | 'canceled';

export type EventMentorInfo = {
  id: number;
  mentor_name: string | null;
  mentor_surname: string | null;
  mentor_avatar_url: string | null;
};

export type EventListItem = {
  id: number;
  title: string;
  date: string;
  price: number;
  image_url: string | null;
  total_spots: number | null;
  /** null: unlimited */
  available_spots: number | null;
  category: string;
  status: EventStatus;
  mentor: number;
  mentor_info: EventMentorInfo | null;
  /** sanitized HTML */
  description: string;
  age_restriction: number | string | null;
};

export type EventDetail = EventListItem & {
  event_id_mentor: number;
  duration_minutes: number | null;
  is_canceled: boolean;
  discount: number | null;
  registrations_count: number;
};

export type EventListPage = { results: EventListItem[]; has_more: boolean };

/** One live registration; who it is (user_id, name) only for the event's mentor, an admin, or the person themselves. */
export type EventRegistration = { id: number; user_id: number | null; name: string | null; status: string; created_at: string };

export type RegistrationCheck = { is_registered: boolean; status: string | null };

export type RegisterResult = { id: number; event_id: number; status: 'confirmed' | 'pending_payment' };

export type EventReview = {
  id: number;
  review_text: string;
  review_stars: number;
  review_date: string | null;
  author_name: string | null;
  author_avatar: string | null;
  created_at: string;
};
