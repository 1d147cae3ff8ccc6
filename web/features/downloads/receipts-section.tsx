import { useInfiniteQuery } from '@tanstack/react-query';
import { Receipt as ReceiptIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDate } from '../../lib/dayjs.ts';
import { formatAmount } from '../../lib/format-price.ts';
import { downloadsQueries, type Receipt } from './downloads.api.ts';
import { PagedSection } from './paged-section.tsx';
import { discountText, loyaltyReason } from '../../../worker/lib/loyalty-text.ts';
import { FiscalReceiptList } from '../../components/fiscal-receipt-list.tsx';
import { PaymentSummaryLink } from '../../components/payment-summary-link.tsx';

const statusLabels: Record<Receipt['status'], { label: string; variant: 'secondary' | 'success' | 'outline' }> = {
  succeeded: { label: 'Оплачено · на удержании', variant: 'secondary' },
  released: { label: 'Оплачено', variant: 'success' },
  refunded: { label: 'Возвращено', variant: 'outline' },
  canceled: { label: 'Отменено', variant: 'outline' },
  pending: { label: 'Ожидает оплаты', variant: 'outline' },
};

const refundLabels: Record<NonNullable<Receipt['refund']>['status'], string> = {
  pending: 'в обработке',
  succeeded: 'выполнен',
  failed: 'не прошёл, повторяем',
};

const serviceLabels: Record<Receipt['service']['type'], string> = { consultation: 'Консультация', event: 'Мероприятие', package: 'Пакет консультаций' };

/** Rubles with kopecks when there are any (a refund may have them), grouped as every screen writes money. */
const rubles = formatAmount;


/**
 * «Платежи и чеки»: my payments and refunds, each with its fiscal receipts (decision 020) and our own printable
 * «Квитанция об оплате». It was «Чеки» while the printable summary was the only «чек» there was.
 */
export function ReceiptsSection({ userId, timeZone }: { userId: number; timeZone?: string }) {
  const query = useInfiniteQuery(downloadsQueries.receipts(userId));
  return (
    <PagedSection<Receipt>
      id="loads-receipts"
      title="Платежи и чеки"
      description="Оплаты консультаций и мероприятий, возвраты по ним и кассовые чеки."
      query={query}
      loadingLabel="Загрузка платежей"
      errorText="Не удалось загрузить платежи"
      empty={{ icon: <ReceiptIcon />, title: 'Оплат пока нет', description: 'Когда вы оплатите консультацию или мероприятие, платёж и его чеки появятся здесь.' }}
      itemKey={(receipt) => receipt.id}
      renderItem={(receipt) => <ReceiptRow receipt={receipt} timeZone={timeZone} />}
    />
  );
}

function ReceiptRow({ receipt, timeZone }: { receipt: Receipt; timeZone?: string }) {
  const status = statusLabels[receipt.status];
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium">
          {serviceLabels[receipt.service.type]} «{receipt.service.title}»
        </p>
        <p className="text-xs text-muted-foreground">
          {receipt.seller.name} · {formatDate(receipt.service.date, timeZone)}
        </p>
        <p className="text-xs text-muted-foreground">
          Оплачено <time dateTime={receipt.paid_at}>{formatDate(receipt.paid_at, timeZone)}</time>
        </p>
        {receipt.discount ? (
          <p className="text-xs text-primary" data-testid="discount">
            Без скидки {rubles(receipt.discount.regular_amount)} ·{' '}
            {receipt.discount.consultation_number
              ? loyaltyReason(receipt.discount.consultation_number, receipt.discount.percent, receipt.discount.mentor_name)
              : discountText(receipt.discount.percent)}
          </p>
        ) : null}
        {receipt.refund ? (
          <p className="text-xs text-foreground" data-testid="refund">
            Возврат {rubles(receipt.refund.amount)} — {refundLabels[receipt.refund.status]}, {formatDate(receipt.refund.created_at, timeZone)}
          </p>
        ) : null}
        <FiscalReceiptList receipts={receipt.fiscal_receipts} className="mt-1" />
      </div>
      <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
        <span className="font-semibold">{rubles(receipt.amount)}</span>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <PaymentSummaryLink href={receipt.receipt_url} className="whitespace-nowrap" />
    </div>
  );
}
