import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ReceiptText, RotateCw } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedListFooter } from '../../components/paged-list-footer.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { formatAmount } from '../../lib/format-price.ts';
import { fiscalReceiptQueries, fiscalReceiptsApi, type ProblemReceipt } from './fiscal-receipts.api.ts';

/** the receipt's «признак расчёта», as an accountant names it */
const KIND_TEXT: Record<ProblemReceipt['kind'], string> = {
  payment: 'Приход',
  settlement: 'Зачёт предоплаты',
  refund: 'Возврат прихода',
};

/** why the receipt is here: refused by the register, not taken by the provider, or waiting too long */
const STATUS_TEXT: Record<ProblemReceipt['status'], string> = {
  canceled: 'Касса отклонила',
  not_sent: 'Не отправлен',
  pending: 'Регистрируется дольше 3 дней',
  succeeded: 'Без фискальных данных',
};

/**
 * /admin/receipts («Чеки»): the fiscal receipts the minute job could not finish (decision 020) — refused by the
 * register after every remake, not taken by the provider, or pending more than 3 days. Newest problem first;
 * «Повторить» puts one back in the job's queue and tries it at once.
 */
export function ProblemReceiptsScreen({ timeZone }: { timeZone?: string }) {
  const list = useInfiniteQuery(fiscalReceiptQueries.problems());
  const receipts = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.total;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Чеки{total ? ` · ${total}` : ''}</h1>
        <p className="text-sm text-muted-foreground">
          Кассовые чеки, которые не удалось зарегистрировать: касса отклонила их после всех попыток, платёжная система их не приняла или они
          регистрируются дольше 3 дней (тогда пишем в поддержку ЮKassa).
        </p>
      </div>
      {list.isPending ? (
        <div role="status" aria-label="Загрузка чеков" className="grid gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-28 rounded-2xl" />
          ))}
        </div>
      ) : list.isError && !receipts.length ? (
        <LoadErrorAlert onRetry={() => void list.refetch()}>{list.error instanceof ApiError ? list.error.detail : 'Не удалось загрузить чеки'}</LoadErrorAlert>
      ) : !receipts.length ? (
        <EmptyState icon={<ReceiptText />} title="Все чеки зарегистрированы" description="Чеки, которые касса отклонит или не зарегистрирует за 3 дня, появятся здесь." />
      ) : (
        <>
          <ul aria-label="Чеки с проблемами" className="grid gap-3">
            {receipts.map((receipt) => (
              <li key={receipt.id}>
                <ProblemReceiptItem receipt={receipt} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          <PagedListFooter query={list} errorText="Не удалось загрузить следующие чеки" />
        </>
      )}
    </section>
  );
}

function ProblemReceiptItem({ receipt, timeZone }: { receipt: ProblemReceipt; timeZone?: string }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => fiscalReceiptsApi.retry(receipt.id),
    onSuccess: (answer) => {
      toast({
        title: answer.registered ? 'Чек зарегистрирован' : answer.status === 'pending' ? 'Чек отправлен, ждём кассу' : 'Чек поставлен в очередь',
        description: answer.last_error ?? undefined,
      });
      void queryClient.invalidateQueries({ queryKey: fiscalReceiptQueries.all() });
    },
    onError: (error) => toast({ title: 'Не удалось повторить', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.', variant: 'destructive' }),
  });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:p-5">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">
            {KIND_TEXT[receipt.kind]} · <span className="whitespace-nowrap">{formatAmount(receipt.amount_kopecks / 100)}</span>
          </span>
          <Badge variant={receipt.status === 'pending' ? 'secondary' : 'destructive'}>{STATUS_TEXT[receipt.status]}</Badge>
        </div>
        <span className="text-sm break-words">
          {receipt.payment.title} · платёж <span className="whitespace-nowrap">{formatAmount(receipt.payment.amount_kopecks / 100)}</span>
          {receipt.payment.paid_at ? `, оплачен ${formatDate(receipt.payment.paid_at, timeZone)}` : null}
        </span>
        <span className="text-sm break-words text-muted-foreground">
          Плательщик: {receipt.payer.name || `#${receipt.payer.id}`}
          {receipt.payer.email ? ` · ${receipt.payer.email}` : null}
        </span>
        {receipt.last_error ? <span className="text-sm break-words text-destructive">{receipt.last_error}</span> : null}
        <span className="text-xs text-muted-foreground">
          Попыток: {receipt.attempts}
          {receipt.remakes ? ` · оформлен заново: ${receipt.remakes}` : null} · <span className="whitespace-nowrap">с {formatDate(receipt.problem_at, timeZone)}</span>
        </span>
        <span className="font-mono text-xs break-all text-muted-foreground">Платёж {receipt.payment.id}</span>
      </div>
      <Button variant="outline" disabled={retry.isPending} onClick={() => retry.mutate()} aria-label={`Повторить: ${KIND_TEXT[receipt.kind]}, ${receipt.payer.name}`} className="sm:shrink-0">
        {retry.isPending ? <Spinner className="text-current" /> : <RotateCw />}
        Повторить
      </Button>
    </Card>
  );
}
