// The parts of Telegram's Update (https://core.telegram.org/bots/api#update) the webhook reads; the rest is ignored.
import { z } from 'zod';

const user = z.object({ id: z.number().int(), username: z.string().max(64).optional(), first_name: z.string().optional() });
const chat = z.object({ id: z.number().int(), type: z.string().optional() });

export const telegramUpdate = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({
      message_id: z.number().int(),
      from: user.optional(),
      chat,
      text: z.string().max(4096).optional(),
      reply_to_message: z.object({ message_id: z.number().int() }).optional(),
    })
    .optional(),
  callback_query: z
    .object({ id: z.string().min(1).max(128), from: user, message: z.object({ message_id: z.number().int(), chat }).optional(), data: z.string().max(64).optional() })
    .optional(),
  my_chat_member: z.object({ chat, from: user.optional(), new_chat_member: z.object({ status: z.string() }) }).optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

/** The deep link's /start parameter: Telegram allows A-Z a-z 0-9 _ - and at most 64 characters. */
export const START_TOKEN = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/;
export const STOP_COMMAND = /^\/stop(?:@\w+)?\s*$/;
