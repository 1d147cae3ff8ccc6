import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { phoneSchema } from '../../../worker/auth/auth.schemas.ts';
import { phoneMessages } from '../../../worker/users/phone-confirmation.messages.ts';
import { CodeInput } from '../../components/code-input.tsx';
import { DevMailboxHint } from '../../components/dev-mailbox-hint.tsx';
import { FormField } from '../../components/form-field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatPhone } from '../../lib/phone.ts';
import { phoneApi, type ProfileUser } from './profile-settings.api.ts';

const failure = (error: unknown) => (error instanceof ApiError ? error.fields?.passcode || error.detail : 'Не удалось связаться с сервером');

/**
 * The account's phone (decision 013): a new number is texted a code and signs in only once the code is entered
 * here; until then the proven number (if any) keeps working.
 */
export function PhoneCard({ user, onSaved }: { user: ProfileUser; onSaved: (user: ProfileUser) => void }) {
  const [phone, setPhone] = useState(user.phone ?? '');
  const [phoneError, setPhoneError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const waiting = user.phone !== null && !user.phone_confirmed;

  const change = useMutation({
    mutationFn: phoneApi.change,
    onSuccess: (saved) => {
      onSaved(saved);
      setCode('');
      if (!saved.phone_confirmed) toast({ title: phoneMessages.sent });
    },
    onError: (error) => setPhoneError(failure(error)),
  });
  const confirm = useMutation({
    mutationFn: phoneApi.confirm,
    onSuccess: (saved) => {
      onSaved(saved);
      toast({ title: phoneMessages.confirmed });
    },
    onError: (error) => {
      setCodeError(failure(error));
      setCode('');
    },
  });
  const resend = useMutation({
    mutationFn: phoneApi.resend,
    onSuccess: () => toast({ title: 'Код отправлен ещё раз' }),
    onError: (error) => setCodeError(failure(error)),
  });

  const submitPhone = () => {
    const parsed = phoneSchema.safeParse(phone);
    if (!parsed.success) return setPhoneError(parsed.error.issues[0]?.message);
    setPhoneError(undefined);
    change.mutate(parsed.data);
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby="phone-card-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="phone-card-title" className="text-base font-semibold">
          Телефон
        </h2>
        {user.phone ? (
          waiting ? (
            <span className="inline-flex items-center gap-1 text-sm text-amber-700">
              <CircleAlert aria-hidden className="size-4" />
              Не подтверждён
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-sm text-emerald-700">
              <BadgeCheck aria-hidden className="size-4" />
              Подтверждён
            </span>
          )
        ) : null}
      </div>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          submitPhone();
        }}
      >
        <FormField label="Номер" error={phoneError} className="sm:w-72">
          <PhoneInput value={phone} onChange={(value) => (setPhone(value), setPhoneError(undefined))} />
        </FormField>
        <Button type="submit" variant="outline" className="sm:mt-6" disabled={change.isPending || phone === (user.phone ?? '')}>
          {change.isPending ? <Spinner /> : null}
          Сохранить номер
        </Button>
      </form>
      {waiting ? (
        <div className="grid gap-3 rounded-xl bg-muted/60 p-4">
          <p className="text-sm">
            Введите код из SMS, отправленного на <span className="font-medium whitespace-nowrap">{formatPhone(user.phone!)}</span>. Пока номер не
            подтверждён, по нему нельзя войти.
          </p>
          <CodeInput
            value={code}
            onChange={(value) => (setCode(value), setCodeError(undefined))}
            onComplete={(value) => confirm.mutate(value)}
            disabled={confirm.isPending}
            invalid={Boolean(codeError)}
            label="Код из SMS"
          />
          {codeError ? (
            <p role="alert" className="text-sm text-destructive">
              {codeError}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" onClick={() => confirm.mutate(code)} disabled={code.length < 4 || confirm.isPending}>
              {confirm.isPending ? <Spinner /> : null}
              Подтвердить
            </Button>
            <Button size="sm" variant="ghost" onClick={() => resend.mutate()} disabled={resend.isPending}>
              Отправить код ещё раз
            </Button>
          </div>
          <DevMailboxHint className="text-left" channel="sms" />
        </div>
      ) : null}
    </Card>
  );
}
