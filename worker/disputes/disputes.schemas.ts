// Disputes (spec 002 §3 "Dispute complaint", §5.2; decision 006).
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { DISPUTE_TEXT_MAX, disputeMessages } from './dispute-rules.ts';

const text = z
  .string({ error: disputeMessages.textRequired })
  .trim()
  .min(1, disputeMessages.textRequired)
  .max(DISPUTE_TEXT_MAX, disputeMessages.textTooLong);

/** POST /disputes/complaints/ {booking_id, source: 'buyer', text} */
export const complaintBody = z.object({
  booking_id: idParam('Некорректное бронирование'),
  source: z.literal('buyer', { error: 'Диспут открывает покупатель' }).default('buyer'),
  text,
});

export const disputeListQuery = z.object({
  status: z.enum(['open', 'resolved'], { error: 'Некорректный статус' }).optional(),
});

export const disputeOutcomes = ['refund', 'partial_refund', 'release'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];

/** refund_amount is rubles, for a partial refund only (checked against the price when resolving). */
export const resolveBody = z
  .object({
    outcome: z.enum(disputeOutcomes, { error: 'Выберите решение' }),
    refund_amount: z.coerce.number({ error: 'Укажите сумму возврата' }).int('Сумма возврата — целое число рублей').min(1, 'Сумма возврата не меньше 1 ₽').nullish(),
    resolution: text,
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'partial_refund' && v.refund_amount == null) ctx.addIssue({ code: 'custom', path: ['refund_amount'], message: 'Укажите сумму возврата' });
  });
