import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Briefcase, CircleAlert, CircleSlash, ExternalLink, Hourglass, Info, Receipt } from 'lucide-react';
import {
  SELF_EMPLOYED_STATUS_LABELS,
  taxProfileBody,
  type SelfEmployedStatus,
  type TaxStatus,
} from '../../../worker/tax-profiles/tax-profiles.schemas.ts';
import { FormField } from '../../components/form-field.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { sessionQueries } from '../../lib/session/session.queries.ts';
import { taxProfileApi, type TaxProfile } from './profile-settings.api.ts';
import { settingsQueries } from './profile-settings.queries.ts';

const STATUS_OPTIONS: { value: TaxStatus; label: string; hint: string; icon: ReactNode }[] = [
  {
    value: 'self_employed',
    label: 'Самозанятый',
    hint: 'Чеки о доходе в «Мой налог» — автоматически с каждой выплатой.',
    icon: <Receipt aria-hidden className="size-4 shrink-0" />,
  },
  { value: 'individual_entrepreneur', label: 'ИП', hint: 'Выплаты на карту, налог платите сами.', icon: <Briefcase aria-hidden className="size-4 shrink-0" /> },
  { value: 'none', label: 'Без статуса', hint: 'Консультировать можно, выплаты ждут.', icon: <CircleSlash aria-hidden className="size-4 shrink-0" /> },
];

/** Said under «Без статуса» while it is only chosen (once saved, the server's own message says it). */
export const NO_STATUS_NOTE =
  'Пока статус не указан, выплаты ждут: деньги остаются на балансе. Стать самозанятым можно за несколько минут в приложении «Мой налог», затем вернитесь сюда.';

const NOT_ASKED_LABEL = 'Разрешение ещё не запрошено';

/** The permission's state as the payout settings name it (decision 020), or that it was not asked for yet. */
export function permissionLabel(status: SelfEmployedStatus | null | undefined): string {
  return status ? SELF_EMPLOYED_STATUS_LABELS[status] : NOT_ASKED_LABEL;
}

/** Why payouts wait (or that they can go), in the words of decision 020. */
export function payoutReadinessText(profile: TaxProfile): string {
  if (profile.can_receive_payouts) return 'Налоговый статус указан: выплаты на карту можно получать.';
  if (profile.status === 'self_employed') return 'Выплаты ждут: нет подтверждённого разрешения ЮMoney регистрировать ваши чеки в «Мой налог».';
  return 'Выплаты ждут: укажите налоговый статус — самозанятый или ИП.';
}

function useIsMentor() {
  const me = useQuery(sessionQueries.me());
  return me.data?.user_role === 'mentor';
}

/**
 * Whether payouts can be received, said beside the payout card so a mentor sees why one waits (decision 020).
 * Mentors only: others are not paid out.
 */
