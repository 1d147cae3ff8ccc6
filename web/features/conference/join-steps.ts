// The staged loading screen of spec 002 §4.1: every step's text and progress, in order. Pure, so the screen and
// its tests read the same table.
import { conferenceMessages } from '../../../worker/conferences/conferences.schemas.ts';

export type JoinStep =
  | 'init'
  | 'authorization'
  | 'content-info'
  | 'role-check'
  | 'registration-check'
  | 'conference-creation'
  | 'conference-polling'
  | 'equipment-check'
  | 'room-connection'
  | 'done';

export const JOIN_STEPS: Record<JoinStep, { text: string; progress: number }> = {
  init: { text: 'Инициализация...', progress: 10 },
  authorization: { text: 'Проверка авторизации...', progress: 20 },
  'content-info': { text: 'Получение информации...', progress: 30 },
  'role-check': { text: 'Проверка роли пользователя...', progress: 40 },
  // the spec gives no number for these three; they sit between the role check and the equipment check
  'registration-check': { text: 'Проверка регистрации...', progress: 50 },
  'conference-creation': { text: 'Создание конференции...', progress: 55 },
  'conference-polling': { text: 'Ожидание информации о конференции...', progress: 60 },
  'equipment-check': { text: 'Проверка оборудования...', progress: 70 },
  'room-connection': { text: 'Подключение к комнате...', progress: 90 },
  done: { text: 'Готово! Перенаправление...', progress: 100 },
};

/** Spec 002 §9: participants ask for the room every 2 s, 30 times. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_ATTEMPTS = 30;
/**
 * Ours: between the room's opening and the start a participant waits for the mentor without a limit, asking every
 * 10 s (every 2 s for the whole half hour would be 900 asks a person; an event of 100 would send 50 a second).
 */
export const EARLY_POLL_INTERVAL_MS = 10_000;

/** The join flow's own messages (spec 002 §8); the server's refusals come with theirs (worker/conferences). */
export const JOIN_MESSAGES = {
  noId: conferenceMessages.noId,
  auth: 'Необходима авторизация',
  timeout: 'Тайм-аут ожидания конференции',
  roleCheck: 'Не удалось проверить роль пользователя',
  /** the registration check got no answer (no connection, 15 s passed, a server error) */
  registrationCheck: 'Ошибка при проверке регистрации',
  /** our meeting engine (the room's socket) would not take us: followed by its reason */
  connection: 'Ошибка подключения к конференции',
  fallback: 'Ошибка подключения',
  /** decision 012: the SFU's server side exists; this client speaks only the mesh so far */
} as const;

/** A route's id as a row id, or null (the flow then stops with «Не указан ID мероприятия или бронирования»). */
export function parseMeetingId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
