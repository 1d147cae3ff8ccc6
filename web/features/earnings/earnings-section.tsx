import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Clock, ReceiptText, Wallet } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedListFooter } from '../../components/paged-list-footer.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDate } from '../../lib/dayjs.ts';
import { earningsQueries, type Earning } from './earnings.api.ts';
import { money, stageText } from './earnings-format.ts';
import { EarningsTotals, PayoutCardPrompt } from './earnings-totals.tsx';

export const EARNINGS_LOAD_ERROR = 'Не удалось загрузить доходы';
export const EARNINGS_MORE_ERROR = 'Не удалось загрузить следующие оплаты';

const badgeVariant = { held: 'secondary', due: 'outline', paid_out: 'success' } as const;
// a package (decision 006) was shown as «Мероприятие» with no date: it is paid as a whole, before its sessions
const serviceLabel = { consultation: 'Консультация', event: 'Мероприятие', package: 'Пакет консультаций' } as const;

/** «Доходы» (/loads and /Statistics for a mentor): held, due and paid out, the card prompt, then every payment, a page at a time. */
export function EarningsSection({ userId, timeZone }: { userId: number; timeZone?: string }) {
  const query = useInfiniteQuery(earningsQueries.pages(userId));
  // the totals count every payment, so the first page's are the whole list's
  const earnings = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="earnings-title" className="flex flex-col gap-3">
      <div className="grid gap-0.5">
        <h2 id="earnings-title" className="text-lg font-semibold">
          Доходы и выплаты
        </h2>
        <p className="text-sm text-muted-foreground">
          Оплата ученика удерживается до окончания срока для споров (48 часов после консультации, сутки после мероприятия), затем
          выплачивается на вашу карту за вычетом комиссии платформы {earnings?.fee_percent ?? 5} %.
        </p>
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Загрузка доходов" className="grid gap-2">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-16 rounded-xl" />
        </div>
      ) : !earnings ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>{EARNINGS_LOAD_ERROR}</LoadErrorAlert>
      ) : (
        <>
          <EarningsTotals earnings={earnings} />
          <PayoutCardPrompt earnings={earnings} />
          {items.length === 0 ? (
            <EmptyState
              icon={<Wallet />}
              title="Оплат пока нет"
              description="Когда ученики оплатят ваши консультации или мероприятия, здесь появится каждая оплата и выплата по ней."
            />
          ) : (
            <>
              <ul aria-label="Оплаты и выплаты" className="divide-y rounded-2xl border bg-card">
                {items.map((item) => (
                  <li key={item.payment_id} className="px-4 py-3 sm:px-5">
                    <EarningRow item={item} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
              <PagedListFooter query={query} errorText={EARNINGS_MORE_ERROR} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function EarningRow({ item, timeZone }: { item: Earning; timeZone?: string }) {
  const what = serviceLabel[item.service.type];
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">
          {item.service.type === 'event' && item.service.id != null ? (
            <Link to="/event_info/$id" params={{ id: String(item.service.id) }} className="hover:underline">
              {what} «{item.service.title}»
            </Link>
          ) : (
            <>
              {what} «{item.service.title}»
            </>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {item.payer.name}
          {item.service.date && ` · ${formatDate(item.service.date, timeZone)}`}
        </p>
        <p className="text-xs text-muted-foreground">
          Оплачено {money(item.amount)}
          {item.refund ? `, возвращено ${money(item.refund)}` : ''}, комиссия {money(item.fee)}
        </p>
        {item.waiting_reason && (
          <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
            <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
            <span>{item.waiting_reason}</span>
          </p>
        )}
        {item.income_receipt && <IncomeReceiptLink receipt={item.income_receipt} />}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end sm:gap-1">
        <span className="font-semibold tabular-nums">{money(item.net)}</span>
        <Badge variant={badgeVariant[item.stage]} className="whitespace-normal text-left sm:text-right">
          {stageText(item, timeZone)}
        </Badge>
      </div>
    </div>
  );
}

/** A самозанятый's income receipt for the payout, registered in «Мой налог» (decision 020): his proof of the income. */
function IncomeReceiptLink({ receipt }: { receipt: NonNullable<Earning['income_receipt']> }) {
  const text = `Чек «Мой налог» № ${receipt.id}`;
  return (
    <p className="flex items-center gap-1.5 text-xs">
      <ReceiptText aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      {receipt.url ? (
        <a href={receipt.url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary break-all hover:underline">
          {text}
        </a>
      ) : (
        <span className="text-muted-foreground break-all">{text}</span>
      )}
    </p>
  );
}

/** /Home for a mentor: their money at a glance, the card prompt, and the way to the details. */
export function EarningsGlance({ userId }: { userId: number }) {
  const query = useQuery(earningsQueries.mine(userId));
  const earnings = query.data;
  return (
    <section aria-labelledby="earnings-glance-title" className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-glance-title" className="text-lg font-semibold">
          Ваши доходы
        </h2>
        <Link to="/Statistics" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Аналитика и выплаты
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </header>
      {query.isPending ? (
        <Skeleton role="status" aria-label="Загрузка доходов" className="h-20 rounded-xl" />
      ) : !earnings ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>{EARNINGS_LOAD_ERROR}</LoadErrorAlert>
      ) : (
        <>
          <EarningsTotals earnings={earnings} />
          <PayoutCardPrompt earnings={earnings} />
        </>
      )}
    </section>
  );
}
