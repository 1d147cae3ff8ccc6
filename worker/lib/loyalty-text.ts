// How the product says a loyalty discount (issue 36, decision 006 «Loyalty steps»): the step on the mentor page and the
// reason beside a price, in the booking dialog, on the payment's return page and on the receipt. Pure, so the web and
// the Worker's receipt say it the same way.

// «10 %» is written with a no-break space, so «%» never wraps onto a line of its own
const NBSP = '\u00a0';

/** «С 5-й консультации — скидка 10 %» */
export function loyaltyStepText(step: { from: number; percent: number }): string {
  return `С ${step.from}-й консультации — скидка ${step.percent}${NBSP}%`;
}

/** «−10 %» (a minus sign, not a hyphen) */
export function discountText(percent: number): string {
  return `−${percent}${NBSP}%`;
}

// A first name in the instrumental case («с Анной», «с Иваном»), for the common Russian endings only. Anything else
// (a Latin name, a soft sign, which can be either gender: Игорь/Любовь) is said as «с ментором Alex», which is
// never wrong, rather than declined wrongly.
const IRREGULAR: Record<string, string> = { Павел: 'Павлом', Лев: 'Львом', Пётр: 'Петром', Петр: 'Петром', Илья: 'Ильёй' };
const HUSHING = /[жшчщц]$/i;

export function withMentorName(name: string | null | undefined): string {
  const first = (name ?? '').trim();
  if (!first) return 'с ментором';
  if (IRREGULAR[first]) return `с ${IRREGULAR[first]}`;
  if (!/^[А-ЯЁ][а-яё]+$/.test(first)) return `с ментором ${first}`;
  const stem = first.slice(0, -1);
  if (first.endsWith('ия')) return `с ${first.slice(0, -2)}ией`;
  if (first.endsWith('а')) return `с ${stem}${HUSHING.test(stem) ? 'ей' : 'ой'}`;
  if (first.endsWith('я')) return `с ${stem}ей`;
  if (first.endsWith('ий')) return `с ${first.slice(0, -2)}ием`;
  if (first.endsWith('й')) return `с ${stem}ем`;
  if (/[бвгдзклмнпрстфх]$/.test(first)) return `с ${first}ом`;
  if (HUSHING.test(first)) return `с ${first}ем`;
  return `с ментором ${first}`;
}

/** «5-я консультация с Анной: −10 %» */
export function loyaltyReason(consultationNumber: number, percent: number, mentorName: string | null | undefined): string {
  return `${consultationNumber}-я консультация ${withMentorName(mentorName)}: ${discountText(percent)}`;
}
