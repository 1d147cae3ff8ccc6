// The Worker's side of a ConferenceRoom: what REST code calls when the meeting's row changes.
import { getServerByName } from 'partyserver';
import { conferenceRoomName } from '../../party/conference-identity.ts';
import type { ConferenceContentType, LiveRecordingState } from '../../party/protocol/conference.ts';
import type { Bindings } from '../env.ts';

/**
 * The meeting is over (call after its row became 'ended'): everyone in the room gets `ended` and is
 * disconnected with CONFERENCE_CLOSE.ended. An RPC, so nothing outside the Worker can reach it.
 */
export async function endConferenceRoom(env: Pick<Bindings, 'ConferenceRoom'>, contentType: ConferenceContentType, objectId: number) {
  const room = await getServerByName(env.ConferenceRoom, conferenceRoomName(contentType, objectId));
  return room.end();
}

/**
 * The meeting's recording started (`recording` set) or finished (null) (decision 019): everyone in the room is told
 * and later joiners' `welcome` carries it. Never throws: the row is the record; a room that cannot be told is logged.
 */
export async function announceRecording(
  env: Pick<Bindings, 'ConferenceRoom'>,
  contentType: ConferenceContentType,
  objectId: number,
  recording: LiveRecordingState,
) {
  try {
    const room = await getServerByName(env.ConferenceRoom, conferenceRoomName(contentType, objectId));
    return await room.recording(recording);
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'conference room not told of a recording', room: conferenceRoomName(contentType, objectId), error: String(e) }));
    return { told: 0 };
  }
}

/** What a person whose place was taken away reads (a close reason: at most ~60 Cyrillic letters). */
export const REVOKED_REASON = {
  bookingCanceled: 'Бронирование отменено',
  eventCanceled: 'Мероприятие отменено',
  registrationCanceled: 'Ваша регистрация на мероприятие отменена',
  interviewCanceled: 'Интервью отменено',
} as const;

/**
 * Someone's standing in a meeting ended after the commit (a booking or an event cancelled: `userId` null, everyone;
 * a registration cancelled: that person): their open connections to the room are closed with
 * CONFERENCE_CLOSE.revoked, and the socket route refuses them from now on. Never throws: the cancellation already
 * happened, and a room that cannot be told still admits nobody new; the failure is logged.
 */
export async function revokeConferenceAccess(
  env: Pick<Bindings, 'ConferenceRoom'>,
  contentType: ConferenceContentType,
  objectId: number,
  userId: number | null,
  reason: string,
) {
  try {
    const room = await getServerByName(env.ConferenceRoom, conferenceRoomName(contentType, objectId));
    return await room.revoke(userId, reason);
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'conference room not told of a revoked place', room: conferenceRoomName(contentType, objectId), error: String(e) }));
    return { closed: 0 };
  }
}
