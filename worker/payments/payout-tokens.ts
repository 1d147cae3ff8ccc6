// Which payout-card tokens we accept. The provider's widget tokenizes the card in the browser; the
// token and the card's last digits and type reach us through the page, so they are checked here.
import type { z } from 'zod';
import type { Bindings } from '../env.ts';
import { ApiError } from '../lib/errors.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import type { payoutTokenBody } from './payments.schemas.ts';
import { readSandboxCardToken } from './sandbox-card.ts';

type PayoutTokenInput = z.output<typeof payoutTokenBody>;

const invalidToken = () => new ApiError(400, 'invalid_card_token', 'Не удалось подтвердить данные карты. Введите карту заново.');

/** YooKassa payouts need the shop (for the safe deal's payouts) and the payouts gateway the widget belongs to. */
export const payoutsConfigured = (env: Bindings) => Boolean(env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY && env.YOOKASSA_PAYOUT_AGENT_ID);

export async function assertGenuinePayoutToken(env: Bindings, input: PayoutTokenInput) {
  if (isDevEnvironment(env)) {
    // the sandbox widget's token is signed, and the last digits and type the page sends must be the signed ones
    const card = await readSandboxCardToken(env.JWT_SECRET, input.payout_token);
    if (!card || card.last4 !== input.card_last4 || card.type !== input.card_type) throw invalidToken();
    return;
  }
  // Production: YooKassa's payout widget issued the token (the card's synonym) in the mentor's browser. YooKassa has
  // no call to look a synonym up, so what we can check is its shape and the card type's; a synonym that is not
  // YooKassa's fails at the first payout, which is retried and reported like any failed payout (decision 013).
  if (!payoutsConfigured(env)) throw new ApiError(503, 'payouts_unavailable', 'Сохранение карты временно недоступно');
  if (!YOOKASSA_TOKEN.test(input.payout_token) || !YOOKASSA_CARD_TYPES.has(input.card_type.toLowerCase())) throw invalidToken();
}

/** A payout synonym as YooKassa's widget hands it out: an opaque printable token. */
const YOOKASSA_TOKEN = /^[A-Za-z0-9+/=_.:-]{16,2048}$/;
/** The card types YooKassa reports (bank_card.card_type), compared without case. */
const YOOKASSA_CARD_TYPES = new Set(['mastercard', 'visa', 'mir', 'unionpay', 'jcb', 'americanexpress', 'dinersclub', 'discovercard', 'instapayment', 'instapaymenttm', 'laser', 'dankort', 'solo', 'switch', 'maestro', 'unknown']);
