import { useQuery } from '@tanstack/react-query';
import { FiscalReceiptList } from '../../components/fiscal-receipt-list.tsx';
import { PaymentSummaryLink } from '../../components/payment-summary-link.tsx';
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
      <PaymentSummaryLink href={receipts.receipt_url} className="w-fit" />
    </section>
  );
}
