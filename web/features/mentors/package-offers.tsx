import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { PaymentDialog } from '../../components/payment-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { packagesApi } from '../../lib/consultation-packages.ts';
import { consultationsText, packageHeadText, packageSavingText, packageValidityText } from '../../lib/package-text.ts';
import { returnTarget, useActionAfterSignIn } from '../../lib/return-to.ts';
import type { PaymentService } from '../../lib/payment-deal.ts';
import type { ConsultationType } from './mentors.api.ts';

export type PackageOffer = NonNullable<ConsultationType['packages']>[number];

type Props = {
  typeId: number;
  offers: PackageOffer[];
  /** «Купить пакет» is offered where booking is (not on the mentor's own page) */
  canBuy: boolean;
  /** undefined while the session is still being asked */
  isSignedIn?: boolean;
};

/**
 * The packages of one consultation type on the mentor page (issue 36, decision 006 «Packages»): what N sessions cost
 * at once and for how long they can be booked, priced by the server; «Купить пакет» makes the package and goes to the
 * payment as a booking does.
 */
export function PackageOffers({ typeId, offers, canBuy, isSignedIn }: Props) {
  const [paying, setPaying] = useState<PaymentService | null>(null);
  const navigate = useNavigate();
  const buy = useMutation({
    mutationFn: (sessions: number) => packagesApi.buy(typeId, sessions),
    onSuccess: (bought) => setPaying({ service_type: 'package', service_id: bought.id }),
    onError: (error) => {
      console.error('packages: buying failed', error);
      toast({ title: 'Не удалось купить пакет', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.', variant: 'destructive' });
    },
  });
  const start = (sessions: number) => {
    if (isSignedIn === false) {
      // back to this mentor after signing in, with the purchase started (issue 35's return)
      void navigate({ to: '/login', search: { redirect: returnTarget(`package-${typeId}-${sessions}`) } });
      return;
    }
    buy.mutate(sessions);
  };
  if (!offers.length) return null;
  return (
    <>
      <ul aria-label="Пакеты консультаций" className="grid gap-2">
        {offers.map((offer) => (
          <OfferRow
            key={offer.sessions}
            offer={offer}
            action={canBuy ? `package-${typeId}-${offer.sessions}` : null}
            isSignedIn={isSignedIn}
            busy={buy.isPending}
            buying={buy.isPending && buy.variables === offer.sessions}
            onBuy={() => start(offer.sessions)}
          />
        ))}
      </ul>
      <PaymentDialog service={paying} onClose={() => setPaying(null)} />
    </>
  );
}

type OfferRowProps = {
  offer: PackageOffer;
  /** the after-sign-in action that buys this offer; null where nothing can be bought */
  action: string | null;
  isSignedIn?: boolean;
  busy: boolean;
  buying: boolean;
  onBuy: () => void;
};

function OfferRow({ offer, action, isSignedIn, busy, buying, onBuy }: OfferRowProps) {
  // a visitor who pressed «Купить пакет» and signed in comes back to the payment of the same package
  useActionAfterSignIn(action ?? '', action != null && isSignedIn === true, onBuy);
  return (
    // the card is narrow beside another (two columns even on a wide screen): the offer reads on top, the button below
    <li className="flex flex-col items-start gap-2 rounded-lg bg-primary/5 p-3 text-sm">
      <div className="flex min-w-0 items-start gap-2">
        <Package aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        <p className="min-w-0">
          <span className="font-medium">{packageHeadText(offer)}</span>{' '}
          <span className="text-muted-foreground">
            {packageSavingText(offer)}, {packageValidityText(offer.valid_days)}
          </span>
        </p>
      </div>
      {action ? (
        <Button
          size="sm"
          variant="outline"
          className="ml-6"
          disabled={busy || isSignedIn === undefined}
          aria-label={`Купить пакет: ${consultationsText(offer.sessions)}`}
          onClick={onBuy}
        >
          {buying ? <Spinner className="text-current" label="Оформляем пакет" /> : null}
          Купить пакет
        </Button>
      ) : null}
    </li>
  );
}
