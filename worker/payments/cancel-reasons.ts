// Why a payment was canceled, in YooKassa's words (cancellation_details.reason), which the sandbox speaks too and our
// own cancellations reuse, so one column (payments.cancel_reason) and one set of texts on the payment page serve all.
// Pure: the web's payment page reads PAYMENT_CANCEL_REASONS' meaning from web/features/payments.

/** the time to pay ran out: the payer left the checkout, or our hold on the slot or seat expired first */
export const TIME_RAN_OUT = 'expired_on_confirmation';
/** we canceled the payment: the person gave up the seat, or the mentor canceled the event, before it was paid */
export const CANCELED_BY_US = 'canceled_by_merchant';
/** what the sandbox's declined test card answers */
export const GENERAL_DECLINE = 'general_decline';

/** a reason as stored: YooKassa's codes are short snake_case words; anything else is dropped rather than stored */
export function storedCancelReason(reason: unknown): string | null {
  return typeof reason === 'string' && /^[a-z0-9_]{1,64}$/.test(reason) ? reason : null;
}
