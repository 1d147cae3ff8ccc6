import type { ReactNode } from 'react';
import { BadgePercent, CalendarCheck, CalendarClock, CalendarRange, CalendarX, Clock, Coffee, type LucideIcon } from 'lucide-react';
import { formatPrice } from '../../lib/format-price.ts';
import { loyaltyStepText } from '../../../worker/lib/loyalty-text.ts';
import type { ConsultationType } from './mentors.api.ts';
import { PackageOffers } from './package-offers.tsx';
import { bookingRuleLines, type BookingRuleLine } from './booking-rules-text.ts';

const RULE_ICONS: Record<BookingRuleLine['rule'], LucideIcon> = {
  notice: Clock,
  horizon: CalendarRange,
  buffer: Coffee,
  daily_limit: CalendarCheck,
  cutoff: CalendarX,
};

/** The type's booking rules the mentor set (decision 022), said before the mentee chooses it; nothing when none is set. */
function BookingRules({ type }: { type: ConsultationType }) {
  const lines = bookingRuleLines(type.booking_rules);
  if (!lines.length) return null;
  return (
    // a box of its own, as the package offers have, so the rules read apart from the description
    <ul aria-label="Правила записи" className="grid gap-1.5 rounded-lg bg-muted/60 px-2.5 py-2 text-sm text-muted-foreground">
      {lines.map(({ rule, text }) => {
        const Icon = RULE_ICONS[rule];
        return (
          <li key={rule} className="flex items-start gap-1.5">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{text}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** What the page shows to book one consultation type (the route supplies it: booking is another feature). */
export type BookButton = (type: ConsultationType, options: { mentorId: number; isSignedIn?: boolean; className: string }) => ReactNode;

export function ConsultationTypeList({ mentorId, types, isSignedIn, bookButton }: { mentorId: number; types: ConsultationType[]; isSignedIn?: boolean; bookButton?: BookButton }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {types.map((type) => (
        <li key={type.id} className="flex flex-col gap-3 rounded-xl border p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium leading-snug">{type.name}</p>
            <p className="shrink-0 font-semibold text-primary">{formatPrice(type.costs)}</p>
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock aria-hidden className="size-4" />
            {type.duration_minutes} мин
          </p>
          {type.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{type.description}</p> : null}
          <BookingRules type={type} />
          {type.costs > 0 && type.loyalty_steps?.length ? (
            <ul aria-label="Скидки постоянным ученикам" className="grid gap-1 text-sm text-primary">
              {type.loyalty_steps.map((step) => (
                <li key={step.from} className="flex items-center gap-1.5">
                  <BadgePercent aria-hidden className="size-4 shrink-0" />
                  {loyaltyStepText(step)}
                </li>
              ))}
            </ul>
          ) : null}
          {type.costs > 0 && type.packages?.length ? <PackageOffers typeId={type.id} offers={type.packages} canBuy={bookButton != null} isSignedIn={isSignedIn} /> : null}
          {bookButton ? bookButton(type, { mentorId, isSignedIn, className: 'mt-auto w-full sm:w-fit' }) : null}
        </li>
      ))}
    </ul>
  );
}
