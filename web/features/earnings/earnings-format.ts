import { formatPrice } from '../../lib/format-price.ts';
import { inViewerZone } from '../../lib/dayjs.ts';
import type { Earning } from './earnings.api.ts';

/** Rubles with kopecks when there are any (the 5 % fee often has them); 0 is «0 ₽» here, never «Бесплатно». */
export function money(rubles: number): string {
  if (rubles === 0) return '0\u00A0₽';
  if (Number.isInteger(rubles)) return formatPrice(rubles);
  const [whole, fraction] = rubles.toFixed(2).split('.');
  return `${formatPrice(Number(whole)).replace('\u00A0₽', '')},${fraction}\u00A0₽`;
}

const day = (value: string, timeZone?: string) => inViewerZone(value, timeZone).format('D MMMM, HH:mm');

/** Where a payment's money is now, in words the mentor can act on. */
export function stageText(item: Earning, timeZone?: string): string {
  switch (item.stage) {
    case 'held':
      if (item.dispute_open) return 'На удержании: открыт спор, выплата ждёт решения';
      return item.release_after ? `На удержании до ${day(item.release_after, timeZone)}` : 'На удержании';
    case 'due':
      if (item.waits_for_card) return 'Ждёт карту для выплат';
      // held back on purpose (e.g. a самозанятый's «Мой налог» permission): the row says why, «Отправляется» would mislead
      return item.waiting_reason ? 'Выплата ждёт' : 'Отправляется на карту';
    case 'paid_out':
      return item.paid_out_at ? `Выплачено ${day(item.paid_out_at, timeZone)}` : 'Выплачено';
  }
}
