import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { formatPrice } from '../../lib/format-price.ts';
import { DISPUTE_TEXT_MAX as RESOLUTION_MAX, disputeMessages, partialRefundFits } from '../../../worker/disputes/dispute-rules.ts';
import type { DisputeOutcome, ResolveBody } from './disputes.api.ts';

const copy: Record<DisputeOutcome, { title: string; confirm: string; description: (price: number) => string }> = {
  refund: {
    title: 'Вернуть всё покупателю',
    confirm: 'Вернуть всё',
    description: (price) => `Покупателю вернётся ${formatPrice(price)}, наставник ничего не получит.`,
  },
  partial_refund: {
    title: 'Вернуть часть',
    confirm: 'Вернуть часть',
    description: () => 'Укажите, сколько вернуть покупателю; остаток за вычетом комиссии платформы уйдёт наставнику.',
  },
  release: {
    title: 'Выплатить ментору',
    confirm: 'Выплатить ментору',
    description: (price) => `Наставник получит ${formatPrice(price)} за вычетом комиссии платформы 5 %, покупателю ничего не вернётся.`,
  },
};

type Errors = { amount?: string; resolution?: string };

/** The rules of the resolve form, with the server's messages: amount in whole rubles from 1 to price − 1, a resolution text. */
export function validateResolution(outcome: DisputeOutcome, price: number, amountText: string, resolution: string): { body?: ResolveBody; errors: Errors } {
  const errors: Errors = {};
  const text = resolution.trim();
  if (!text) errors.resolution = disputeMessages.textRequired;
  else if (text.length > RESOLUTION_MAX) errors.resolution = disputeMessages.textTooLong;
  let amount: number | undefined;
  if (outcome === 'partial_refund') {
    const raw = amountText.replace(/\s/g, '');
    amount = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!partialRefundFits(amount, price)) errors.amount = disputeMessages.refundOutOfRange(price);
  }
  if (errors.amount || errors.resolution) return { errors };
  return { errors, body: { outcome, resolution: text, ...(outcome === 'partial_refund' ? { refund_amount: amount } : {}) } };
}

type ResolveDialogProps = {
  outcome: DisputeOutcome | null;
  /** rubles paid for the consultation */
  price: number;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (body: ResolveBody) => void;
};

/** Asks for the decision's details: the refund amount for a partial refund, and the resolution text. */
export function ResolveDialog({ outcome, price, pending, onOpenChange, onSubmit }: ResolveDialogProps) {
  return (
    <Dialog open={outcome != null} onOpenChange={(open) => (pending ? undefined : onOpenChange(open))}>
      <DialogContent className="max-w-md">
        {outcome ? <ResolveForm key={outcome} outcome={outcome} price={price} pending={pending} onCancel={() => onOpenChange(false)} onSubmit={onSubmit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ResolveForm({ outcome, price, pending, onCancel, onSubmit }: { outcome: DisputeOutcome; price: number; pending: boolean; onCancel: () => void; onSubmit: (body: ResolveBody) => void }) {
  const [amount, setAmount] = useState('');
  const [resolution, setResolution] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const text = copy[outcome];

  const check = (nextAmount: string, nextResolution: string) => {
    if (tried) setErrors(validateResolution(outcome, price, nextAmount, nextResolution).errors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const result = validateResolution(outcome, price, amount, resolution);
    setErrors(result.errors);
    if (result.body) onSubmit(result.body);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description(price)}</DialogDescription>
      </DialogHeader>
      {outcome === 'partial_refund' ? (
        <FormField label="Сумма возврата, ₽" error={errors.amount} hint={`из ${formatPrice(price)}`}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            placeholder={`от 1 до ${price - 1}`}
            onChange={(event) => {
              setAmount(event.target.value);
              check(event.target.value, resolution);
            }}
          />
        </FormField>
      ) : null}
      <FormField label="Решение" error={errors.resolution} hint={`${resolution.length}/${RESOLUTION_MAX}`}>
        <Textarea
          rows={4}
          maxLength={RESOLUTION_MAX}
          value={resolution}
          placeholder="Например: консультация не состоялась по вине наставника"
          onChange={(event) => {
            setResolution(event.target.value);
            check(amount, event.target.value);
          }}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit" variant={outcome === 'release' ? 'default' : 'destructive'} disabled={pending}>
          {pending ? <Spinner className="text-current" label="Сохраняем" /> : null}
          {text.confirm}
        </Button>
      </DialogFooter>
    </form>
  );
}
