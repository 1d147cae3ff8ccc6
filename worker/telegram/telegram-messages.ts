// What the bot writes (decision 026): a notification as its text with a button to where it can be acted on; a chat
// message's notification also with «Ответить», whose press asks for the reply.
import type { InlineButton, ReplyMarkup } from './bot-api.ts';

export const LINKED_TEXT = 'Готово: уведомления Формы будут приходить сюда';
export const UNLINKED_TEXT = 'Уведомления Формы больше не приходят сюда. Подключить Telegram снова можно в настройках Формы.';
export const BAD_TOKEN_TEXT = 'Ссылка устарела или уже использована. Получите новую в настройках Формы: «Уведомления» → «Подключить Telegram».';
export const HELLO_TEXT = 'Это бот уведомлений Формы. Чтобы получать их здесь, откройте в настройках Формы «Уведомления» → «Подключить Telegram».';
export const REPLY_PROMPT_TEXT = 'Напишите ответ — он придёт в чат Формы от вашего имени.';
export const REPLY_SENT_TEXT = 'Ответ отправлен в чат Формы.';
export const REPLY_REFUSED_TEXT = 'Ответ не отправлен: этот чат вам больше недоступен.';
export const NOT_LINKED_TEXT = 'Этот Telegram не привязан к аккаунту Формы.';

/** callback_data of «Ответить»: the room (at most 64 bytes: «reply:» and a UUID) */
export const replyData = (roomId: string) => `reply:${roomId}`;
export const roomOfReplyData = (data: string | undefined) => /^reply:([0-9a-f-]{36})$/.exec(data ?? '')?.[1] ?? null;

type Notice = { kind: string; message: string; payload: Record<string, unknown> };

const BUTTON: Record<string, string> = { chat_message: 'Открыть чат', room_open: 'Войти в комнату', reminder: 'Ссылка для входа', waitlist_offer: 'Занять место', review_request: 'Оставить отзыв' };

export function telegramNotice(n: Notice, origin: string): { text: string; reply_markup?: ReplyMarkup } {
  const url = typeof n.payload.url === 'string' ? n.payload.url : null;
  const row: InlineButton[] = [];
  const roomId = typeof n.payload.roomId === 'string' ? n.payload.roomId : null;
  if (n.kind === 'chat_message' && roomId) row.push({ text: 'Ответить', callback_data: replyData(roomId) });
  if (url && origin) row.push({ text: BUTTON[n.kind] ?? 'Открыть в Форме', url: new URL(url, origin).toString() });
  return { text: n.message, ...(row.length ? { reply_markup: { inline_keyboard: [row] } } : {}) };
}

/** The e-mail a notification falls back to when Telegram could not deliver it. */
export function fallbackEmail(n: Notice, origin: string) {
  const url = typeof n.payload.url === 'string' ? n.payload.url : null;
  return {
    subject: 'Уведомление Формы',
    text: `Здравствуйте!\n\n${n.message}\n\n${url ? `Подробнее: ${origin}${url}\n\n` : ''}Команда «Формы»`,
  };
}
