import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, RotateCcw } from 'lucide-react';
import { ApplicationPayloadView } from '../../components/application-payload-view.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { ApplicationForm } from './application-form.tsx';
import { ApplicationStatusChip } from './application-status-chip.tsx';
import { InterviewPicker } from './interview-picker.tsx';
import {
  completePayload,
  mentorApplicationApi,
  mentorApplicationQueries,
  type ApplicationPayload,
  type MentorApplication,
} from './mentor-application.api.ts';

type ScreenProps = {
  /** What a new draft starts with: the user's profile. */
  initialPayload: ApplicationPayload;
  /** The back button, supplied by the route (router history lives there). */
  backButton: ReactNode;
};

/** /become-mentor: loads the user's application, creating a draft when there is none (spec 001 §4). */
export function MentorApplicationScreen({ initialPayload, backButton }: ScreenProps) {
  const queryClient = useQueryClient();
  const key = mentorApplicationQueries.mine().queryKey;
  const mine = useQuery(mentorApplicationQueries.mine());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const store = (application: MentorApplication) => queryClient.setQueryData(key, application);

  const create = useMutation({
    mutationFn: mentorApplicationApi.create,
    onSuccess: (application) => {
      setServerErrors({});
      store(application);
    },
    onError: () => toast({ title: 'Не удалось создать заявку', description: 'Попробуйте обновить страницу.', variant: 'destructive' }),
  });

  // No application yet: start a draft once (the ref survives StrictMode's double effect).
  const creating = useRef(false);
  useEffect(() => {
    if (mine.data === null && !creating.current) {
      creating.current = true;
      create.mutate(initialPayload);
    }
  }, [mine.data, create, initialPayload]);

  const save = useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: ApplicationPayload }) => mentorApplicationApi.update(id, payload),
    onSuccess: (application) => {
      store(application);
      toast({ title: 'Черновик сохранён', variant: 'success', duration: 3000 });
    },
    onError: (error) => reportFailure(error, 'Не удалось сохранить черновик'),
  });

  const submit = useMutation({
    // Submit first saves, then submits (spec 001 §4).
    mutationFn: async ({ id, payload }: { id: number; payload: ApplicationPayload }) => {
      store(await mentorApplicationApi.update(id, payload));
      return mentorApplicationApi.submit(id);
    },
    onSuccess: (application) => {
      store(application);
      toast({ title: 'Заявка отправлена на модерацию', description: 'Мы сообщим, когда её рассмотрят.', variant: 'success' });
    },
    onError: (error) => reportFailure(error, 'Не удалось отправить заявку'),
  });

  function reportFailure(error: Error, title: string) {
    if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
    toast({ title, description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' });
  }

  const application = mine.data;

  if (mine.isError) {
    return (
      <Frame backButton={backButton}>
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
          <p className="font-medium text-destructive">Не удалось загрузить заявку</p>
          <Button variant="outline" onClick={() => void mine.refetch()}>
            Повторить
          </Button>
        </Card>
      </Frame>
    );
  }
  if (!application) {
    return (
      <Frame backButton={backButton}>
        <ApplicationSkeleton />
      </Frame>
    );
  }

  const payload = completePayload(application.payload);
  const name = [payload.mentor_name, payload.mentor_surname].filter(Boolean).join(' ');

  return (
    <Frame backButton={backButton} chip={<ApplicationStatusChip status={application.status} label={application.status_display} />}>
      <StatusNotice application={application} restarting={create.isPending} onRestart={() => create.mutate(payload)} />
      {application.status === 'submitted' ? <InterviewPicker /> : null}
      {application.status === 'draft' ? (
        <ApplicationForm
          key={application.id}
          initial={payload}
          status={application.status}
          serverErrors={serverErrors}
          saving={save.isPending || submit.isPending}
          submitting={submit.isPending}
          onSaveDraft={(next) => save.mutate({ id: application.id, payload: next })}
          onSubmit={(next) => submit.mutate({ id: application.id, payload: next })}
        />
      ) : (
        <Card className="grid gap-5 p-4 sm:p-6">
          <div className="flex items-center gap-3">
            <Avatar src={payload.mentor_avatar_url} name={name} className="size-12" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{name || 'Без имени'}</p>
              {application.submitted_at ? <p className="text-sm text-muted-foreground">Отправлена {formatDate(application.submitted_at)}</p> : null}
            </div>
          </div>
          <ApplicationPayloadView payload={payload} />
        </Card>
      )}
    </Frame>
  );
}

function Frame({ backButton, chip, children }: { backButton: ReactNode; chip?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <div>{backButton}</div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Стать наставником</h1>
          {chip}
        </div>
        <p className="text-sm text-muted-foreground">Консультации и мероприятия создают наставники. Заполните анкету: после проверки модератором ваш профиль появится в каталоге наставников, и вы сможете их создавать.</p>
      </div>
      {children}
    </section>
  );
}

function StatusNotice({ application, restarting, onRestart }: { application: MentorApplication; restarting: boolean; onRestart: () => void }) {
  if (application.status === 'submitted') {
    return (
      <Notice icon={<Clock />} tone="amber" title="Заявка на модерации">
        Мы проверим анкету и пригласим вас на видеоинтервью; решение — после него. Пока заявка на проверке, её нельзя изменить.
      </Notice>
    );
  }
  if (application.status === 'approved') {
    return (
      <Notice icon={<CircleCheck />} tone="success" title="Заявка подтверждена">
        Поздравляем! Теперь вы наставник на платформе.
      </Notice>
    );
  }
  if (application.status === 'rejected') {
    return (
      <Notice icon={<CircleAlert />} tone="destructive" title="Заявка отклонена">
        {application.rejection_reason ? (
          <span className="block">
            Причина: <span className="text-foreground">{application.rejection_reason}</span>
          </span>
        ) : null}
        <Button className="mt-3" size="sm" disabled={restarting} onClick={onRestart}>
          {restarting ? <Spinner className="text-current" label="Создание" /> : <RotateCcw aria-hidden />}
          Подать новую заявку
        </Button>
      </Notice>
    );
  }
  return null;
}

const tones = {
  amber: 'border-amber-200 bg-amber-50 [&>svg]:text-amber-600',
  success: 'border-success/30 bg-success/5 [&>svg]:text-success',
  destructive: 'border-destructive/30 bg-destructive/5 [&>svg]:text-destructive',
};

function Notice({ icon, tone, title, children }: { icon: ReactNode; tone: keyof typeof tones; title: string; children: ReactNode }) {
  return (
    <div role="status" className={`flex gap-3 rounded-2xl border p-4 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0 ${tones[tone]}`}>
      {icon}
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{title}</p>
        <div className="text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

function ApplicationSkeleton() {
  return (
    <div role="status" aria-label="Загрузка заявки" className="grid gap-6">
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-32 rounded-2xl" />
      <Skeleton className="h-32 rounded-2xl" />
    </div>
  );
}
