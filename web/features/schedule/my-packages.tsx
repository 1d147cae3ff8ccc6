import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { cn } from '../../lib/cn.ts';
import { packageQueries, packagesApi, type ConsultationPackage } from '../../lib/consultation-packages.ts';
import { formatAmount } from '../../lib/format-price.ts';
import { consultationsText, packageExpiryText, packageLeftText } from '../../lib/package-text.ts';
import { pluralRu } from '../../lib/plural.ts';
import { errorMessage } from './schedule.api.ts';

const UNUSED = ['неиспользованной консультации', 'неиспользованных консультаций', 'неиспользованных консультаций'] as const;

/*
 * «Мои пакеты» on the calendar (issue 36, decision 006 «Packages»): a bought package is consultations still to book, so
 * it sits where the person's consultations are, not on /Profile (which is the card others see). Credits left, until
 * when, and «Вернуть неиспользованные» with the sum asked from the server before anyone confirms.
 */

const ENDED: Partial<Record<ConsultationPackage['status'], string>> = {
  used_up: 'Все консультации использованы',
  expired: 'Срок истёк — за неиспользованные вернули деньги',
  refunded: 'Неиспользованные консультации возвращены',
};

function mentorName(pkg: ConsultationPackage): string {
  return [pkg.mentor.name, pkg.mentor.surname].filter(Boolean).join(' ') || 'Наставник';
}

export function MyPackages({ timeZone, className }: { timeZone: string; className?: string }) {
  const query = useQuery(packageQueries.my());
  const [refunding, setRefunding] = useState<ConsultationPackage | null>(null);
  // a package not paid for is an abandoned checkout, not something the person owns
  const owned = (query.data ?? []).filter((pkg) => pkg.status !== 'pending_payment');
  if (!owned.length) return null;
  // the packages still in use come first; ended ones are history, folded away so they never crowd the calendar
  const current = owned.filter((pkg) => !ENDED[pkg.status]);
  const ended = owned.filter((pkg) => ENDED[pkg.status]);

  return (
    <section aria-labelledby="my-packages-title" className={cn('flex flex-col gap-3 rounded-2xl border bg-card p-4', className)}>
      <h2 id="my-packages-title" className="flex items-center gap-2 font-semibold">
        <Package aria-hidden className="size-5 text-primary" />
        Мои пакеты
      </h2>
      {current.length ? (
        <ul className="flex flex-col gap-3">
          {current.map((pkg) => (
            <PackageItem key={pkg.id} pkg={pkg} timeZone={timeZone} onRefund={() => setRefunding(pkg)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Действующих пакетов нет.</p>
      )}
      {ended.length ? (
        <details className="group text-sm">
          <summary className="cursor-pointer rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Завершённые ({ended.length})
          </summary>
          <ul className="mt-3 flex flex-col gap-3">
            {ended.map((pkg) => (
              <PackageItem key={pkg.id} pkg={pkg} timeZone={timeZone} onRefund={() => setRefunding(pkg)} />
            ))}
          </ul>
        </details>
      ) : null}
      <RefundDialog pkg={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}

function PackageItem({ pkg, timeZone, onRefund }: { pkg: ConsultationPackage; timeZone: string; onRefund: () => void }) {
  const ended = ENDED[pkg.status];
  return (
    <li aria-label={`Пакет «${pkg.consultation_type.name}»`} className="grid gap-2 rounded-xl bg-muted/60 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">{pkg.consultation_type.name}</p>
        <p className="text-muted-foreground">
          <Link to="/mentor_info/$mentorId" params={{ mentorId: String(pkg.mentor.id) }} className="hover:text-primary hover:underline">
            {mentorName(pkg)}
          </Link>
          {' · '}
          {consultationsText(pkg.sessions)}
        </p>
      </div>
      {ended ? (
        <p className="text-muted-foreground">{ended}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
            <p className="font-semibold text-primary first-letter:uppercase">{packageLeftText(pkg.left, pkg.sessions)}</p>
            {pkg.expires_at ? <p className="text-xs text-muted-foreground">действует {packageExpiryText(pkg.expires_at, timeZone)}</p> : null}
          </div>
          {/* a booked session not yet held is spent, not refundable; the bar shows both */}
          <div aria-hidden className="flex h-1.5 overflow-hidden rounded-full bg-primary/15">
            <div className="bg-primary/40" style={{ width: `${((pkg.used + pkg.reserved) / pkg.sessions) * 100}%` }} />
          </div>
          {/* one under the other: the wide screen's column is narrow, and the refund's label is long */}
          <div className="grid gap-2">
            {pkg.left > 0 ? (
              <Button asChild size="sm">
                <Link to="/mentor_info/$mentorId" params={{ mentorId: String(pkg.mentor.id) }}>
                  Записаться
                </Link>
              </Button>
            ) : null}
            {pkg.refundable_amount > 0 ? (
              <Button size="sm" variant="outline" className="h-auto min-h-8 whitespace-normal py-1.5" onClick={onRefund}>
                Вернуть неиспользованные ({formatAmount(pkg.refundable_amount)})
              </Button>
            ) : null}
          </div>
        </>
      )}
    </li>
  );
}

function RefundDialog({ pkg, onClose }: { pkg: ConsultationPackage | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  // the sum is the server's at this moment, not the list's: a session booked meanwhile is not refundable
  const quote = useQuery({ ...packageQueries.refundQuote(pkg?.id ?? 0), enabled: pkg != null });
  const refund = useMutation({
    mutationFn: (id: number) => packagesApi.refund(id),
    onSuccess: async () => {
      toast({
        title: 'Возврат оформлен',
        description: quote.data ? `${formatAmount(quote.data.amount)} вернутся на карту, с которой вы платили. Банк может зачислить их не сразу.` : undefined,
        variant: 'success',
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: packageQueries.all() });
    },
    onError: (error) => {
      console.error('packages: refund failed', error);
      toast({ title: 'Не удалось вернуть деньги за пакет', description: errorMessage(error, 'Попробуйте ещё раз.'), variant: 'destructive' });
      onClose();
      void queryClient.invalidateQueries({ queryKey: packageQueries.all() });
    },
  });

  let description;
  if (quote.isPending) {
    description = (
      <span className="flex items-center gap-2">
        <Spinner className="size-4" label="Считаем возврат" />
        Считаем сумму возврата…
      </span>
    );
  } else if (quote.isError) {
    description = <span className="text-destructive">{errorMessage(quote.error, 'Не удалось посчитать возврат. Попробуйте ещё раз.')}</span>;
  } else {
    description = `Вернём ${formatAmount(quote.data.amount)} — стоимость ${quote.data.credits} ${pluralRu(quote.data.credits, UNUSED)}. Консультации, на которые вы уже записаны, останутся в силе.`;
  }

  const busy = refund.isPending;
  return (
    <Dialog open={pkg != null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Вернуть неиспользованные консультации?</DialogTitle>
          <DialogDescription>{pkg ? `«${pkg.consultation_type.name}», ${mentorName(pkg)}` : null}</DialogDescription>
        </DialogHeader>
        <p className="text-sm leading-relaxed" aria-live="polite">
          {description}
        </p>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            Не возвращать
          </Button>
          <Button variant="destructive" disabled={busy || !quote.isSuccess} onClick={() => pkg && refund.mutate(pkg.id)}>
            {busy ? <Spinner className="text-current" label="Оформляем возврат" /> : null}
            {quote.data ? `Вернуть ${formatAmount(quote.data.amount)}` : 'Вернуть'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
