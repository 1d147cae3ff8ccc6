// What the tax status needs from the payment provider: YooKassa's `self_employed` objects (decision 020), the mentor's
// permission for ЮMoney to register his income receipts in «Мой налог». A port of its own so this domain does not
// depend on how the provider is built; the provider (worker/payments) implements it for YooKassa and the sandbox.
import type { ProviderContext } from '../payments/payment-provider.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import type { SelfEmployedStatus } from './tax-profiles.schemas.ts';

export type SelfEmployedObject = {
  id: string;
  status: SelfEmployedStatus;
  itn: string | null;
};

export interface SelfEmployedPort {
  /** POST /self_employed with `itn` or `phone` and `confirmation: {type: "redirect"}` */
  createSelfEmployed(input: { itn?: string; phone?: string; idempotencyKey: string }): Promise<SelfEmployedObject & { confirmationUrl: string | null }>;
  /** GET /self_employed/{id} */
  getSelfEmployed(id: string): Promise<SelfEmployedObject>;
}

export const SELF_EMPLOYED_NOT_CONFIGURED = 'self_employed_not_configured';

/**
 * The provider's self-employed calls for this request: YooKassa's payouts gateway, or the sandbox in development and
 * tests. Where payments are not configured at all, asking answers 503 (`payments_unavailable`), as paying does.
 */
export function selfEmployedPort(ctx: ProviderContext): SelfEmployedPort {
  return paymentProvider(ctx);
}
