import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CalendarDays, Gavel, HandCoins, Inbox, Undo2 } from 'lucide-react';
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
import { formatPrice } from '../../lib/format-price.ts';
import { disputeQueries, disputesApi, type Dispute, type DisputeOutcome, type DisputePerson, type DisputeTab, type ResolveBody } from './disputes.api.ts';
import { ResolveDialog } from './resolve-dialog.tsx';
import { RoomRecord } from './room-record.tsx';

export const disputeTabs: { value: DisputeTab; label: string; empty: string }[] = [
  { value: 'open', label: 'Открытые', empty: 'Открытых диспутов нет' },
  { value: 'resolved', label: 'Решённые', empty: 'Решённых диспутов пока нет' },
];

const successText: Record<DisputeOutcome, string> = {
  refund: 'Деньги вернутся покупателю',
  partial_refund: 'Часть суммы вернётся покупателю, остальное — наставнику',
  release: 'Деньги уйдут наставнику',
};

/** /admin/disputes: complaints about consultations whose money waits in escrow for a decision. */
export function DisputesScreen({ status, onStatusChange, timeZone }: { status: DisputeTab; onStatusChange: (status: DisputeTab) => void; timeZone?: string }) {
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Диспуты</h1>
        <p className="text-sm text-muted-foreground">Жалобы на консультации. Пока диспут открыт, деньги остаются на платформе.</p>
      </div>
      <Tabs value={status} onValueChange={(value) => onStatusChange(value as DisputeTab)}>
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          {disputeTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {disputeTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-6">
            <DisputeList status={tab.value} emptyTitle={tab.empty} timeZone={timeZone} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function DisputeList({ status, emptyTitle, timeZone }: { status: DisputeTab; emptyTitle: string; timeZone?: string }) {
  const list = useQuery(disputeQueries.list(status));

  if (list.isPending) {
    return (
      <div role="status" aria-label="Загрузка диспутов" className="grid gap-4">
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    );
  }
  if (list.isError) return <LoadErrorAlert onRetry={() => void list.refetch()}>Не удалось загрузить диспуты</LoadErrorAlert>;
  if (!list.data.length) return <EmptyState icon={<Inbox />} title={emptyTitle} className="bg-card py-12" />;

  return (
    <ul className="grid gap-4">
      {list.data.map((dispute) => (
        <li key={dispute.id}>
          <DisputeCard dispute={dispute} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

const personName = (person: DisputePerson) => [person.name, person.surname].filter(Boolean).join(' ') || person.email || `Пользователь ${person.id}`;

export function DisputeCard({ dispute, timeZone }: { dispute: Dispute; timeZone?: string }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const price = dispute.amount;
  const isOpen = dispute.status === 'open';

  const resolve = useMutation({
    mutationFn: (body: ResolveBody) => disputesApi.resolve(dispute.id, body),
    onSuccess: (_result, body) => {
      setOutcome(null);
      toast({ title: 'Диспут решён', description: successText[body.outcome], variant: 'success' });
    },
    onError: (error) => {
      console.error('disputes: resolve failed', error);
      toast({ title: 'Не удалось решить диспут', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.', variant: 'destructive' });
    },
    // Both tabs change: the card moves from "open" to "resolved".
    onSettled: () => queryClient.invalidateQueries({ queryKey: disputeQueries.all() }),
  });

  return (
    <Card role="article" className="grid gap-5 p-4 sm:p-6" aria-label={`Диспут №${dispute.id}`}>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold leading-snug">{dispute.consultation.name}</p>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarDays aria-hidden className="size-4 shrink-0" />
            {formatDate(dispute.consultation.start_time, timeZone)}
          </p>
        </div>
        <div className="grid gap-0.5 sm:text-right">
          <p className="text-lg font-semibold text-primary">{formatPrice(price)}</p>
          <p className="text-xs text-muted-foreground">Жалоба от {formatDate(dispute.created_at, timeZone)}</p>
        </div>
      </header>

      <div className="grid gap-3 sm:grid-cols-2">
        <Party role="Покупатель" person={dispute.buyer} />
        <Party role="Наставник" person={dispute.mentor} />
      </div>

      <blockquote className="rounded-xl bg-muted/60 px-4 py-3 text-sm whitespace-pre-line">
        <span className="mb-1 block text-xs font-medium text-muted-foreground">Жалоба покупателя</span>
        {dispute.text}
      </blockquote>

      <RoomRecord attendance={dispute.attendance} timeZone={timeZone} />

      {isOpen ? (
        <footer className="grid gap-2 border-t pt-4 sm:flex sm:justify-end">
          <Button variant="outline" onClick={() => setOutcome('refund')}>
            <Undo2 aria-hidden />
            Вернуть всё
          </Button>
          <Button variant="outline" disabled={price < 2} onClick={() => setOutcome('partial_refund')}>
            <HandCoins aria-hidden />
            Вернуть часть
          </Button>
          <Button onClick={() => setOutcome('release')}>
            <Banknote aria-hidden />
            Выплатить ментору
          </Button>
        </footer>
      ) : (
        <Outcome dispute={dispute} timeZone={timeZone} />
      )}

      <ResolveDialog outcome={outcome} price={price} pending={resolve.isPending} onOpenChange={(open) => (open ? undefined : setOutcome(null))} onSubmit={(body) => resolve.mutate(body)} />
    </Card>
  );
}

function Party({ role, person }: { role: string; person: DisputePerson }) {
  const name = personName(person);
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl border p-3">
      <Avatar name={name} className="size-10" />
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{role}</p>
        <p className="truncate text-sm font-medium">{name}</p>
        {person.email && person.email !== name ? <p className="truncate text-xs text-muted-foreground">{person.email}</p> : null}
      </div>
    </div>
  );
}

/** 'Возврат всей суммы', 'Частичный возврат: 500 ₽', 'Выплачено наставнику'. */
export function outcomeLabel(dispute: Pick<Dispute, 'status' | 'refund_amount' | 'amount'>): string {
  switch (dispute.status) {
    case 'resolved_refund':
      return `Возврат всей суммы: ${formatPrice(dispute.refund_amount ?? dispute.amount)}`;
    case 'resolved_partial':
      return `Частичный возврат: ${formatPrice(dispute.refund_amount)}`;
    case 'resolved_release':
      return 'Выплачено наставнику';
    default:
      return 'Открыт';
  }
}

function Outcome({ dispute, timeZone }: { dispute: Dispute; timeZone?: string }) {
  return (
    <footer className="grid gap-2 border-t pt-4 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-medium text-success">
          <Gavel aria-hidden className="size-3.5" />
          {outcomeLabel(dispute)}
        </span>
        {dispute.resolved_at ? <span className="text-xs text-muted-foreground">{formatDate(dispute.resolved_at, timeZone)}</span> : null}
      </p>
      {dispute.resolution ? <p className="whitespace-pre-line text-muted-foreground">{dispute.resolution}</p> : null}
    </footer>
  );
}
