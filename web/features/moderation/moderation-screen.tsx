import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { ApplicationPayloadView } from '../../components/application-payload-view.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { moderationApi, moderationQueries, type ModerationApplication, type ModerationStatus } from './moderation.api.ts';
import { InterviewPanel } from './interview-panel.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { UpcomingInterviews } from './upcoming-interviews.tsx';

export const moderationTabs: { value: ModerationStatus; label: string; empty: string }[] = [
  { value: 'submitted', label: 'На модерации', empty: 'Нет заявок, ожидающих проверки' },
  { value: 'approved', label: 'Одобренные', empty: 'Одобренных заявок пока нет' },
  { value: 'rejected', label: 'Отклонённые', empty: 'Отклонённых заявок пока нет' },
];

type Decision = { application: ModerationApplication; action: 'approve' } | { application: ModerationApplication; action: 'reject'; reason: string };

export function ModerationScreen({ status, onStatusChange }: { status: ModerationStatus; onStatusChange: (status: ModerationStatus) => void }) {
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Модерация заявок</h1>
        <p className="text-sm text-muted-foreground">Заявки пользователей, которые хотят стать наставниками.</p>
      </div>
      <UpcomingInterviews />
      <Tabs value={status} onValueChange={(value) => onStatusChange(value as ModerationStatus)}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          {moderationTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="h-auto min-h-9 px-2 py-1.5 text-center leading-tight whitespace-normal sm:h-full sm:px-3 sm:whitespace-nowrap">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {moderationTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-6">
            <ApplicationsList status={tab.value} emptyTitle={tab.empty} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function ApplicationsList({ status, emptyTitle }: { status: ModerationStatus; emptyTitle: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(moderationQueries.list(status));
  const listKey = moderationQueries.list(status).queryKey;

  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      decision.action === 'approve' ? moderationApi.approve(decision.application.id) : moderationApi.reject(decision.application.id, decision.reason),
    // Optimistic: the card leaves the list at once and comes back to its place if the call fails.
    onMutate: async ({ application }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const index = queryClient.getQueryData(listKey)?.findIndex((item) => item.id === application.id) ?? -1;
      queryClient.setQueryData(listKey, (items) => items?.filter((item) => item.id !== application.id));
      return { index };
    },
    onError: (error, { application, action }, context) => {
      queryClient.setQueryData(listKey, (items) => {
        if (!items || items.some((item) => item.id === application.id)) return items;
        const next = [...items];
        next.splice(context && context.index >= 0 ? Math.min(context.index, next.length) : 0, 0, application);
        return next;
      });
      toast({
        title: action === 'approve' ? 'Не удалось одобрить заявку' : 'Не удалось отклонить заявку',
        description: error instanceof ApiError ? error.detail : undefined,
        variant: 'destructive',
      });
    },
    onSuccess: (_result, { action }) =>
      toast({ title: action === 'approve' ? 'Заявка одобрена' : 'Заявка отклонена', variant: 'success', duration: 3000 }),
    // The other tabs gain the card; refresh them (and this one) from the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationQueries.all() }),
  });

  if (list.isPending) {
    return (
      <div role="status" aria-label="Загрузка заявок" className="grid gap-4">
        <Skeleton className="h-64 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (list.isError) return <LoadErrorAlert onRetry={() => void list.refetch()}>Не удалось загрузить заявки</LoadErrorAlert>;
  if (!list.data.length) return <EmptyState icon={<Inbox />} title={emptyTitle} className="bg-card py-12" />;

  return (
    <ul className="grid gap-4">
      {list.data.map((application) => (
        <li key={application.id}>
          <ApplicationCard
            application={application}
            onApprove={() => decide.mutate({ application, action: 'approve' })}
            onReject={(reason) => decide.mutate({ application, action: 'reject', reason })}
          />
        </li>
      ))}
    </ul>
  );
}

function applicantName(application: ModerationApplication): string {
  const { user, payload } = application;
  const name = [user.mentor_name || payload.mentor_name, user.mentor_surname || payload.mentor_surname].filter(Boolean).join(' ');
  // an account registered by phone may have neither a name nor an e-mail yet
  return name || user.email || 'Без имени';
}

export function ApplicationCard({
  application,
  onApprove,
  onReject,
}: {
  application: ModerationApplication;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const name = applicantName(application);
  const pending = application.status === 'submitted';
  // approval needs a held interview (the database refuses it otherwise, decision 004)
  const interviewHeld = application.interviews.some((i) => i.status === 'held');

  return (
    <Card className="grid gap-5 p-4 sm:p-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={application.user.mentor_avatar_url ?? application.payload.mentor_avatar_url} name={name} className="size-12" />
          <div className="min-w-0">
            <p className="truncate font-semibold">{name}</p>
            {application.user.email ? <p className="truncate text-sm text-muted-foreground">{application.user.email}</p> : null}
          </div>
        </div>
        <div className="text-xs text-muted-foreground sm:text-right">
          {application.submitted_at ? <p>Отправлена {formatDate(application.submitted_at)}</p> : null}
          {!pending && application.reviewed_at ? (
            <p>
              {application.status === 'approved' ? 'Одобрена' : 'Отклонена'} {formatDate(application.reviewed_at)}
            </p>
          ) : null}
        </div>
      </header>
      {application.status === 'rejected' && application.rejection_reason ? (
        <p className="rounded-xl bg-destructive/5 px-4 py-3 text-sm">
          <span className="font-medium text-destructive">Причина отказа: </span>
          {application.rejection_reason}
        </p>
      ) : null}
      <ApplicationPayloadView payload={application.payload} />
      {pending ? <InterviewPanel applicationId={application.id} interviews={application.interviews} /> : null}
      {pending && !interviewHeld ? (
        <p className="text-sm text-muted-foreground sm:text-right">Одобрить можно после проведённого видеоинтервью.</p>
      ) : null}
      {pending ? (
        <footer className="grid grid-cols-2 gap-2 border-t pt-4 sm:flex sm:justify-end">
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setRejecting(true)}>
            <X aria-hidden />
            Отклонить
          </Button>
          <Button onClick={onApprove} disabled={!interviewHeld}>
            <Check aria-hidden />
            Одобрить
          </Button>
        </footer>
      ) : null}
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        applicantName={name}
        onReject={(reason) => {
          setRejecting(false);
          onReject(reason);
        }}
      />
    </Card>
  );
}
