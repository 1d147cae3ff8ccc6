import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, PhoneCall, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedListFooter } from '../../components/paged-list-footer.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { callbackQueries, callbacksApi, type CallbackRequest, type CallbackStatus } from './callbacks.api.ts';
import { WaitlistSignupsList } from './waitlist-signups-list.tsx';

const PHONE_TAB = 'min-h-9 px-2 py-1.5 text-center leading-tight whitespace-normal sm:px-3 sm:py-0 sm:whitespace-nowrap';

/**
 * /admin/callbacks: the landings' «Перезвоните мне» requests. Waiting ones first, oldest first (the first to call);
 * «Позвонили» marks one done, and the «Выполненные» tab keeps who did it and when (a wrong mark can be undone).
 */
export function CallbackInboxScreen({ timeZone }: { timeZone?: string }) {
  // the third tab is the livestream landing's e-mail sign-ups (issue 36): requests from a landing too
  const [status, setStatus] = useState<CallbackStatus | 'waitlist'>('waiting');
  const inbox = useInfiniteQuery({ ...callbackQueries.inbox(status === 'waitlist' ? 'waiting' : status), enabled: status !== 'waitlist' });
  const requests = inbox.data?.pages.flatMap((page) => page.results) ?? [];
  const waiting = inbox.data?.pages[0]?.waiting;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Заявки на звонок</h1>
        {/* the sign-ups' tab is about e-mail addresses, not phone numbers to call */}
        <p className="text-sm text-muted-foreground">
          {status === 'waitlist'
            ? 'Посетители оставили адрес в форме «Sign up for free» на лендинге эфиров: их приглашаем на эфиры.'
            : 'Посетители оставили номер в форме «Перезвоните мне». Звоним с 8:00 до 22:00.'}
        </p>
      </div>
      <Tabs value={status} onValueChange={(value) => setStatus(value as CallbackStatus | 'waitlist')}>
        {/* three equal columns on a phone, labels wrapping: in one scrolling row «Подписки на эфиры» was cut at 390 px */}
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger value="waiting" className={PHONE_TAB}>
            Ждут звонка{waiting ? ` · ${waiting}` : ''}
          </TabsTrigger>
          <TabsTrigger value="done" className={PHONE_TAB}>
            Выполненные
          </TabsTrigger>
          <TabsTrigger value="waitlist" className={PHONE_TAB}>
            Подписки на эфиры
          </TabsTrigger>
        </TabsList>
      </Tabs>
      {status === 'waitlist' ? (
        <WaitlistSignupsList timeZone={timeZone} />
      ) : inbox.isPending ? (
        <div role="status" aria-label="Загрузка заявок" className="grid gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : inbox.isError && !requests.length ? (
        <LoadErrorAlert onRetry={() => void inbox.refetch()}>
          {inbox.error instanceof ApiError ? inbox.error.detail : 'Не удалось загрузить заявки'}
        </LoadErrorAlert>
      ) : !requests.length ? (
        <EmptyState
          icon={<PhoneCall />}
          title={status === 'waiting' ? 'Все перезвонили' : 'Выполненных заявок пока нет'}
          description={status === 'waiting' ? 'Новые заявки из формы на лендингах появятся здесь.' : 'Отмеченные «Позвонили» заявки появятся здесь.'}
        />
      ) : (
        <>
          <ul aria-label="Заявки" className="grid gap-3">
            {requests.map((request) => (
              <li key={request.id}>
                <CallbackItem request={request} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          <PagedListFooter query={inbox} errorText="Не удалось загрузить следующие заявки" />
        </>
      )}
    </section>
  );
}

function CallbackItem({ request, timeZone }: { request: CallbackRequest; timeZone?: string }) {
  const queryClient = useQueryClient();
  const done = request.done_at !== null;
  const mark = useMutation({
    mutationFn: () => callbacksApi.mark(request.id, !done),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callbackQueries.all() }),
    onError: (error) => toast({ title: 'Не удалось отметить заявку', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.', variant: 'destructive' }),
  });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="font-semibold break-words">{request.name}</span>
        <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className="w-fit text-sm text-primary underline-offset-2 hover:underline">
          {request.phone}
        </a>
        <span className="text-xs text-muted-foreground">
          Оставлена {formatDate(request.created_at, timeZone)}
          {request.done_at ? ` · позвонили ${formatDate(request.done_at, timeZone)}${request.done_by ? `, ${request.done_by}` : ''}` : null}
        </span>
      </div>
      <Button variant={done ? 'outline' : 'default'} disabled={mark.isPending} onClick={() => mark.mutate()} aria-label={`${done ? 'Вернуть в ожидающие' : 'Позвонили'}: ${request.name}`}>
        {mark.isPending ? <Spinner className="text-current" /> : done ? <Undo2 /> : <Check />}
        {done ? 'Вернуть' : 'Позвонили'}
      </Button>
    </Card>
  );
}
