import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { api, unwrap } from '../../lib/api-client.ts';

/** GET /api/legal/operator/: the deployment's operator details (worker/legal/operator.ts); they change only with a deployment. */
export const operatorQuery = () =>
  queryOptions({
    queryKey: ['legal', 'operator'] as const,
    queryFn: async () => unwrap(await api.legal.operator.$get()),
    staleTime: 60 * 60_000,
  });

/**
 * Who the documents are from: the operator's name, ИНН, ОГРН, address and e-mail, as far as the deployment set them.
 * A detail that is not set is left out, never filled with a placeholder.
 */
export function OperatorDetails() {
  const operator = useQuery(operatorQuery());
  if (operator.isPending) {
    return (
      <div aria-busy="true" aria-label="Загружаем реквизиты" className="grid gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  }
  if (operator.isError) return <LoadErrorAlert onRetry={() => void operator.refetch()}>Не удалось загрузить реквизиты оператора</LoadErrorAlert>;
  const { name, inn, ogrn, address, email } = operator.data;
  const rows: Array<[string, ReactNode]> = [];
  if (name) rows.push(['Оператор', name]);
  if (inn) rows.push(['ИНН', inn]);
  if (ogrn) rows.push([ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН', ogrn]);
  if (address) rows.push(['Адрес', address]);
  if (email)
    rows.push([
      'Электронная почта',
      <a key="email" href={`mailto:${email}`} className="font-medium text-primary underline-offset-4 hover:underline">
        {email}
      </a>,
    ]);
  return (
    <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="mb-1.5 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
