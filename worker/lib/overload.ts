/** What a 503 for a saturated Durable Object asks the caller to wait: its queue drains within moments. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 2;

/**
 * Whether a Durable Object refused the call because it is saturated (decision 015, «Overload answers at once»). The
 * runtime sets `overloaded: true` on such errors, and their message reads «Durable Object is overloaded. Too many
 * requests queued.»; either is enough, also on a wrapped error's cause. The caller gets a 503 with Retry-After at
 * once instead of a 500.
 */
export function durableObjectOverloaded(e: unknown): boolean {
  for (let err = e as { overloaded?: unknown; message?: unknown; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.overloaded === true) return true;
    if (typeof err.message === 'string' && /durable object is overloaded|too many requests queued/i.test(err.message)) return true;
  }
  return false;
}
