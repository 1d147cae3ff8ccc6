import { useId, useState, type FormEvent } from 'react';
import { CircleCheck } from 'lucide-react';
import { callbackRequestBody } from '../../../worker/callbacks/callbacks.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, ApiError, unwrap } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { privacyPolicyHref } from './legal-links.tsx';

type Sent = { detail: string };

/**
 * The landing footer's "call me back" form. Per spec 000 §5 the phone is free text with a format placeholder and
 * submit stays disabled until the privacy box is ticked; the request is stored (POST /api/callback-requests/, checked
 * by the schema the API uses) and admins call back from their inbox (/admin/callbacks).
 */
export function CallbackForm() {
  const id = useId();
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = callbackRequestBody.safeParse({ name: data.get('name') ?? '', phone: data.get('phone') ?? '', consent });
    setFailure(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      setSent(await unwrap(await api['callback-requests'].$post({ json: parsed.data })));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(error instanceof ApiError ? error.detail : 'Не удалось отправить заявку. Попробуйте ещё раз.');
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl bg-background p-4 text-sm">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        <p>{sent.detail}</p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="grid gap-4" aria-label="Обратный звонок">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Имя</Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" placeholder="Как к вам обращаться" aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${id}-name-error` : undefined} />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-phone`}>Телефон</Label>
          <Input id={`${id}-phone`} name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" aria-invalid={errors.phone ? true : undefined} aria-describedby={errors.phone ? `${id}-phone-error` : undefined} />
          <FieldError id={`${id}-phone-error`} message={errors.phone} />
        </div>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox id={`${id}-consent`} checked={consent} onCheckedChange={(checked) => setConsent(checked === true)} className="mt-0.5" />
        <Label htmlFor={`${id}-consent`} className="text-sm leading-snug font-normal">
          Я соглашаюсь с{' '}
          <a href={privacyPolicyHref} className="underline underline-offset-2">
            политикой конфиденциальности
          </a>
        </Label>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={!consent || pending} className="w-full sm:w-fit">
        {pending ? <Spinner className="text-current" /> : null}
        Перезвоните мне
      </Button>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}
