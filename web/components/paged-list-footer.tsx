import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadErrorAlert } from './load-error-alert.tsx';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

type PagedListFooterProps = {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;
  /** What failed when a next page didn't load, e.g. "Не удалось загрузить следующие заявки". */
  errorText: string;
};

/**
 * Under a list loaded page by page: «Показать ещё» while there is more, and when a next page fails, the alert with
 * «Повторить» — the pages already shown stay, so the list's own error state (no items yet) never shows it.
 */
export function PagedListFooter({ query, errorText }: PagedListFooterProps) {
  return (
    <>
      {query.isFetchNextPageError ? <LoadErrorAlert onRetry={() => void query.fetchNextPage()}>{errorText}</LoadErrorAlert> : null}
      {query.hasNextPage ? (
        <Button variant="outline" className="self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? <Spinner /> : null}
          Показать ещё
        </Button>
      ) : null}
    </>
  );
}
