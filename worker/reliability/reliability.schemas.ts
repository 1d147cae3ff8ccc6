// The reliability figures' shapes and thresholds (decision 021), shared by the API and the web screens: the server
// sends every figure with the number it is computed from; a screen shows a figure only from its threshold on.

/** Consultations whose time came before the mentor's attendance share is shown. */
export const MIN_CONSULTATIONS_DUE = 5;
/** Confirmed consultations in 90 days before the mentor's cancellations are shown. */
export const MIN_BOOKINGS_90D = 5;
/** Chats opened by others before the typical reply time is shown. */
export const MIN_CHATS = 5;
/** A mentee's consultations whose time came before their attendance is shown. */
export const MIN_MENTEE_DUE = 3;

/** A mentor's figures on the card and the page; null until the first refresh has counted them. */
export type MentorReliability = {
  sessions_held: number;
  attendance: { attended: number; due: number };
  cancellations_90d: { canceled: number; bookings: number };
  first_reply: { median_seconds: number | null; answered: number; chats: number };
};

/** A mentee's figures, shown only to a mentor they booked (GET /mentees/{id}/reliability/, «Мои менти»). */
export type MenteeReliability = {
  attendance: { attended: number; due: number };
  late_cancellations_90d: { canceled: number; bookings: number };
};
