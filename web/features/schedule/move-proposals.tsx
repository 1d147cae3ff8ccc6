import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage, scheduleQueries, type MoveProposal } from './schedule.api.ts';
import { useScheduleMutations } from './use-schedule-mutations.ts';

const when = (iso: string, timeZone: string) => {
  const text = dayjs(iso).tz(timeZone).format('dd, D MMMM, HH:mm');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The mentor's proposals to move a booking (issue 38 §1, decision 024), above the schedule: the mentee answers —
 * take the new time, keep the booking as it is, or cancel it with all the money back (the mentor asked, so the cut-off
 * doesn't apply); the mentor sees what waits for an answer. Nothing shows without a live proposal.
 */
export function MoveProposals({ userId, timeZone }: { userId: number; timeZone: string }) {
  const proposals = useQuery(scheduleQueries.moveProposals(userId));
  if (!proposals.data?.length) return null;
  return (
    <section aria-label="Предложения перенести" className="flex flex-col gap-3">
      {proposals.data.map((p) => (
        <Proposal key={p.id} proposal={p} userId={userId} timeZone={timeZone} />
      ))}
    </section>
  );
}

function Proposal({ proposal, userId, timeZone }: { proposal: MoveProposal; userId: number; timeZone: string }) {
  const mutations = useScheduleMutations(userId);
  const pending = mutations.acceptProposal.isPending || mutations.declineProposal.isPending;
  const fail = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error, 'Попробуйте ещё раз.'), variant: 'destructive' });
  const accept = () =>
    mutations.acceptProposal.mutate(proposal.id, {
      onSuccess: () => toast({ title: 'Консультация перенесена', description: when(proposal.slot.start_time, timeZone), variant: 'success' }),
      onError: fail('Не удалось перенести'),
    });
  const decline = (cancel: boolean) =>
    mutations.declineProposal.mutate(
      { proposalId: proposal.id, cancel },
      {
        onSuccess: () =>
          toast({ title: cancel ? 'Запись отменена' : 'Запись остаётся', description: cancel ? 'Вернём всю сумму.' : 'Мы сообщили наставнику.', variant: 'success' }),
        onError: fail('Не удалось ответить'),
      },
    );
  const asMentee = proposal.role === 'mentee';
  return (
    <article data-testid={`move-proposal-${proposal.id}`} className="flex flex-col gap-3 rounded-2xl border border-primary/40 bg-primary/5 p-4 sm:p-5">
      <div className="flex min-w-0 items-start gap-3">
        <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-sm font-semibold">
            {asMentee ? 'Наставник предлагает перенести консультацию' : 'Вы предложили перенести консультацию'} «{proposal.type_name}»
          </h3>
          <p className="flex flex-wrap items-center gap-1.5 text-sm">
            <span>{when(proposal.booking_start_time, timeZone)}</span>
            <ArrowRight aria-label="на" className="size-4" />
            <span className="font-medium">{when(proposal.slot.start_time, timeZone)}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {asMentee
              ? `Время держится за вами до ${when(proposal.expires_at, timeZone)}. Оплата перейдёт на новое время; если оно не подходит, можно оставить запись или отменить её с полным возвратом.`
              : `Ждём ответа ученика до ${when(proposal.expires_at, timeZone)}; до тех пор это время ни за кем другим не закрепить.`}
          </p>
        </div>
      </div>
      {asMentee ? (
        <div className="flex flex-wrap gap-2 sm:pl-8">
          <Button size="sm" disabled={pending} onClick={accept}>
            Принять
          </Button>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => decline(false)}>
            Оставить как было
          </Button>
          <Button size="sm" variant="ghost" className="text-destructive hover:text-destructive" disabled={pending} onClick={() => decline(true)}>
            Отменить с возвратом
          </Button>
        </div>
      ) : null}
    </article>
  );
}
