import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSync } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { ShareLink } from '../../components/share-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { calendarFeedApi, calendarFeedQueries, type FeedAddress } from './calendar-feed.api.ts';

export const FEED_TITLE = 'Расписание в вашем календаре';
export const FEED_CREATE = 'Получить ссылку';
export const FEED_RESET = 'Сбросить ссылку';
export const FEED_OFF = 'Отключить';
export const FEED_SUBSCRIBE = 'Подписаться';
export const FEED_RESET_CONFIRM =
  'Старая ссылка перестанет работать, и календари, подписанные на неё, больше не будут обновляться. Продолжить?';

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * The private .ics address for Google Calendar, Apple Calendar and the like (decision 010). The server keeps
 * only a hash, so the address is shown right after it is made; later the card says when it was made and
 * offers «Сбросить ссылку» for a new one.
 */
export function CalendarFeedCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const state = useQuery(calendarFeedQueries.state(userId));
  const [fresh, setFresh] = useState<FeedAddress | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: calendarFeedQueries.all() });

  const reset = useMutation({
    mutationFn: calendarFeedApi.reset,
    onSuccess: (address) => {
      setFresh(address);
      setConfirmReset(false);
      void invalidate();
      toast({ title: 'Ссылка на календарь готова', description: 'Скопируйте её сейчас: полностью она показывается один раз.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Не удалось получить ссылку', description: errorText(error), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: calendarFeedApi.remove,
    onSuccess: () => {
      setFresh(null);
      void invalidate();
      toast({ title: 'Ссылка на календарь отключена' });
    },
    onError: (error) => toast({ title: 'Не удалось отключить ссылку', description: errorText(error), variant: 'destructive' }),
  });
  const busy = reset.isPending || remove.isPending;

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" data-testid="calendar-feed-card">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
          <CalendarSync aria-hidden className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 className="text-lg leading-tight font-semibold">{FEED_TITLE}</h2>
          <p className="text-sm text-muted-foreground">
            Консультации и мероприятия появятся в Google Календаре, Apple Календаре или Outlook и будут обновляться сами: переносы и
            отмены тоже. Ссылка личная — не делитесь ею.
          </p>
        </div>
      </div>

      {state.isPending ? (
        <Skeleton className="h-10 w-full rounded-lg" />
      ) : state.isError ? (
        <LoadErrorAlert onRetry={() => void state.refetch()}>Не удалось загрузить настройки календаря</LoadErrorAlert>
      ) : fresh ? (
        <div className="grid gap-3">
          <ShareLink url={fresh.url} />
          <p className="text-sm text-muted-foreground">
            Google Календарь: «Другие календари» → «Добавить по URL» и вставьте ссылку. На iPhone и Mac нажмите «{FEED_SUBSCRIBE}».
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={fresh.webcal_url}>{FEED_SUBSCRIBE}</a>
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => remove.mutate()}>
              {remove.isPending ? <Spinner /> : null}
              {FEED_OFF}
            </Button>
          </div>
        </div>
      ) : state.data.active ? (
        <div className="grid gap-3">
          <p className="text-sm">
            Ссылка создана {dayjs(state.data.created_at).format('D MMMM YYYY в HH:mm')}. Полностью она показывается один раз; если вы её
            потеряли, сбросьте и получите новую.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={busy} onClick={() => setConfirmReset(true)}>
              {FEED_RESET}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              {remove.isPending ? <Spinner /> : null}
              {FEED_OFF}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button disabled={busy} onClick={() => reset.mutate()}>
            {reset.isPending ? <Spinner className="text-primary-foreground" /> : null}
            {FEED_CREATE}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={`${FEED_RESET}?`}
        description={FEED_RESET_CONFIRM}
        confirmLabel={FEED_RESET}
        destructive
        pending={reset.isPending}
        onConfirm={() => reset.mutate()}
      />
    </Card>
  );
}
