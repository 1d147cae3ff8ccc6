import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { FiscalReceiptList } from '../../components/fiscal-receipt-list.tsx';
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
      <FiscalReceiptList receipts={receipts.fiscal_receipts} itemClassName="text-sm" />
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
