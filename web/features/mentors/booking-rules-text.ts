import type { BookingRulesInput } from '../../../worker/consultation-types/consultation-types.schemas.ts';

const NBSP = '\u00a0';

export type BookingRuleLine = { rule: 'notice' | 'horizon' | 'buffer' | 'daily_limit' | 'cutoff'; text: string };

/** «1 консультации», «2 консультаций», «21 консультации»: after «не более» */
function consultationsAfterNoMore(n: number) {
  return `${n}${NBSP}${n % 10 === 1 && n % 100 !== 11 ? 'консультации' : 'консультаций'}`;
}

function bufferText(before: number, after: number) {
  if (before === after) return `Перерыв ${before}${NBSP}мин до и после встречи`;
  if (!after) return `Перерыв ${before}${NBSP}мин до встречи`;
  if (!before) return `Перерыв ${after}${NBSP}мин после встречи`;
  return `Перерыв ${before}${NBSP}мин до встречи и ${after}${NBSP}мин после`;
}

/**
 * A type's booking rules as a mentee reads them before choosing it (decision 022), only those the mentor set, in the
 * words of the server's refusals: what the picker will not offer, and until when the booking can be cancelled or moved.
 */
export function bookingRuleLines(rules: BookingRulesInput | undefined): BookingRuleLine[] {
  if (!rules) return [];
  const lines: BookingRuleLine[] = [];
  if (rules.min_notice_hours > 0) lines.push({ rule: 'notice', text: `Запись не позднее чем за${NBSP}${rules.min_notice_hours}${NBSP}ч` });
  if (rules.horizon_days !== null) lines.push({ rule: 'horizon', text: `Запись не дальше чем на${NBSP}${rules.horizon_days}${NBSP}дн. вперёд` });
  if (rules.buffer_before_minutes > 0 || rules.buffer_after_minutes > 0) {
    lines.push({ rule: 'buffer', text: bufferText(rules.buffer_before_minutes, rules.buffer_after_minutes) });
  }
  if (rules.daily_limit !== null) lines.push({ rule: 'daily_limit', text: `Не более ${consultationsAfterNoMore(rules.daily_limit)} в${NBSP}день` });
  if (rules.cancel_cutoff_hours > 0) {
    lines.push({ rule: 'cutoff', text: `Отмена и перенос — не позднее чем за${NBSP}${rules.cancel_cutoff_hours}${NBSP}ч до${NBSP}начала` });
  }
  return lines;
}
