// Which payment provider serves this deployment (decision 006): YooKassa when its shop id and secret key
// are configured, otherwise the offline sandbox, which exists only in development and test.
import type { AnyContext } from '../env.ts';
import { ApiError } from '../lib/errors.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import type { PaymentProvider, ProviderContext } from './payment-provider.ts';
import { sandboxProvider } from './sandbox/sandbox-provider.ts';
import { yookassaProvider, type YookassaProvider } from './yookassa/yookassa-provider.ts';

export const paymentsUnavailable = () => new ApiError(503, 'payments_unavailable', 'Оплата временно недоступна');

/** YooKassa from the environment, or null when it is not configured. */
export function configuredYookassa(env: ProviderContext['env']): YookassaProvider | null {
  const { YOOKASSA_SHOP_ID: shopId, YOOKASSA_SECRET_KEY: secretKey, YOOKASSA_API_URL: apiUrl } = env;
  const { YOOKASSA_PAYOUT_AGENT_ID: agentId, YOOKASSA_PAYOUT_SECRET_KEY: payoutSecretKey } = env;
  const payouts = agentId && payoutSecretKey ? { agentId, secretKey: payoutSecretKey } : null;
  return shopId && secretKey ? yookassaProvider({ shopId, secretKey, apiUrl }, payouts) : null;
}

export function paymentProvider(ctx: ProviderContext): PaymentProvider {
  const yookassa = configuredYookassa(ctx.env);
  if (yookassa) return yookassa;
  if (isDevEnvironment(ctx.env)) return sandboxProvider(ctx);
  throw paymentsUnavailable();
}

/** The provider's view of this request: its bindings, its database handle and our public origin. */
export function providerContext(c: AnyContext): ProviderContext {
  return { env: c.env, db: c.var.db, origin: new URL(c.req.url).origin };
}
