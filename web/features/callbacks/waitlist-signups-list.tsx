import { useInfiniteQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedListFooter } from '../../components/paged-list-footer.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { callbackQueries } from './callbacks.api.ts';

/**
 * The livestream landing's «Sign up for free» e-mails (issue 36), newest first: whom to invite when the streams open.
 * There is nothing to call back, so nothing to mark: the list is the record.
 */
export function WaitlistSignupsList({ timeZone }: { timeZone?: string }) {
  const list = useInfiniteQuery(callbackQueries.waitlist());
  const signups = list.data?.pages.flatMap((page) => page.results) ?? [];
  if (list.isPending) {
    return (
      <div role="status" aria-label="Загрузка подписок" className="grid gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-16 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (list.isError && !signups.length) {
    return <LoadErrorAlert onRetry={() => void list.refetch()}>{list.error instanceof ApiError ? list.error.detail : 'Не удалось загрузить подписки'}</LoadErrorAlert>;
  }
  if (!signups.length) {
    return <EmptyState icon={<Mail />} title="Подписок пока нет" description="Адреса из формы «Sign up for free» на лендинге эфиров появятся здесь." />;
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">Всего адресов: {list.data?.pages[0]?.total ?? signups.length}. Пригласите их, когда откроются эфиры.</p>
      <ul aria-label="Подписки на эфиры" className="grid gap-3">
        {signups.map((signup) => (
          <li key={signup.id}>
            <Card className="grid gap-1 p-4 sm:p-5">
              <a href={`mailto:${signup.email}`} className="w-fit font-semibold break-all text-primary underline-offset-2 hover:underline">
                {signup.email}
              </a>
              <span className="text-xs text-muted-foreground">
                Оставлен {formatDate(signup.created_at, timeZone)} на странице {signup.source}
              </span>
            </Card>
          </li>
        ))}
      </ul>
      <PagedListFooter query={list} errorText="Не удалось загрузить следующие подписки" />
    </>
  );
}
