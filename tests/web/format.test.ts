import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice } from '../../web/lib/format-price.ts';
import { kopecksText, rublesText } from '../../worker/lib/money-text.ts';
import { formatRubles } from '../../worker/escrow/notices.ts';
import { formatPreviewPrice } from '../../web/features/events/event-preview-screen.tsx';
import { formatRubles as bookingRubles } from '../../web/features/booking/booking-step-confirm.tsx';
import { dayjs, formatDate } from '../../web/lib/dayjs.ts';

// Prices use no-break spaces so '₽' never wraps alone; compare with them normalised.
const plain = (text: string) => text.replace(/\u00A0/g, ' ');

describe('formatPrice', () => {
  it('groups thousands and appends the ruble sign', () => {
    expect(plain(formatPrice(11000))).toBe('11 000 ₽');
    expect(plain(formatPrice(1500000))).toBe('1 500 000 ₽');
    expect(plain(formatPrice(500))).toBe('500 ₽');
  });

  it('shows "Бесплатно" for zero or a missing price', () => {
    expect(formatPrice(0)).toBe('Бесплатно');
    expect(formatPrice(null)).toBe('Бесплатно');
    expect(formatPrice(undefined)).toBe('Бесплатно');
  });

  it('keeps the number and the sign together with a no-break space', () => {
    expect(formatPrice(11000)).toBe('11\u00A0000\u00A0₽');
  });

  it('writes a price one way on every screen and in every server text: «4 000 ₽», never «руб.» (issue 35 item 15)', () => {
    expect(formatPrice(4000)).toBe('4\u00A0000\u00A0₽');
    expect(formatPreviewPrice(4000)).toBe(formatPrice(4000));
    expect(formatPreviewPrice('0')).toBe('Бесплатно');
    expect(bookingRubles(4000)).toBe(formatPrice(4000));
    // the server's texts (notifications, refund quotes, receipts) use the same writer, kopecks after a comma
    expect(formatRubles(400_000)).toBe('4\u00A0000\u00A0₽');
    expect(kopecksText(123_456)).toBe('1\u00A0234,56\u00A0₽');
    expect(kopecksText(5)).toBe('0,05\u00A0₽');
    expect(kopecksText(0)).toBe('0\u00A0₽');
    expect(rublesText(1499)).toBe('1\u00A0499\u00A0₽');
    expect(formatAmount(0)).toBe('0\u00A0₽');
  });
});

describe('formatDate', () => {
  it('formats as "D MMMM YYYY HH:mm" in Russian, in the given time zone', () => {
    expect(formatDate('2026-03-05T15:30:00Z', 'Europe/Moscow')).toBe('5 марта 2026 18:30');
    expect(formatDate('2026-12-31T21:05:00Z', 'Asia/Yekaterinburg')).toBe('1 января 2027 02:05');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('starts the week on Monday', () => {
    // 2026-03-05 is a Thursday; its week starts on Monday 2 March.
    expect(dayjs('2026-03-05').startOf('week').format('YYYY-MM-DD dddd')).toBe('2026-03-02 понедельник');
  });
});
