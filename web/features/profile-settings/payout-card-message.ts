import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { PAYOUT_CARD_MESSAGE, PAYOUT_CARD_SIZE_MESSAGE } from '../../../worker/payments/payout-card-message.ts';

/** What the card widget posts to its parent after the card is tokenised (the sandbox's, or the page around YooKassa's). */
export const payoutCardMessageSchema = z.object({
  type: z.literal(PAYOUT_CARD_MESSAGE),
  payout_token: z.string().min(1),
  card_last4: z.string().regex(/^\d{4}$/),
  card_type: z.string().min(1).max(50),
});
export type PayoutCardMessage = z.infer<typeof payoutCardMessageSchema>;

/**
 * The card data from a window message, or null. Only our own origin counts (the widget is served
 * from it); any other sender or shape is ignored, never trusted as a token.
 */
export function readPayoutCardMessage(event: Pick<MessageEvent, 'origin' | 'data'>, expectedOrigin: string = window.location.origin): PayoutCardMessage | null {
  if (event.origin !== expectedOrigin) return null;
  const parsed = payoutCardMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

const sizeMessageSchema = z.object({ type: z.literal(PAYOUT_CARD_SIZE_MESSAGE), height: z.number().int().min(1).max(4000) });

/** The widget's content height from a window message of our own origin, or null. */
export function readPayoutCardHeight(event: Pick<MessageEvent, 'origin' | 'data'>, expectedOrigin: string = window.location.origin): number | null {
  if (event.origin !== expectedOrigin) return null;
  const parsed = sizeMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data.height : null;
}

/** The height the card widget reports for itself (null until it does). */
export function usePayoutCardHeight(): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const reported = readPayoutCardHeight(event);
      if (reported != null) setHeight(reported);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
  return height;
}

/** Calls onCard for every valid message of the card widget while `enabled`. */
export function usePayoutCardMessages(onCard: (card: PayoutCardMessage) => void, enabled = true): void {
  const latest = useRef(onCard);
  latest.current = onCard;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: MessageEvent) => {
      const card = readPayoutCardMessage(event);
      if (card) latest.current(card);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [enabled]);
}
