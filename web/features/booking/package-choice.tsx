import { Package, CreditCard } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { packageExpiryText, packageLeftText } from '../../lib/package-text.ts';
import { formatRubles } from './booking-step-confirm.tsx';
import { FREE_CANCEL_DAYS_BEFORE, FREE_CANCEL_HOURS_AFTER_BOOKING } from '../../../worker/escrow/cancellation-policy.ts';

/** the caller's package for this type as the price answer names it (decision 006 «Packages») */
export type PackageCredit = { id: number; left: number; sessions: number; expires_at: string | null };

type Props = {
  credit: PackageCredit;
  /** true: the booking spends a credit; false: it is paid as usual */
  spend: boolean;
  onSpendChange: (spend: boolean) => void;
  /** what paying instead would cost (the server's price for this person) */
  price: number;
  timeZone: string;
};

/**
 * Step 2's choice when the person holds a package of this type: «Списать из пакета (осталось 3 из 5)», chosen by
 * default, or paying for this one session as usual. Radios, so the keyboard moves between them as in any group.
 */
export function PackageChoice({ credit, spend, onSpendChange, price, timeZone }: Props) {
  const options = [
    {
      value: true,
      icon: <Package aria-hidden className="size-4 shrink-0" />,
      // «(осталось 3 из 5)» stays whole when a phone wraps the line
      label: (
        <>
          Списать из пакета <span className="whitespace-nowrap">({packageLeftText(credit.left, credit.sessions)})</span>
        </>
      ),
      hint: credit.expires_at ? `Пакет действует ${packageExpiryText(credit.expires_at, timeZone)}` : null,
    },
    { value: false, icon: <CreditCard aria-hidden className="size-4 shrink-0" />, label: `Оплатить отдельно — ${formatRubles(price)}`, hint: null },
  ];
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-2 text-sm font-semibold">Как оплатить</legend>
      {options.map((option) => (
        <label
          key={String(option.value)}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            spend === option.value ? 'border-primary bg-primary/5' : 'hover:bg-accent',
          )}
        >
          <input
            type="radio"
            name="booking-payment"
            className="mt-0.5 size-4 accent-primary"
            checked={spend === option.value}
            onChange={() => onSpendChange(option.value)}
          />
          <span className="grid gap-0.5">
            <span className="flex items-start gap-1.5 font-medium">
              <span className="mt-0.5">{option.icon}</span>
              <span>{option.label}</span>
            </span>
            {option.hint ? <span className="text-xs text-muted-foreground">{option.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The terms under a booking from a package, from the numbers cancellations are judged by (as CANCELLATION_TERMS). */
export const PACKAGE_CANCELLATION_TERMS = `Консультация вернётся в пакет, если отменить запись не позднее чем за ${FREE_CANCEL_DAYS_BEFORE} дней до начала или в течение ${FREE_CANCEL_HOURS_AFTER_BOOKING} часов после записи. Позже она считается проведённой.`;

/** the booked toast's line: «Списано из пакета: осталось 2 из 5» */
export const spentNote = (credit: PackageCredit): string => `Списано из пакета: ${packageLeftText(Math.max(credit.left - 1, 0), credit.sessions)}`;
