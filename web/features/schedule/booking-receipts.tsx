import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { formatAmount } from '../../lib/format-price.ts';
import { FISCAL_KIND_TEXT, FISCAL_STATUS_TEXT } from '../../../worker/downloads/fiscal-receipt.messages.ts';
import { scheduleQueries } from './schedule.api.ts';

/**
 * The buyer's fiscal receipts of this booking's payment (decision 020, «What people see»), one short line each as
 * /loads writes them, and the printable «Квитанция об оплате». Asked from the booking's detail, which answers them to
 * its buyer only; nothing shows while it loads, for a free booking, or before anything was paid.
 */
export function BookingReceipts({ viewerId, bookingId }: { viewerId: number; bookingId: number }) {
  const detail = useQuery(scheduleQueries.booking(viewerId, bookingId));
  const receipts = detail.data?.payment_receipts;
  if (!receipts) return null;
  return (
    <section aria-label="Чеки" className="grid gap-1">
      {receipts.fiscal_receipts.length ? (
        <ul aria-label="Кассовые чеки" className="grid gap-0.5">
          {receipts.fiscal_receipts.map((fiscal, index) => (
            <li key={index} data-testid="fiscal-receipt" className="text-sm text-muted-foreground">
              {/* on a narrow screen the line breaks after the kind, never between a sum and its state */}
              {FISCAL_KIND_TEXT[fiscal.kind]} ·{' '}
              <span className="whitespace-nowrap">
                {formatAmount(fiscal.amount)} · <span className={fiscal.status === 'canceled' ? 'text-destructive' : undefined}>{FISCAL_STATUS_TEXT[fiscal.status]}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <a
        href={receipts.receipt_url}
        target="_blank"
        rel="noopener"
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        Квитанция об оплате
        <ExternalLink className="size-3.5" aria-hidden />
      </a>
    </section>
  );
}
