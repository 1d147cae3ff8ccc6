// Who hears of a moved booking (issue 38 §1, decision 024), once the move has committed: both people in the bell, by
// e-mail, and a line in the chat between them from whoever moved it. The same for a move made in a request and for
// one a top-up's payment completed (the provider's notification, payment-events.ts).
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { openDirectRoom, insertMessage } from '../chats/chats.queries.ts';
import { publishToRoom } from '../chats/chat-fanout.ts';
import { toChatMessage } from '../chats/chats.mapper.ts';
import type { EmailSender } from '../mail/outgoing.ts';
import { notifyNow } from '../notifications/notify.ts';
import { mailContacts } from '../users/users.queries.ts';
import { movedBookingUrl, movedChatLine, movedMail, movedNotices, type Move } from './reschedule.notices.ts';

export type TellContext = { env: Bindings; db: Db; origin: string };

/** Sends an e-mail now or after the response (the route hands its background sender). */
export type Deliver = (send: (senders: { email: EmailSender }) => Promise<void>) => unknown;

/** A line in the chat of the booking's two people, from `senderId`, pushed to whoever has the room open. */
export async function chatLine(ctx: TellContext, sides: Move['sides'], senderId: number, content: string) {
  const roomId = await openDirectRoom(ctx.db, sides.mentee.id, sides.mentor.id);
  const line = await insertMessage(ctx.db, { roomId, senderId, content, replyTo: null, files: [], clientKey: null });
  if (line.kind === 'ok') await publishToRoom(ctx.env, roomId, { type: 'message', message: toChatMessage(line.message) }, line.seq);
}

/** Both sides' notifications (stored and pushed; once per move, by revision), their e-mails, and the chat line. */
export async function tellMove(ctx: TellContext, move: Move, deliver: Deliver) {
  const { sides } = move;
  await notifyNow(ctx.env, ctx.db, movedNotices(move));
  for (const person of await mailContacts(ctx.db, [sides.mentor.id, sides.mentee.id])) {
    const to = person.email;
    if (!to) continue;
    const reader = person.id === sides.mentor.id ? 'mentor' : 'mentee';
    const mail = movedMail(move, reader, person.firstName, `${ctx.origin}${movedBookingUrl(sides.bookingId, reader)}`);
    await deliver(({ email }) => email.sendEmail({ to, ...mail }));
  }
  await chatLine(ctx, sides, move.by === 'mentor' ? sides.mentor.id : sides.mentee.id, movedChatLine(move));
}
