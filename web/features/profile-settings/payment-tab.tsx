import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { payoutTokenApi, type PayoutToken } from './profile-settings.api.ts';
import { settingsQueries } from './profile-settings.queries.ts';
import { usePayoutCardHeight, usePayoutCardMessages } from './payout-card-message.ts';
import { PayoutReadiness, TaxStatusCard } from './tax-status-card.tsx';

/** The card form, served by the app itself: the sandbox's widget locally, our page around YooKassa's in production. */
export const PAYOUT_WIDGET_SRC = '/widgets/payout-card';

const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', mir: 'МИР', maestro: 'Maestro', unionpay: 'UnionPay', jcb: 'JCB' };

export function cardBrand(cardType: string): string {
  return brands[cardType.toLowerCase()] ?? (cardType ? cardType[0]!.toUpperCase() + cardType.slice(1) : 'Карта');
}

/** Tab "Платежные настройки": a mentor's tax status (decision 020), then the payout card. */
export function PaymentTab() {
  return (
    <div className="grid gap-6">
      <TaxStatusCard />
      <PayoutCardSection />
    </div>
  );
}

/** The payout card (the first token is the current one), or the widget to add one. */
function PayoutCardSection() {
  const queryClient = useQueryClient();
  const tokens = useQuery(settingsQueries.payoutTokens());
  const tokensKey = settingsQueries.payoutTokens().queryKey;
  const card = tokens.data?.[0] ?? null;

  const save = useMutation({
    mutationFn: payoutTokenApi.create,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tokensKey });
      toast({ title: 'Карта для выплат привязана', variant: 'success', duration: 3000 });
    },
    // Spec 001 §8: token save failures are only logged.
    onError: (error) => console.error('payout card: saving the token failed', error),
  });
  const remove = useMutation({
    mutationFn: payoutTokenApi.remove,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tokensKey });
      toast({ title: 'Карта удалена', variant: 'success', duration: 3000 });
    },
    onError: (error) => console.error('payout card: removing the token failed', error),
  });

  const showWidget = tokens.isSuccess && !card;
  usePayoutCardMessages((message) => {
    if (save.isPending) return;
    save.mutate({ payout_token: message.payout_token, card_last4: message.card_last4, card_type: message.card_type });
  }, showWidget);

  return (
    <Card className="grid gap-5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">Карта для выплат</h2>
        <p className="text-sm text-muted-foreground">На эту карту поступают деньги за ваши консультации и мероприятия.</p>
        <PayoutReadiness />
      </div>
      {tokens.isPending ? (
        <Skeleton role="status" aria-label="Загрузка" className="h-24" />
      ) : tokens.isError ? (
        <LoadErrorAlert onRetry={() => void tokens.refetch()}>Не удалось загрузить данные карты</LoadErrorAlert>
      ) : card ? (
        <CurrentCard card={card} removing={remove.isPending} onRemove={() => remove.mutateAsync(card.id)} />
      ) : save.isPending ? (
        <div role="status" className="flex items-center gap-3 rounded-xl border px-4 py-6 text-sm text-muted-foreground">
          <Spinner />
          Сохраняем карту…
        </div>
      ) : (
        <AddCard />
      )}
    </Card>
  );
}

function CurrentCard({ card, removing, onRemove }: { card: PayoutToken; removing: boolean; onRemove: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <div className="grid h-12 w-16 shrink-0 place-content-center rounded-lg bg-gradient-to-br from-primary to-primary/70 text-primary-foreground">
            <CreditCard aria-hidden className="size-6" />
          </div>
          <div className="min-w-0">
            <p className="font-medium">
              {cardBrand(card.card_type)} <span className="tabular-nums tracking-wider">•••• {card.card_last4}</span>
            </p>
            <p className="text-sm text-muted-foreground">Привязана {dayjs(card.created_at).format('D MMMM YYYY')}</p>
          </div>
        </div>
        <Button variant="outline" className="text-destructive hover:text-destructive" disabled={removing} onClick={() => setConfirming(true)}>
          Удалить карту
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Удалить карту?"
        description="Выплаты не будут поступать, пока вы не привяжете новую карту."
        confirmLabel="Удалить карту"
        pending={removing}
        onConfirm={() => void onRemove().then(() => setConfirming(false), () => setConfirming(false))}
      />
    </>
  );
}

/** Until the widget reports its height: enough for the sandbox form with its button on a phone. */
export const PAYOUT_WIDGET_FALLBACK_HEIGHT = 580;

function AddCard() {
  const [loaded, setLoaded] = useState(false);
  // The frame takes the height of its content, so «Сохранить карту» is never cut off (issue 35).
  const height = usePayoutCardHeight() ?? PAYOUT_WIDGET_FALLBACK_HEIGHT;
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3 rounded-xl bg-muted px-4 py-3 text-sm">
        <CreditCard aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div>
          <p className="font-medium">Карта не привязана</p>
          <p className="text-muted-foreground">Добавьте карту, чтобы получать выплаты.</p>
        </div>
      </div>
      <div className="relative overflow-hidden rounded-xl border bg-card">
        {loaded ? null : <Skeleton role="status" aria-label="Загрузка формы карты" className="absolute inset-0 rounded-none" />}
        <iframe title="Форма привязки карты" src={PAYOUT_WIDGET_SRC} style={{ height }} className="block w-full" onLoad={() => setLoaded(true)} />
      </div>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <ShieldCheck aria-hidden className="size-4 shrink-0" />
        Данные карты вводятся на стороне платёжного провайдера и не хранятся у нас.
      </p>
    </div>
  );
}
