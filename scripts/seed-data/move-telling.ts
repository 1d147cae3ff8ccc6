// How the demo data tells of a moved booking or a mentor's proposal (decision 024) in the server's own words: the
// notices and chat lines of worker/bookings/reschedule.notices.ts, made over the planned people and booking, the real
// ids (in the links and the once-only keys) put in when the plan is written.
import type { BookingSides } from '../../worker/bookings/bookings.queries.ts';
import type { NewNotification } from '../../worker/notifications/notify.ts';
import type { SeedContext } from './context.ts';
import type { Mentee, Mentor } from './people.ts';
import { Computed, Ref } from './plan.ts';

/** stand-ins for the two people's ids in the worker's notices: each becomes that person's row */
const MENTOR_ID = -1;
const MENTEE_ID = -2;

export type SeedSides = { sides: BookingSides; mentor: Mentor; mentee: Mentee };

/** The booking as the worker's notices read it (bookingSides), with its type name and start as they are now. */
export function seedSides(mentor: Mentor, mentee: Mentee, typeName: string, startsAt: Date): SeedSides {
  const person = (id: number, p: Mentor | Mentee) => ({ id, firstName: p.firstName, lastName: p.lastName, timeZone: p.zone as string });
  return { sides: { bookingId: 0, typeName, startsAt, mentor: person(MENTOR_ID, mentor), mentee: person(MENTEE_ID, mentee) }, mentor, mentee };
}

/**
 * Plans the notifications `make` gives (a function of reschedule.notices.ts), at `at`. `refs` are the rows whose ids
 * the links and keys name, the booking first (e.g. then a proposal); `readBy` has read theirs (who did it).
 */
export function addNotices(
  ctx: SeedContext,
  who: SeedSides,
  refs: readonly Ref[],
  make: (sides: BookingSides, ids: readonly number[]) => NewNotification[],
  at: Date,
  readBy: Ref | null,
) {
  const notices = (ids: readonly (number | string)[]) => make({ ...who.sides, bookingId: Number(ids[0]) }, ids.map(Number));
  notices(refs.map(() => 0)).forEach((notice, i) => {
    const userId = notice.userId === MENTOR_ID ? who.mentor.ref : who.mentee.ref;
    ctx.plan.add('notifications', {
      userId,
      kind: notice.kind,
      message: notice.message,
      payload: new Computed(refs, (ids) => ({ url: notices(ids)[i]!.url })),
      isRead: userId === readBy,
      dedupeKey: new Computed(refs, (ids) => notices(ids)[i]!.dedupeKey ?? null),
      createdAt: at,
    });
  });
}

/** A line in the chat of the booking's two people from `sender`, if the demo data gave them a room (social.ts). */
export function addChatLine(ctx: SeedContext, who: SeedSides, sender: Ref, content: string, at: Date) {
  const { plan } = ctx;
  const roomIndex = plan.rows.chatRooms.findIndex((room) => {
    const key = room.directKey;
    return key instanceof Computed && key.refs.includes(who.mentor.ref) && key.refs.includes(who.mentee.ref);
  });
  if (roomIndex < 0) return;
  plan.add('chatMessages', { roomId: new Ref('chatRooms', roomIndex), senderId: sender, content, createdAt: at });
  const row = plan.rows.chatRooms[roomIndex]!;
  if (!(row.lastMessageAt instanceof Date) || row.lastMessageAt < at) row.lastMessageAt = at;
}
