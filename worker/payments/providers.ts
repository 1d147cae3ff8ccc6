// Which payment provider serves this deployment (decision 006): YooKassa when its shop id and secret key
// are configured, otherwise the offline sandbox, which exists only in development and test.
import { ApiError } from '../lib/errors.ts';
import { isDevEnvironment } from '../mail/senders.ts';
import type { PaymentProvider, ProviderContext } from './provider.ts';
import { sandboxProvider } from './sandbox/sandbox-provider.ts';

export const paymentsUnavailable = () => new ApiError(503, 'payments_unavailable', 'Оплата временно недоступна');

export function isYookassaConfigured(env: ProviderContext['env']) {
  return Boolean(env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY);
}

export function paymentProvider(ctx: ProviderContext): PaymentProvider {
  // The YooKassa adapter lands next (worker/payments/yookassa/); until then a configured shop is refused
  // rather than silently served by the sandbox.
  if (isYookassaConfigured(ctx.env)) throw paymentsUnavailable();
  if (isDevEnvironment(ctx.env)) return sandboxProvider(ctx);
  throw paymentsUnavailable();
}
