import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Trash2, VideoOff } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { formatFileSize } from '../../lib/file-size.ts';
import { recordingQueries, recordingsApi, type Recording } from '../../lib/recordings/recordings.api.ts';
import { durationText } from '../../lib/recordings/recording-texts.ts';

export const RECORDING_PAGE_TEXTS = {
  notFound: 'Запись не найдена',
  notFoundHint: 'Её удалили, срок хранения истёк, или она вам недоступна.',
  processing: 'Запись ещё идёт. Она появится здесь, когда встреча закончится.',
  remove: 'Удалить запись',
  removeTitle: 'Удалить запись?',
  removeText: 'Запись удалится для всех участников сразу, восстановить её будет нельзя.',
  removed: 'Запись удалена',
  keep: 'Не удалять',
} as const;

/** /recording/{id}: the player over the file (range requests, so seeking works), what it is, until when it is kept. */
export function RecordingPageScreen({ id, timeZone }: { id: number; timeZone?: string }) {
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...recordingQueries.detail(id), enabled: valid });
  if (!valid || (query.isError && query.error instanceof ApiError && query.error.status === 404) || query.data?.status === 'deleted') return <RecordingNotFound />;
  if (query.isError) {
    return (
      <Frame>
        <EmptyState icon={<VideoOff />} title={query.error.message || 'Не удалось загрузить запись'} action={<Button onClick={() => void query.refetch()}>Повторить</Button>} />
      </Frame>
    );
  }
  if (query.isPending) {
    return (
      <Frame>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="aspect-video w-full rounded-xl" />
      </Frame>
    );
  }
  return <LoadedRecording recording={query.data} timeZone={timeZone} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return <section className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-6 sm:py-10">{children}</section>;
}

function RecordingNotFound() {
  return (
    <Frame>
      <EmptyState
        icon={<VideoOff />}
        title={RECORDING_PAGE_TEXTS.notFound}
        description={RECORDING_PAGE_TEXTS.notFoundHint}
        action={
          <Button asChild variant="outline">
            <Link to="/loads">К загрузкам</Link>
          </Button>
        }
      />
    </Frame>
  );
}

function LoadedRecording({ recording, timeZone }: { recording: Recording; timeZone?: string }) {
  const [confirm, setConfirm] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const at = (value: string | null) => (value ? (timeZone ? dayjs(value).tz(timeZone) : dayjs(value)) : null);
  const started = at(recording.started_at);
  const expires = at(recording.expires_at);
  const remove = useMutation({
    mutationFn: () => recordingsApi.remove(recording.id),
    onSuccess: async () => {
      toast({ title: RECORDING_PAGE_TEXTS.removed, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: recordingQueries.all() });
      void navigate({ to: '/loads' });
    },
    onError: (error) => toast({ title: error instanceof ApiError ? error.detail : 'Не удалось удалить запись', variant: 'destructive' }),
  });

  return (
    <Frame>
      <Link to="/loads" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" />
        Загрузки
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{recording.title || 'Запись встречи'}</h1>
        <p className="text-sm text-muted-foreground">
          {started ? `Запись от ${started.format('D MMMM YYYY, HH:mm')}` : null}
          {recording.status === 'ready' ? ` · ${durationText(recording.duration_ms)} · ${formatFileSize(recording.size_bytes)}` : null}
        </p>
      </div>
      {recording.status === 'ready' ? (
        <video controls preload="metadata" playsInline src={recording.file_url} data-testid="recording-player" className="aspect-video w-full rounded-xl bg-black" />
      ) : (
        <p role="status" className="grid aspect-video place-items-center rounded-xl bg-zinc-900 p-6 text-center text-sm text-white/80">
          {RECORDING_PAGE_TEXTS.processing}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {expires ? <p className="text-sm text-muted-foreground">Хранится до {expires.format('D MMMM YYYY')}</p> : <span />}
        {recording.can_delete ? (
          <Button variant="outline" className="text-destructive" onClick={() => setConfirm(true)}>
            <Trash2 />
            {RECORDING_PAGE_TEXTS.remove}
          </Button>
        ) : null}
      </div>
      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{RECORDING_PAGE_TEXTS.removeTitle}</DialogTitle>
            <DialogDescription>{RECORDING_PAGE_TEXTS.removeText}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button variant="outline">{RECORDING_PAGE_TEXTS.keep}</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? <Spinner className="text-current" label="Удаление" /> : null}
              {RECORDING_PAGE_TEXTS.remove}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Frame>
  );
}
