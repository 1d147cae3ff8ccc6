// Which payout-card tokens we accept. The provider's widget tokenizes the card in the browser; the
// token and the card's last digits and type reach us through the page, so they are checked here.
import type { z } from 'zod';
import type { Bindings } from '../env.ts';
import { ApiError } from '../lib/errors.ts';
import { isDevEnvironment } from '../mail/senders.ts';
import type { payoutTokenBody } from './payments.schemas.ts';
import { readSandboxCardToken } from './sandbox-card.ts';

type PayoutTokenInput = z.output<typeof payoutTokenBody>;

const invalidToken = () => new ApiError(400, 'invalid_card_token', 'Не удалось подтвердить данные карты. Введите карту заново.');

export async function assertGenuinePayoutToken(env: Bindings, input: PayoutTokenInput) {
  if (isDevEnvironment(env)) {
    // the sandbox widget's token is signed, and the last digits and type the page sends must be the signed ones
    const card = await readSandboxCardToken(env.JWT_SECRET, input.payout_token);
    if (!card || card.last4 !== input.card_last4 || card.type !== input.card_type) throw invalidToken();
    return;
  }
  // Production: the YooKassa payout widget issues the token, and the YooKassa adapter (not written yet)
  // will verify it here. Until then saving a card fails closed rather than storing an unchecked token.
  throw new ApiError(503, 'payouts_unavailable', 'Сохранение карты временно недоступно');
}
