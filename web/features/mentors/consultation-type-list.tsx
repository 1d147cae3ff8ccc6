import type { ReactNode } from 'react';
import { BadgePercent, CalendarClock } from 'lucide-react';
import { formatPrice } from '../../lib/format-price.ts';
import { loyaltyStepText } from '../../../worker/lib/loyalty-text.ts';
import type { ConsultationType } from './mentors.api.ts';
import { PackageOffers } from './package-offers.tsx';

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
