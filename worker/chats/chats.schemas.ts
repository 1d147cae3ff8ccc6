import { z } from 'zod';
import { UUID, idParam } from '../lib/id-param.ts';

export const MESSAGE_MAX_LENGTH = 4000;
/** attachments: at most this many per message, each at most this size */
export const MESSAGE_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** all files of one message together (a Worker holds the whole form in memory) */
export const MESSAGE_FILES_MAX_BYTES = 25 * 1024 * 1024;
/** messages one person may send per minute, across rooms */
export const MESSAGES_PER_MINUTE = 60;
/** new direct rooms one person may open per hour */
export const ROOMS_PER_HOUR = 30;
export const MESSAGE_PAGE = 50;
export const MESSAGE_PAGE_MAX = 200;

const messageId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message);

export const ROOM_ID = UUID;

/** POST /chats/with-user/ (spec 000 §7): the user id of the person to write to. */
export const withUserBody = z.object({ mentor_profile_id: idParam('Некорректный пользователь') });

/** GET /chats/{roomId}/messages/: newest page by default, older with `before`, missed ones with `after`. */
export const messagesQuery = z
  .object({
    before: messageId('Некорректное сообщение').optional(),
    after: z.coerce.number({ error: 'Некорректное сообщение' }).int('Некорректное сообщение').min(0, 'Некорректное сообщение').optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
  })
  .refine((q) => q.before == null || q.after == null, { message: 'Укажите before или after, но не оба', path: ['before'] });

const contentField = z.string().trim().max(MESSAGE_MAX_LENGTH, `Сообщение не должно превышать ${MESSAGE_MAX_LENGTH} символов`);

/** The text fields of POST /chats/{roomId}/messages/ (multipart: content, chat_room, files, reply_to). */
export const messageFields = z.object({
  content: contentField.default(''),
  chat_room: z.string().optional(),
  reply_to: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), messageId('Некорректное сообщение').optional()),
});

export const editMessageBody = z.object({ content: contentField.min(1, 'Сообщение не может быть пустым') });

export const readBody = z.object({ message_id: messageId('Некорректное сообщение') });
