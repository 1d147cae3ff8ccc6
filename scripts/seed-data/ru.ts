// Russian wording helpers for generated text.
import { zoneOffsetMinutes } from './time.ts';

/** plural(5, ['год', 'года', 'лет']) -> 'лет' */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

const monthsGenitive = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** '14 марта в 19:00' in Moscow time, as notifications show it. */
export function moscowDateTime(instant: Date): string {
  const local = new Date(instant.getTime() + zoneOffsetMinutes['Europe/Moscow'] * 60_000);
  const hh = String(local.getUTCHours()).padStart(2, '0');
  const mm = String(local.getUTCMinutes()).padStart(2, '0');
  return `${local.getUTCDate()} ${monthsGenitive[local.getUTCMonth()]} в ${hh}:${mm}`;
}

/** «Title» in guillemets, unless it already has its own (Практикум «…»). */
export const quoted = (title: string) => (title.includes('«') ? title : `«${title}»`);

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
