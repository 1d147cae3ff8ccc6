/*
 * What people are told about recording (issue 36, decision 019): before they book or register, on the room's join
 * screen, and in the room. One module, so the booking dialog, the event page, the join screen and the tests say the
 * same words. A participant is never recorded without having read one of these first.
 */

export const RECORDING_TEXTS = {
  /** the booking dialog, when the consultation type is recorded */
  booking: 'Консультация записывается. Запись видят только вы и наставник, она хранится 30 дней.',
  /** the event page, when the event is recorded */
  event: 'Мероприятие записывается. Запись видят только участники и наставник, она хранится 30 дней.',
  /** the join screen (the equipment check), when the meeting is recorded */
  join: 'Встреча записывается. Запись видят только участники и наставник, она хранится 30 дней.',
  /** in the room, while a recording runs: everyone sees it */
  badge: 'Идёт запись',
  watch: 'Смотреть запись',
  /** the mentor's choice in the consultation type and event forms */
  checkbox: 'Записывать встречи',
  checkboxHint: 'Участники узнают об этом до записи и перед входом в комнату. Записи хранятся 30 дней.',
} as const;

/** A recording's length: «1 ч 05 мин», «12 мин 30 с», «45 с» (the playback page and /loads). */
export function durationText(ms: number | null | undefined): string {
  const total = Math.max(0, Math.round((ms ?? 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return `${h} ч ${String(m).padStart(2, '0')} мин`;
  if (m) return `${m} мин${s ? ` ${s} с` : ''}`;
  return `${s} с`;
}
