/**
 * A payment provider refused a call or could not be reached. `code` and `description` are the provider's
 * own (YooKassa's error object, or the sandbox's equivalent), kept for logs and for `last_error` on
 * payouts and refunds; `retryable` says whether repeating the same call (same idempotency key) may help.
 */
export class PaymentProviderError extends Error {
  readonly provider: 'sandbox' | 'yookassa';
  readonly code: string;
  readonly description: string;
  readonly httpStatus: number | null;
  readonly retryable: boolean;

  constructor(provider: 'sandbox' | 'yookassa', code: string, description: string, options: { httpStatus?: number | null; retryable?: boolean } = {}) {
    super(`${provider}: ${code}: ${description}`);
    this.name = 'PaymentProviderError';
    this.provider = provider;
    this.code = code;
    this.description = description;
    this.httpStatus = options.httpStatus ?? null;
    this.retryable = options.retryable ?? false;
  }
}
