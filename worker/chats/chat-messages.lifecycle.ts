// Posting a chat message: stored in Postgres first (membership, the sender's rate and the quoted message are checked
// by the storing statements themselves), then fanned out by the room's Durable Object, then announced to the members
// who do not have the room open.
import type { z } from 'zod';
import type { ChatMessage } from '../../party/protocol/chats.ts';
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { errors } from '../lib/errors.ts';
import type { Limit } from '../lib/rate-limit.queries.ts';
import { checkAttachments, discardAttachments, storeAttachments } from './chat-attachments.ts';
import { publishToRoom, tellAbsentMembers } from './chat-fanout.ts';
import { SUPPORT_NAME } from '../../party/protocol/support-view.ts';
import { personName, toChatMessage } from './chats.mapper.ts';
import { insertMessage, insertTextMessageCountingLimits, roomMembersCountingLimits, type InsertOutcome } from './chats.queries.ts';
import type { messageFields } from './chats.schemas.ts';

export type ChatContext = { env: Bindings; db: Db };
export type MessageInput = { fields: z.infer<typeof messageFields>; files: File[] };
/** The body as read before the membership check, or what reading it threw (thrown only after that check). */
export type EarlyInput = { input: MessageInput } | { error: unknown };
export type PostOutcome = { kind: 'posted'; message: ChatMessage } | { kind: 'not_member' } | { kind: 'bad_reply' };

type Member = Awaited<ReturnType<typeof roomMembersCountingLimits>> & {};
type Post = {
  roomId: string;
  senderId: number;
  limits: Limit[];
  /** the sender's Idempotency-Key: the same key again answers the message it stored, storing nothing new */
  clientKey: string | null;
};

/** Why a body cannot be sent, or null; it is answered after "not a member" (404) and "too many" (429), like every check of the body. */
function inputRefusal({ fields, files }: MessageInput, roomId: string) {
  if (fields.chat_room && fields.chat_room !== roomId) return errors.validation({ chat_room: 'Сообщение адресовано другому чату' });
  if (!fields.content && !files.length) return errors.validation({ content: 'Сообщение не может быть пустым' }, 'Сообщение не может быть пустым');
  return null;
}

/** The early body when it is a valid message without files: it can be stored in the round trip that checks the rest. */
function textOnly(early: EarlyInput | null, roomId: string) {
  if (!early || !('input' in early) || early.input.files.length || inputRefusal(early.input, roomId)) return null;
  return { content: early.input.fields.content, replyTo: early.input.fields.reply_to ?? null };
}

/**
 * Posts a message. A valid text-only body read early (`early`) takes one round trip to the database (members, rate
 * and insert in one batch, decision 015); any other takes the membership and rate check first, then the body (read
 * now by `readInput` unless it was read early), its files stored, then the message.
 */
export async function postMessage(ctx: ChatContext, post: Post, early: EarlyInput | null, readInput: () => Promise<MessageInput>): Promise<PostOutcome> {
  const { roomId, senderId, limits, clientKey } = post;
  const text = textOnly(early, roomId);
  if (text) {
    const { members, outcome } = await insertTextMessageCountingLimits(ctx.db, { roomId, senderId, clientKey, ...text }, limits);
    return members ? deliver(ctx, post, members, outcome) : { kind: 'not_member' };
  }
  const members = await roomMembersCountingLimits(ctx.db, roomId, senderId, limits);
  if (!members) return { kind: 'not_member' };
  if (early && 'error' in early) throw early.error;
  const input = early && 'input' in early ? early.input : await readInput();
  const refusal = inputRefusal(input, roomId);
  if (refusal) throw refusal;
  checkAttachments(input.files);
  const stored = await storeAttachments(ctx.env, ctx.db, senderId, input.files);
  let outcome: InsertOutcome;
  try {
    outcome = await insertMessage(ctx.db, { roomId, senderId, clientKey, content: input.fields.content, replyTo: input.fields.reply_to ?? null, files: stored });
  } catch (e) {
    await discardAttachments(ctx.env, ctx.db, stored);
    throw e;
  }
  // refused, or a repeated send whose message already has its own files
  if (outcome.kind !== 'ok') await discardAttachments(ctx.env, ctx.db, stored);
  return deliver(ctx, post, members, outcome);
}

/** A stored message to the room's open connections, then to the members away from it (a repeated send: to nobody again). */
async function deliver(ctx: ChatContext, { roomId, senderId }: Post, members: Member, outcome: InsertOutcome): Promise<PostOutcome> {
  if (outcome.kind === 'repeated') return { kind: 'posted', message: toChatMessage(outcome.message) };
  if (outcome.kind !== 'ok') return outcome;
  const message = toChatMessage(outcome.message);
  const present = await publishToRoom(ctx.env, roomId, { type: 'message', message }, outcome.seq);
  const sender = members.find((m) => m.user_id === senderId)!;
  // in a support room the team answers as the team
  const fromTeam = sender.support_user_id != null && sender.support_user_id !== senderId;
  const senderName = fromTeam ? SUPPORT_NAME : personName(sender.first_name, sender.last_name);
  await tellAbsentMembers(ctx.env, ctx.db, { roomId, senderId, senderName, members, present });
  return { kind: 'posted', message };
}
