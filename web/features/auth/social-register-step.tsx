import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CONSENT_REQUIRED } from '../../../worker/auth/auth.schemas.ts';
import { registerThroughProvider, type AuthUser } from './auth.api.ts';
import { FormAlert } from './auth-card.tsx';
import { ConsentField } from './consent-field.tsx';
import { RememberMe } from './remember-me.tsx';

type Props = {
  /** `?social_ticket=`: the provider's person, kept by the server for a few minutes (decision 025). */
  ticket: string;
  onRegistered: (user: AuthUser) => void | Promise<void>;
  onCancel: () => void;
};

/** A person a provider vouched for has no account yet: the consent (decision 017) is all that is missing. */
export function SocialRegisterStep({ ticket, onRegistered, onCancel }: Props) {
  const [consent, setConsent] = useState(false);
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<{ consent?: string; form?: string }>({});

  const registration = useMutation({
    mutationFn: () => registerThroughProvider(ticket, remember),
    onMutate: () => setErrors({}),
    onSuccess: onRegistered,
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.consent_version) setErrors({ consent: error.fields.consent_version });
      else setErrors({ form: error instanceof ApiError && error.status < 500 ? error.detail : 'Не удалось зарегистрироваться. Попробуйте ещё раз.' });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!consent) return setErrors({ consent: CONSENT_REQUIRED });
        registration.mutate();
      }}
    >
      <div className="grid gap-3">
        <ConsentField
          checked={consent}
          onCheckedChange={(checked) => {
            setConsent(checked);
            setErrors((current) => ({ ...current, consent: undefined }));
          }}
          error={errors.consent}
        />
        <RememberMe checked={remember} onChange={setRemember} />
      </div>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending || registration.isSuccess}>
        {registration.isPending ? <Spinner className="text-current" label="Создаём аккаунт" /> : null}
        Зарегистрироваться
      </Button>
      <Button variant="link" className="mx-auto h-auto py-1" onClick={onCancel}>
        <ArrowLeft aria-hidden />
        По телефону или почте
      </Button>
    </form>
  );
}
