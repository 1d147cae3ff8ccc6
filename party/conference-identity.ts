// What the Worker tells a ConferenceRoom about the person behind an upgrade (party/identity.ts's pattern: the
// Worker checks the session and the join token, strips whatever the client sent under these names, and sets
// them; the room trusts only these headers).
import type { ConferenceTopology } from './conference-limits.ts';
import { IDENTITY_HEADER } from './identity.ts';
import type { ConferenceContentType, ConferencePeer } from './protocol/conference.ts';

export const CONFERENCE_HEADERS = {
  userId: IDENTITY_HEADER,
  conferenceId: 'x-forma-conference-id',
  role: 'x-forma-conference-role',
  /** percent-encoded: header values are bytes, names are Cyrillic */
  name: 'x-forma-user-name',
  avatar: 'x-forma-user-avatar',
  /** 'mesh' or 'sfu': how the meeting's media flows, which sets the room's cap (decision 012) */
  topology: 'x-forma-conference-topology',
  /** '1' for a guest of /BaseMeet's demo room: no account, no attendance (then there is no conference id) */
  guest: 'x-forma-conference-guest',
  /** a demo guest's address, hashed (absent for loopback): one guest per address (decision 012, «The demo room») */
  address: 'x-forma-conference-address',
} as const;

export type ConferenceIdentity = {
  /** the user's id, or a guest's random id in the demo room */
  userId: number;
  /** the meeting's row (attendance is written against it); null for a guest of the demo room */
  conferenceId: number | null;
  role: ConferencePeer['role'];
  name: string;
  avatarUrl: string | null;
  topology: ConferenceTopology;
  /** a demo guest's hashed address, or null (members, and guests from loopback: a developer's own tabs) */
  address?: string | null;
};

/** The Durable Object's name for a meeting: one room per event or booking. */
export const conferenceRoomName = (contentType: ConferenceContentType, objectId: number) => `${contentType}:${objectId}`;

/**
 * The upgrade as the room should see it: our identity headers only (copies from the client and partyserver's
 * own control headers removed) and no query string — neither the join token nor `_pk`, with which a client
 * could choose its own connection id and collide with someone else's.
 */
export function withConferenceIdentity(request: Request, identity: ConferenceIdentity) {
  const url = new URL(request.url);
  url.search = '';
  const forwarded = new Request(url, request);
  for (const name of [...forwarded.headers.keys()]) {
    if (name.startsWith('x-forma-') || name.startsWith('x-partykit-')) forwarded.headers.delete(name);
  }
  forwarded.headers.set(CONFERENCE_HEADERS.userId, String(identity.userId));
  if (identity.conferenceId === null) forwarded.headers.set(CONFERENCE_HEADERS.guest, '1');
  else forwarded.headers.set(CONFERENCE_HEADERS.conferenceId, String(identity.conferenceId));
  forwarded.headers.set(CONFERENCE_HEADERS.role, identity.role);
  forwarded.headers.set(CONFERENCE_HEADERS.topology, identity.topology);
  if (identity.address) forwarded.headers.set(CONFERENCE_HEADERS.address, identity.address);
  forwarded.headers.set(CONFERENCE_HEADERS.name, encodeURIComponent(identity.name));
  if (identity.avatarUrl) forwarded.headers.set(CONFERENCE_HEADERS.avatar, encodeURIComponent(identity.avatarUrl));
  return forwarded;
}

/** The identity the Worker set, or null when the request did not come through the route. */
export function readConferenceIdentity(headers: Headers): ConferenceIdentity | null {
  const userId = Number(headers.get(CONFERENCE_HEADERS.userId));
  const guest = headers.get(CONFERENCE_HEADERS.guest) === '1';
  const conferenceId = guest ? null : Number(headers.get(CONFERENCE_HEADERS.conferenceId));
  const role = headers.get(CONFERENCE_HEADERS.role);
  if (!Number.isInteger(userId) || userId <= 0 || (conferenceId !== null && (!Number.isInteger(conferenceId) || conferenceId <= 0))) return null;
  if (role !== 'host' && role !== 'participant') return null;
  const topology = headers.get(CONFERENCE_HEADERS.topology);
  if (topology !== 'mesh' && topology !== 'sfu') return null;
  const address = guest ? headers.get(CONFERENCE_HEADERS.address) : null;
  if (address != null && !/^[0-9a-f]{16,64}$/.test(address)) return null;
  try {
    const avatar = headers.get(CONFERENCE_HEADERS.avatar);
    return { userId, conferenceId, role, topology, address, name: decodeURIComponent(headers.get(CONFERENCE_HEADERS.name) ?? ''), avatarUrl: avatar ? decodeURIComponent(avatar) : null };
  } catch {
    return null;
  }
}