export function PayoutReadiness() {
  const isMentor = useIsMentor();
  const profile = useQuery({ ...settingsQueries.taxProfile(), enabled: isMentor });
  if (!isMentor || !profile.data) return null;
  const ready = profile.data.can_receive_payouts;
  return (
    <p data-testid="payout-readiness" className={cn('flex items-start gap-2 text-sm', ready ? 'text-success' : 'text-amber-700')}>
      {ready ? <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0" /> : <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />}
      {payoutReadinessText(profile.data)}
    </p>
  );
}

/** «Налоговый статус» of the payout settings (decision 020): shown to mentors only. */
export function TaxStatusCard() {
  const isMentor = useIsMentor();
  const profile = useQuery({ ...settingsQueries.taxProfile(), enabled: isMentor });
  if (!isMentor) return null;
  return (
    <Card className="grid gap-5 p-4 sm:p-6" aria-labelledby="tax-status-title">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="tax-status-title" className="text-base font-semibold">
            Налоговый статус
          </h2>
          {profile.data ? (
            profile.data.can_receive_payouts ? (
              <Badge variant="success">
                <BadgeCheck aria-hidden />
                Выплаты доступны
              </Badge>
            ) : (
              <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
                <Hourglass aria-hidden />
                Выплаты ждут
              </Badge>
            )
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">Форма отправляет выплаты самозанятым и ИП: так ваш доход законно учтён.</p>
      </div>
      {profile.isPending ? (
        <Skeleton role="status" aria-label="Загрузка налогового статуса" className="h-48" />
      ) : profile.isError ? (
        <LoadErrorAlert onRetry={() => void profile.refetch()}>Не удалось загрузить налоговый статус</LoadErrorAlert>
      ) : (
        // what the server holds starts the form again (an ИНН YooKassa found by the phone fills an empty one)
        <TaxStatusForm key={[profile.data.status, profile.data.inn, profile.data.phone, profile.data.legal_name].join('|')} profile={profile.data} />
      )}
    </Card>
  );
}

type Fields = { inn: string; phone: string; legal_name: string };

const fieldsOf = (profile: TaxProfile): Fields => ({
  inn: profile.inn ?? '',
  // stored as YooKassa takes it (7XXXXXXXXXX); the phone field works with +7…
  phone: profile.phone ? `+${profile.phone}` : '',
  legal_name: profile.legal_name ?? '',
});

function TaxStatusForm({ profile }: { profile: TaxProfile }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TaxStatus>(profile.status);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(profile));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'status', string>>>({});
  const store = (saved: TaxProfile) => queryClient.setQueryData(settingsQueries.taxProfile().queryKey, saved);

  const save = useMutation({
    mutationFn: taxProfileApi.save,
    onSuccess: (saved) => {
      store(saved);
      setFields(fieldsOf(saved));
      toast({ title: 'Налоговый статус сохранён', variant: 'success', duration: 3000 });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else toast({ title: error instanceof ApiError ? error.detail : 'Не удалось сохранить налоговый статус', variant: 'destructive' });
    },
  });

  const saved = fieldsOf(profile);
  const dirty =
    status !== profile.status ||
    (status !== 'none' && fields.inn !== saved.inn) ||
    (status === 'self_employed' && fields.phone !== saved.phone) ||
    (status === 'individual_entrepreneur' && fields.legal_name !== saved.legal_name);

  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = () => {
    // the server's own schema: the form refuses what the API would, with the same words
    const parsed = taxProfileBody.safeParse({ status, ...fields });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'status') as keyof typeof errors;
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div role="status" className="flex items-start gap-3 rounded-xl bg-muted px-4 py-3 text-sm">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <p>{profile.message}</p>
      </div>

      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Ваш статус</legend>
        {STATUS_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              status === option.value ? 'border-primary bg-primary/5' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name="tax-status"
              value={option.value}
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={status === option.value}
              onChange={() => {
                setStatus(option.value);
                setErrors({});
              }}
            />
            <span className="grid gap-0.5">
              <span className="flex items-center gap-1.5 font-medium">
                {option.icon}
                {option.label}
              </span>
              <span className="text-xs text-muted-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {errors.status ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.status}
        </p>
      ) : null}

      {status === 'self_employed' ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">Укажите ИНН или телефон, к которому привязан «Мой налог» — достаточно одного.</p>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="ИНН" error={errors.inn} hint={errors.inn ? undefined : '12 цифр'}>
              <Input inputMode="numeric" autoComplete="off" maxLength={12} value={fields.inn} onChange={(event) => set('inn')(event.target.value.trim())} />
            </FormField>
            <FormField label="Телефон в «Мой налог»" error={errors.phone}>
              <PhoneInput value={fields.phone} onChange={set('phone')} />
            </FormField>
          </div>
        </div>
      ) : status === 'individual_entrepreneur' ? (
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <FormField label="ИНН" error={errors.inn} hint={errors.inn ? undefined : '12 цифр'}>
            <Input inputMode="numeric" autoComplete="off" maxLength={12} value={fields.inn} onChange={(event) => set('inn')(event.target.value.trim())} />
          </FormField>
          <FormField label="Название ИП, как в ЕГРИП" error={errors.legal_name}>
            <Input placeholder="ИП Иванова Анна Сергеевна" value={fields.legal_name} onChange={(event) => set('legal_name')(event.target.value)} />
          </FormField>
        </div>
      ) : profile.status !== 'none' ? (
        <p className="flex items-start gap-2 text-sm text-amber-800">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {NO_STATUS_NOTE}
        </p>
      ) : null}

      <div>
        <Button type="submit" disabled={save.isPending || !dirty} className="w-full sm:w-auto">
          {save.isPending ? <Spinner /> : null}
          Сохранить статус
        </Button>
      </div>

      {profile.status === 'self_employed' && status === 'self_employed' ? <Permission profile={profile} dirty={dirty} /> : null}
    </form>
  );
}

/** The self-employed permission: its state, and the way to YooKassa's page to grant it. */
function Permission({ profile, dirty }: { profile: TaxProfile; dirty: boolean }) {
  const queryClient = useQueryClient();
  const state = profile.self_employed?.status ?? null;
  const ask = useMutation({
    mutationFn: taxProfileApi.askPermission,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsQueries.taxProfile().queryKey, answer);
      const url = answer.self_employed?.confirmation_url;
      // the provider's page; coming back, the tab's query reads the answer again
      if (answer.self_employed?.status === 'pending' && url) window.location.assign(url);
      else if (answer.self_employed?.status === 'confirmed') toast({ title: 'Разрешение уже подтверждено', variant: 'success', duration: 3000 });
    },
    onError: (error) => toast({ title: error instanceof ApiError ? error.detail : 'Не удалось запросить разрешение', variant: 'destructive' }),
  });
  const again = state === 'canceled' || state === 'unregistered';

  return (
    <div className="grid gap-3 rounded-xl border p-4" data-testid="self-employed-permission">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">Разрешение ЮMoney на чеки в «Мой налог»</p>
        <PermissionBadge state={state} />
      </div>
      {state === 'confirmed' ? null : (
        <>
          <p className="text-sm text-muted-foreground">
            Откроется страница платёжной системы: разрешите ЮMoney регистрировать чеки о доходе за вас. После подтверждения выплаты пойдут
            автоматически.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant={again ? 'default' : 'outline'} disabled={ask.isPending || dirty} onClick={() => ask.mutate()} className="w-full sm:w-auto">
              {ask.isPending ? <Spinner /> : <ExternalLink aria-hidden />}
              {again ? 'Запросить снова' : 'Разрешить регистрировать чеки'}
            </Button>
            {dirty ? <span className="text-xs text-muted-foreground">Сначала сохраните изменения</span> : null}
          </div>
        </>
      )}
    </div>
  );
}

function PermissionBadge({ state }: { state: SelfEmployedStatus | null }) {
  const label = permissionLabel(state);
  if (state === 'confirmed')
    return (
      <Badge variant="success">
        <BadgeCheck aria-hidden />
        {label}
      </Badge>
    );
  if (state === 'pending')
    return (
      <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
        <Hourglass aria-hidden />
        {label}
      </Badge>
    );
  if (state === 'canceled' || state === 'unregistered')
    return (
      <Badge variant="outline" className="border-destructive/40 text-destructive">
        <CircleAlert aria-hidden />
        {label}
      </Badge>
    );
  return <Badge variant="secondary">{label}</Badge>;
}
