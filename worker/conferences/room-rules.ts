// Who may enter a meeting's room and when (spec 002 §5.1, §6; decision 012): the one rule GET /conferences/get/, the
// SFU proxy (sfu/sfu.routes.ts) and the socket's check before the upgrade (socket-access.ts) apply. A module of its
// own so that none of them imports another's routes.
import type { ConferenceContentType } from '../../party/protocol/conference.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { conferenceWindow, windowState, type ConferenceWindow } from './conference-window.ts';
import type { Meeting, Room } from './conferences.queries.ts';
import { conferenceMessages as m } from './conferences.schemas.ts';

/** Spec 002 §6, §8 (decision 012). Here rather than with the other texts in conferences.schemas.ts: only this rule says it. */
export const NO_EVENT_ACCESS = 'У вас нет доступа к этому мероприятию';

const isEvent = (t: ConferenceContentType) => t === 'events';
export const refuse = {
  notFound: (t: ConferenceContentType) => errors.notFound(isEvent(t) ? m.eventNotFound : t === 'mentorinterview' ? m.interviewNotFound : m.bookingNotFound),
  canceled: (t: ConferenceContentType) =>
    isEvent(t)
      ? errors.conflict('event_canceled', m.eventCanceled)
      : t === 'mentorinterview'
        ? errors.conflict('interview_canceled', m.interviewCanceled)
        : errors.conflict('booking_canceled', m.bookingCanceled),
  notPaid: () => errors.conflict('booking_not_paid', m.bookingNotPaid),
  notStarted: () => new ApiError(404, 'conference_not_started', m.notStarted),
  ended: () => errors.conflict('conference_ended', m.ended),
};

/** Who may take part (spec 002 §5.1, §6): the mentor as host, a confirmed participant of the event, the booker of a paid booking. */
export function roleIn(meeting: Meeting): 'host' | 'participant' {
  if (isEvent(meeting.contentType)) {
    // an event's cancellation is public (its page says so), and it ends every registration: say that first
    if (meeting.canceled) throw refuse.canceled(meeting.contentType);
    if (meeting.standing === 'mentor') return 'host';
    if (meeting.standing === 'participant') return 'participant';
    if (meeting.standing === 'pending_payment') throw new ApiError(403, 'registration_not_paid', m.registrationNotPaid);
    // «Вы не зарегистрированы» says what to do while registering is still possible (until the start); after it
    // there is nothing to do, and spec 002 §6's own words for a non-mentor who is not registered apply
    if (meeting.now >= meeting.startsAt) throw errors.forbidden(NO_EVENT_ACCESS);
    throw new ApiError(403, 'not_registered', m.notRegistered);
  }
  // a stranger learns nothing about someone else's booking
  if (!meeting.standing) throw errors.forbidden(m.noBookingAccess);
  if (meeting.canceled) throw refuse.canceled(meeting.contentType);
  if (!meeting.paid) throw refuse.notPaid();
  return meeting.standing === 'mentor' ? 'host' : 'participant';
}

/** The meeting's room as a joiner finds it now, after roleIn: running inside its window, or why not. */
export function roomNow(meeting: Meeting): { state: 'open'; room: Room; window: ConferenceWindow } | { state: 'ended' } | { state: 'not_started' } {
  const window = conferenceWindow(meeting.startsAt, meeting.endsAt);
  const state = windowState(window, meeting.now);
  if (state === 'after' || meeting.room?.status === 'ended') return { state: 'ended' };
  if (state === 'before' || !meeting.room) return { state: 'not_started' };
  return { state: 'open', room: meeting.room, window };
}
