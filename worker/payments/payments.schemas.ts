// Payout card input: what the provider's widget hands the page (POST /api/payments/tokens/) and, for the
// local sandbox provider only, the card form it tokenizes.
import { z } from 'zod';
import { luhnValid } from './sandbox-card.ts';

export const payoutTokenBody = z.object({
  payout_token: z.string({ error: 'Токен карты обязателен' }).min(1, 'Токен карты обязателен').max(2048, 'Некорректный токен карты'),
  card_last4: z.string({ error: 'Укажите последние 4 цифры карты' }).regex(/^\d{4}$/, 'Укажите последние 4 цифры карты'),
  card_type: z.string({ error: 'Укажите тип карты' }).trim().min(1, 'Укажите тип карты').max(32, 'Некорректный тип карты'),
});

/** Valid through the last day of the expiry month (cards print MM/YY). */
function notExpired(expiry: string, now = new Date()) {
  const [mm, yy] = expiry.split('/').map(Number);
  return 2000 + yy > now.getUTCFullYear() || (2000 + yy === now.getUTCFullYear() && mm >= now.getUTCMonth() + 1);
}

const cardNumberField = z
  .string({ error: 'Введите номер карты' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, 'Неверный номер карты').refine(luhnValid, 'Неверный номер карты'));

const expiryField = z
  .string({ error: 'Укажите срок действия в формате ММ/ГГ' })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Укажите срок действия в формате ММ/ГГ')
  .refine((v) => notExpired(v), 'Срок действия карты истёк');

/** The sandbox widget's form; the widget's inline script applies the same rules before sending. */
export const sandboxCardBody = z.object({
  number: cardNumberField,
  expiry: expiryField,
  holder: z
    .string({ error: 'Укажите имя владельца латинскими буквами' })
    .trim()
    .max(64, 'Имя владельца не длиннее 64 символов')
    .regex(/^[A-Za-z]+(?:[ .'-]+[A-Za-z]+)*$/, 'Укажите имя владельца латинскими буквами'),
});

/** The sandbox checkout page's card form (POST /api/sandbox/checkout/{id}/pay); its script checks the same. */
export const sandboxCheckoutBody = z.object({
  card_number: cardNumberField,
  expiry: expiryField,
  cvc: z.string({ error: 'Введите CVC' }).trim().regex(/^\d{3}$/, 'CVC — три цифры с обратной стороны карты'),
});

/**
 * POST /api/payments/deals/: service_id is the booking's id for a consultation, the event's id for an event, the
 * package's id for a package (decision 006, «Packages»).
 */
export const dealBody = z.object({
  service_type: z.enum(['consultation', 'event', 'package'], { error: 'Неизвестный тип услуги' }),
  service_id: z.coerce.number({ error: 'Некорректная услуга' }).int('Некорректная услуга').min(1, 'Некорректная услуга').max(2_147_483_647, 'Некорректная услуга'),
  return_url: z.string({ error: 'Укажите адрес возврата' }).trim().min(1, 'Укажите адрес возврата').max(2000, 'Некорректный адрес возврата'),
});
export type DealBody = z.output<typeof dealBody>;
