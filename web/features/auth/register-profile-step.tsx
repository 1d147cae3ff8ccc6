import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { FormField } from '../../components/form-field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { personNameSchema, phoneSchema } from '../../../worker/auth/auth.schemas.ts';
import { saveRegistrationProfile, type AuthUser } from './auth.api.ts';
import { FormAlert } from './auth-card.tsx';

type Field = 'mentor_name' | 'mentor_surname' | 'phone';
type Errors = Partial<Record<Field | 'form', string>>;

type Props = {
  /** The account as confirm_registration returned it: prefills what it already knows. */
  user: AuthUser;
  /** The phone the code was sent to, when registering by SMS. */
  phone?: string;
  onSaved: (user: AuthUser) => void | Promise<void>;
  onBack?: () => void;
};

/** Step "profile": name, surname, phone and the read-only e-mail, then PATCH /api/users/me/. */
export function RegisterProfileStep({ user, phone: registeredPhone, onSaved, onBack }: Props) {
  const [values, setValues] = useState({
    mentor_name: user.mentor_name ?? '',
    mentor_surname: user.mentor_surname ?? '',
    phone: registeredPhone ?? user.phone ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: saveRegistrationProfile,
    onMutate: () => setErrors({}),
    onSuccess: (saved) => {
      // a number other than the one registered with waits for its SMS code, which the settings screen takes
      if (saved.phone && !saved.phone_confirmed) toast({ title: 'Подтвердите телефон', description: 'Мы отправили код в SMS: введите его в настройках профиля.' });
      return onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        const { mentor_name, mentor_surname, phone, ...rest } = error.fields;
        const other = Object.values(rest)[0];
        setErrors({ mentor_name, mentor_surname, phone, form: other });
      } else {
        setErrors({ form: error instanceof ApiError ? error.detail : 'Не удалось сохранить профиль. Попробуйте ещё раз.' });
      }
    },
  });

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const checks = {
      mentor_name: personNameSchema.safeParse(values.mentor_name),
      mentor_surname: personNameSchema.safeParse(values.mentor_surname),
      phone: phoneSchema.safeParse(values.phone),
    };
    const next: Errors = {};
    for (const [field, result] of Object.entries(checks) as [Field, (typeof checks)[Field]][]) {
      if (!result.success) next[field] = result.error.issues[0]?.message;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      // Focus the first field that needs attention.
      const first = (['mentor_name', 'mentor_surname', 'phone'] as const).find((field) => next[field]);
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    save.mutate(values);
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Имя" error={errors.mentor_name}>
          <Input data-field="mentor_name" autoComplete="given-name" autoFocus maxLength={50} value={values.mentor_name} onChange={(e) => setValue('mentor_name', e.target.value)} />
        </FormField>
        <FormField label="Фамилия" error={errors.mentor_surname}>
          <Input data-field="mentor_surname" autoComplete="family-name" maxLength={50} value={values.mentor_surname} onChange={(e) => setValue('mentor_surname', e.target.value)} />
        </FormField>
      </div>
      <FormField label="Телефон" error={errors.phone}>
        <PhoneInput data-field="phone" value={values.phone} onChange={(phone) => setValue('phone', phone)} />
      </FormField>
      {user.email ? (
        <FormField label="Email" hint="Email нельзя изменить">
          <Input type="email" value={user.email} readOnly className="bg-muted text-muted-foreground" />
        </FormField>
      ) : null}
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={save.isPending || save.isSuccess}>
        {save.isPending ? <Spinner className="text-current" label="Сохраняем" /> : null}
        Завершить регистрацию
      </Button>
      {onBack ? (
        <Button variant="link" className="mx-auto h-auto py-1" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Назад к подтверждению
        </Button>
      ) : null}
    </form>
  );
}
