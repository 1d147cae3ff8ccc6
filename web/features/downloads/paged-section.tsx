import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedListFooter } from '../../components/paged-list-footer.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';

type PagedSectionProps<T> = {
  id: string;
  title: string;
  description: string;
  query: UseInfiniteQueryResult<InfiniteData<{ results: T[]; has_more: boolean }>>;
  loadingLabel: string;
  errorText: string;
  empty: { icon: ReactNode; title: string; description: string };
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
};

/** One section of /loads: a heading, then a skeleton, an error with «Повторить», an empty state or the list with its paged footer. */
export function PagedSection<T>({ id, title, description, query, loadingLabel, errorText, empty, itemKey, renderItem }: PagedSectionProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.results) ?? [];
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label={loadingLabel} className="grid gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  } else if (query.isError && !items.length) {
    body = <LoadErrorAlert onRetry={() => void query.refetch()}>{query.error instanceof ApiError ? query.error.detail : errorText}</LoadErrorAlert>;
  } else if (!items.length) {
    body = <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  } else {
    body = (
      <>
        <ul aria-labelledby={id} className="divide-y rounded-2xl border bg-card">
          {items.map((item) => (
            <li key={itemKey(item)} className="px-4 py-3 sm:px-5">
              {renderItem(item)}
            </li>
          ))}
        </ul>
        <PagedListFooter query={query} errorText={errorText} />
      </>
    );
  }
  return (
    <section className="flex flex-col gap-3">
      <div className="grid gap-0.5">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {body}
    </section>
  );
}
