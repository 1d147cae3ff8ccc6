import { Link } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { countRu } from '../../lib/plural.ts';
import type { Earnings } from './earnings.api.ts';
import { money } from './earnings-format.ts';

const PAYMENTS: readonly [string, string, string] = ['оплата', 'оплаты', 'оплат'];

/** Held, due and paid out side by side: what the mentor has earned, wherever the money is now. */
export function EarningsTotals({ earnings, className }: { earnings: Earnings; className?: string }) {
  const tiles = [
    { key: 'held', title: 'На удержании', total: earnings.held, hint: 'Ждут окончания срока для споров', none: 'Сейчас ничего не удерживается' },
    {
      key: 'due',
      title: 'К выплате',
      total: earnings.due,
      // payouts held back for the mentor (a tax status, the «Мой налог» permission) are not on their way to the card
      hint: earnings.payouts_waiting?.reason ?? (earnings.has_payout_card ? 'Отправляются на карту' : 'Ждут карту для выплат'),
      none: 'Пока нечего выплачивать',
    },
    { key: 'paid_out', title: 'Выплачено', total: earnings.paid_out, hint: 'Поступило на карту', none: 'Выплат ещё не было' },
  ] as const;
  return (
    <dl className={cn('grid grid-cols-1 gap-3 min-[480px]:grid-cols-3', className)}>
      {tiles.map((tile) => (
        <div key={tile.key} role="group" aria-label={tile.title} className="flex min-w-0 flex-col gap-0.5 rounded-xl border bg-card px-4 py-3">
          <dt className="text-sm text-muted-foreground">{tile.title}</dt>
          <dd data-testid={`earnings-${tile.key}`} className="text-xl font-semibold tracking-tight whitespace-nowrap tabular-nums">
            {money(tile.total.amount)}
          </dd>
          <dd className="text-xs text-muted-foreground">{/* an empty tile says so: «0 ₽ — Ждут карту для выплат» read as money held back for want of a card */}
            {tile.total.count > 0 ? `${countRu(tile.total.count, PAYMENTS)} · ${tile.hint}` : tile.none}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Money is on its way but there is no card to send it to: the one thing the mentor has to do. */
export function PayoutCardPrompt({ earnings }: { earnings: Earnings }) {
  const waiting = earnings.held.amount + earnings.due.amount;
  if (earnings.has_payout_card || waiting <= 0) return null;
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-500/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <CreditCard aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" />
        <div className="grid gap-0.5 text-sm">
          <p className="font-medium">Добавьте карту для выплат</p>
          <p className="text-muted-foreground">
            {earnings.due.amount > 0
              ? `${money(earnings.due.amount)} уже ждут выплаты, и ещё ${money(earnings.held.amount)} на удержании: без карты их некуда отправить.`
              : `${money(earnings.held.amount)} на удержании будут выплачены на карту: привяжите её заранее.`}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to="/ProfileSettings" search={{ tab: 'payment' }}>
          Добавить карту
        </Link>
      </Button>
    </div>
  );
}
