// The Worker's side of a ConferenceRoom: what REST code calls when the meeting's row changes.
import { getServerByName } from 'partyserver';
import { conferenceRoomName } from '../../party/conference-identity.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';
import type { Bindings } from '../env.ts';

/**
 * The meeting is over (call after its row became 'ended'): everyone in the room gets `ended` and is
 * disconnected with CONFERENCE_CLOSE.ended. An RPC, so nothing outside the Worker can reach it.
 */
export async function endConferenceRoom(env: Pick<Bindings, 'ConferenceRoom'>, contentType: ConferenceContentType, objectId: number) {
  const room = await getServerByName(env.ConferenceRoom, conferenceRoomName(contentType, objectId));
  return room.end();
}
