// Who may open a meeting's socket now (decision 012, «Before the upgrade»). The join token says who the person was
// when GET /conferences/get/ answered; it lives 10 minutes, and a booking or registration may be cancelled inside
// them (issue 34: a refunded buyer's token still opened the room). So the socket route applies GET's own rule again
// — standing, cancellation, payment, window — and takes the role from it, not from the token.
import type { Executor } from '../../drizzle/db.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';
import { errors } from '../lib/errors.ts';
import { conferenceForSocket } from './attendance.queries.ts';
import { findMeeting } from './conferences.queries.ts';
import { refuse, roleIn, roomNow } from './room-rules.ts';

/**
 * The person's name and avatar, their role now and the running room; throws the refusal GET would answer. Two
 * statements at once: the meeting with the person's standing, and the person with the room's row.
 */
export async function socketAccess(db: Executor, contentType: ConferenceContentType, objectId: number, userId: number) {
  const [meeting, person] = await Promise.all([findMeeting(db, contentType, objectId, userId), conferenceForSocket(db, contentType, objectId, userId)]);
  if (!person) throw errors.unauthorized();
  if (!meeting) throw errors.notFound('Конференция не найдена');
  const role = roleIn(meeting);
  const now = roomNow(meeting);
  if (now.state === 'ended' || person.conference?.status === 'ended') throw refuse.ended();
  if (now.state === 'not_started' || !person.conference) throw refuse.notStarted();
  return { role, name: person.name, avatarUrl: person.avatarUrl, conference: person.conference };
}
