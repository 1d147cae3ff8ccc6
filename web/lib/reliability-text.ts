// The reliability figures in words (decision 021): each with the number it is computed from, and «Пока мало данных»
// below its threshold, so a mentor with three consultations is not shown as «100 %» or «0 %».
import {
  MIN_BOOKINGS_90D,
  MIN_CHATS,
  MIN_CONSULTATIONS_DUE,
  MIN_MENTEE_DUE,
  type MenteeReliability,
  type MentorReliability,
} from '../../worker/reliability/reliability.schemas.ts';
import { countRu } from './plural.ts';

export type { MenteeReliability, MentorReliability };

/** One figure: a short value (null below the threshold) and the line that says what it is computed from. */
export type Figure = { key: string; label: string; value: string | null; detail: string };

const CONSULTATIONS = ['консультация', 'консультации', 'консультаций'] as const;
const MEETINGS = ['встреча', 'встречи', 'встреч'] as const;
const CHATS = ['чат', 'чата', 'чатов'] as const;
const BOOKINGS = ['запись', 'записи', 'записей'] as const;

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;
const tooFew = (what: string) => `Пока мало данных: ${what}`;

/** «меньше минуты», «25 мин», «3 ч», «2 дн.»: how long a typical first reply takes. */
export function replyTimeText(seconds: number): string {
  if (seconds < 60) return 'меньше минуты';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} ч`;
  return `${Math.round(hours / 24)} дн.`;
}

/** The mentor's four figures, in the order the page lists them. */
export function mentorFigures(r: MentorReliability): Figure[] {
  const { attendance: a, cancellations_90d: c, first_reply: f } = r;
  return [
    { key: 'sessions', label: 'Проведено встреч', value: String(r.sessions_held), detail: 'консультаций и мероприятий' },
    a.due >= MIN_CONSULTATIONS_DUE
      ? { key: 'attendance', label: 'Посещаемость', value: percent(a.attended, a.due), detail: `на ${a.attended} из ${countRu(a.due, CONSULTATIONS)}` }
      : { key: 'attendance', label: 'Посещаемость', value: null, detail: tooFew(countRu(a.due, CONSULTATIONS)) },
    c.bookings >= MIN_BOOKINGS_90D
      ? {
          key: 'cancellations',
          label: 'Отмены за 90 дней',
          value: String(c.canceled),
          detail: c.canceled === 0 ? `ни одной из ${countRu(c.bookings, CONSULTATIONS)}` : `${c.canceled} из ${countRu(c.bookings, CONSULTATIONS)}`,
        }
      : { key: 'cancellations', label: 'Отмены за 90 дней', value: null, detail: tooFew(countRu(c.bookings, CONSULTATIONS)) },
    f.chats >= MIN_CHATS
      ? {
          key: 'reply',
          label: 'Отвечает в чате',
          value: f.median_seconds === null ? 'редко' : `за ${replyTimeText(f.median_seconds)}`,
          detail: `обычно; ответ в ${f.answered} из ${countRu(f.chats, CHATS)}`,
        }
      : { key: 'reply', label: 'Отвечает в чате', value: null, detail: tooFew(countRu(f.chats, CHATS)) },
  ];
}

/** The card's one line: the figures that have enough data, or «Пока мало данных» with the sessions held. */
export function mentorCardLine(r: MentorReliability): string {
  const [sessions, ...rest] = mentorFigures(r);
  const shown = rest.filter((f) => f.value !== null);
  const held = countRu(Number(sessions.value), ['встреча проведена', 'встречи проведено', 'встреч проведено']);
  if (!shown.length) return `${held} · пока мало данных`;
  const words: Record<string, (f: Figure) => string> = {
    attendance: (f) => `посещаемость ${f.value}`,
    cancellations: (f) => (f.value === '0' ? 'без отмен за 90 дн.' : `${countRu(Number(f.value), ['отмена', 'отмены', 'отмен'])} за 90 дн.`),
    reply: (f) => `отвечает ${f.value}`,
  };
  return [held, ...shown.map((f) => words[f.key](f))].join(' · ');
}

/** How the figures are counted, in a few lines: the «Как считаем» note and the card's tooltip. */
export const MENTOR_FIGURES_HOW = [
  'Проведено: завершённые консультации и прошедшие мероприятия, на которые кто-то записался.',
  `Посещаемость: на скольких оплаченных консультациях наставник был в комнате встречи к началу (по записи входов и выходов комнаты); показываем с ${countRu(MIN_CONSULTATIONS_DUE, CONSULTATIONS)}.`,
  `Отмены за 90 дней: консультации, которые отменил наставник или пропустил (неявка), из всех оплаченных за этот срок; отмены учеников не считаются; показываем с ${countRu(MIN_BOOKINGS_90D, CONSULTATIONS)}.`,
  `Ответ в чате: медиана времени от первого сообщения собеседника до ответа наставника за полгода; показываем с ${countRu(MIN_CHATS, CHATS)}.`,
  'Цифры обновляются раз в час.',
];

/** A mentee's two figures, as the mentor who decides about them sees them. */
export function menteeFigures(r: MenteeReliability): Figure[] {
  const { attendance: a, late_cancellations_90d: l } = r;
  return [
    a.due >= MIN_MENTEE_DUE
      ? { key: 'attendance', label: 'Приходит на встречи', value: percent(a.attended, a.due), detail: `на ${a.attended} из ${countRu(a.due, MEETINGS)}` }
      : { key: 'attendance', label: 'Приходит на встречи', value: null, detail: tooFew(countRu(a.due, MEETINGS)) },
    {
      key: 'late',
      label: 'Поздние отмены за 90 дней',
      value: String(l.canceled),
      detail: l.bookings === 0 ? 'записей за 90 дней нет' : `${l.canceled} из ${countRu(l.bookings, BOOKINGS)}, меньше чем за 24 ч до начала`,
    },
  ];
}

/** A mentee in one line, for «Мои менти»: «Встречи: на 4 из 5 · 1 поздняя отмена за 90 дн.». */
export function menteeCardLine(r: MenteeReliability): string {
  const [attendance] = menteeFigures(r);
  const lateText =
    r.late_cancellations_90d.canceled === 0
      ? 'поздних отмен нет'
      : `${countRu(r.late_cancellations_90d.canceled, ['поздняя отмена', 'поздние отмены', 'поздних отмен'])} за 90 дн.`;
  const attended = attendance.value === null ? attendance.detail : `Приходит на ${r.attendance.attended} из ${countRu(r.attendance.due, MEETINGS)}`;
  return `${attended} · ${lateText}`;
}
