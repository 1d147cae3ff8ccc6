// What a browser notification says (decision 027): a short title for the kind of news, the notification's own text,
// the page it opens, and a tag, so that the same notification shown twice (a repeat that reached the browser) replaces
// itself instead of stacking. How long a push service keeps it for a browser that is offline, and how urgently it
// wakes a phone, follow what it is about: a reminder or an open room is useless once the meeting has begun.
import { MAX_PLAINTEXT_BYTES } from './encrypt.ts';
import type { PushOptions } from './push-service.ts';

type Notice = { notification_id: number; kind: string; message: string; payload: Record<string, unknown> };

const TITLES: Record<string, string> = {
  chat_message: 'Новое сообщение',
  reminder: 'Напоминание о встрече',
  event_reminder: 'Напоминание о встрече',
  room_open: 'Комната открыта',
  waitlist_offer: 'Освободилось место',
  review_request: 'Как прошла встреча?',
  booking_canceled: 'Запись отменена',
  event_canceled: 'Мероприятие отменено',
  booking_moved: 'Запись перенесена',
  booking_move_proposed: 'Предложен перенос',
};

export type PushPayload = { title: string; body: string; url: string; tag: string };

const SOON = new Set(['reminder', 'event_reminder', 'room_open']);

export function pushNotice(n: Notice): { payload: PushPayload; options: PushOptions } {
  const url = typeof n.payload.url === 'string' && n.payload.url.startsWith('/') ? n.payload.url : '/';
  const base = { title: TITLES[n.kind] ?? 'Форма', url, tag: `forma-${n.notification_id}` };
  // a long message is cut to what one push can carry (JSON-escaped Cyrillic takes two bytes a letter)
  let body = n.message;
  while (new TextEncoder().encode(JSON.stringify({ ...base, body })).length > MAX_PLAINTEXT_BYTES) body = `${body.slice(0, Math.floor(body.length * 0.8))}…`;
  return {
    payload: { ...base, body },
    options: SOON.has(n.kind) ? { ttlSeconds: 60 * 60, urgency: 'high' } : { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  };
}
