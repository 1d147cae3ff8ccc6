// Where the payer's browser goes after paying. Only our own site: a path or an absolute URL on our
// origin, so the payment flow can't be used to send people elsewhere (no open redirect).
import { errors } from '../lib/errors.ts';

/** The absolute return URL with `payment_id` appended, or a 400 for anything not on our origin. */
export function ownReturnUrl(raw: string, origin: string, paymentId: string) {
  const refuse = () => errors.validation({ return_url: 'Некорректный адрес возврата' }, 'Некорректный адрес возврата');
  // "//host" and "/\host" are protocol-relative: browsers take them to another site
  const isPath = raw.startsWith('/') && !/^\/[/\\]/.test(raw);
  let url: URL;
  try {
    url = isPath ? new URL(raw, origin) : new URL(raw);
  } catch {
    throw refuse();
  }
  if (url.origin !== origin || url.username || url.password) throw refuse();
  url.searchParams.set('payment_id', paymentId);
  return url.href;
}
