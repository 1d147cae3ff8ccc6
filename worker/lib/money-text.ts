// How an amount of money is written, one way for every screen and every server text: «4 000 ₽», «1 234,56 ₽»
// (issue 35 item 15). Pure: web/lib/format-price.ts and the Worker's notices, receipts and messages all use it.
// Digits are grouped by hand with no-break spaces, so «₽» never wraps onto a line of its own and the text is the
// same whatever ICU the runtime has (Intl's ru-RU separator is U+00A0 in some versions and U+202F in others).

const NBSP = '\u00A0';

const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/** Kopecks as rubles: «1 500 ₽» for whole rubles, «1 234,56 ₽» otherwise; 0 is «0 ₽». */
export function kopecksText(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.round(Math.abs(kopecks));
  const rest = abs % 100;
  return `${sign}${grouped(Math.floor(abs / 100))}${rest ? `,${String(rest).padStart(2, '0')}` : ''}${NBSP}₽`;
}

/** Rubles (a price): «4 000 ₽»; kopecks, if any, after a comma. */
export const rublesText = (rubles: number): string => kopecksText(Math.round(rubles * 100));
