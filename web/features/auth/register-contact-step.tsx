import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormField } from '../../components/form-field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CONSENT_REQUIRED, LEGAL_DOCUMENTS_VERSION, emailSchema, phoneSchema } from '../../../worker/auth/auth.schemas.ts';
import { register, type RegistrationContact } from './auth.api.ts';
import { FormAlert } from './auth-card.tsx';
import { ConsentField } from './consent-field.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { RememberMe } from './remember-me.tsx';

export type ContactMethod = 'phone' | 'email';

export type ContactDraft = { method: ContactMethod; phone: string; email: string; consent: boolean; remember: boolean };

type Props = {
  draft: ContactDraft;
  onDraftChange: (draft: ContactDraft) => void;
  /** The page to return to afterwards, carried over to «Войти». */
  returnTo?: string;
  /** The code went out to `contact`. */
  onSent: (contact: RegistrationContact) => void;
};

/** Step "registration": phone or e-mail, consent, remember me, then the code is sent. */
export function RegisterContactStep({ draft, onDraftChange, returnTo, onSent }: Props) {
  const [errors, setErrors] = useState<{ contact?: string; consent?: string; form?: string }>({});

  const update = (patch: Partial<ContactDraft>) => onDraftChange({ ...draft, ...patch });

  const send = useMutation({
    mutationFn: register,
    onMutate: () => setErrors({}),
    onSuccess: (_data, contact) => onSent(contact),
    onError: (error) => {
      const fieldMessage = error instanceof ApiError ? (error.fields?.email ?? error.fields?.phone) : undefined;
      if (fieldMessage) setErrors({ contact: fieldMessage });
      else if (error instanceof ApiError && error.fields?.consent_version) setErrors({ consent: error.fields.consent_version });
      else setErrors({ form: error instanceof ApiError ? error.detail : 'Не удалось отправить код. Попробуйте ещё раз.' });
    },
  });

  const submit = () => {
    const parsed = draft.method === 'phone' ? phoneSchema.safeParse(draft.phone) : emailSchema.safeParse(draft.email);
    const next = {
      contact: parsed.success ? undefined : parsed.error.issues[0]?.message,
      consent: draft.consent ? undefined : CONSENT_REQUIRED,
    };
    setErrors(next);
    if (!parsed.success || !draft.consent) return;
    send.mutate(draft.method === 'phone' ? { phone: parsed.data } : { email: parsed.data });
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
      <Tabs
        value={draft.method}
        onValueChange={(value) => {
          update({ method: value as ContactMethod });
          setErrors((current) => ({ ...current, contact: undefined, form: undefined }));
        }}
      >
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="phone">По SMS</TabsTrigger>
          <TabsTrigger value="email">По email</TabsTrigger>
        </TabsList>
        <TabsContent value="phone">
          <FormField label="Телефон" error={draft.method === 'phone' ? errors.contact : undefined} hint="Пришлём код в SMS">
            <PhoneInput
              value={draft.phone}
              onChange={(phone) => {
                update({ phone });
                setErrors((current) => ({ ...current, contact: undefined }));
              }}
            />
          </FormField>
        </TabsContent>
        <TabsContent value="email">
          <FormField label="Email" error={draft.method === 'email' ? errors.contact : undefined} hint="Пришлём код на почту">
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={draft.email}
              onChange={(event) => {
                update({ email: event.target.value });
                setErrors((current) => ({ ...current, contact: undefined }));
              }}
            />
          </FormField>
        </TabsContent>
      </Tabs>

      <div className="grid gap-3">
        <ConsentField
          checked={draft.consent}
          onCheckedChange={(consent) => {
            update({ consent });
            setErrors((current) => ({ ...current, consent: undefined }));
          }}
          error={errors.consent}
        />
        <RememberMe checked={draft.remember} onChange={(checked) => update({ remember: checked })} />
      </div>

      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}

      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? <Spinner className="text-current" label="Отправляем код" /> : null}
        Далее
      </Button>

      <SocialButtons
        options={() => {
          // the same check and message as «Далее»: an account is made only with the consent given
          if (!draft.consent) {
            setErrors((current) => ({ ...current, consent: CONSENT_REQUIRED }));
            return null;
          }
          return { intent: 'register', consent_version: LEGAL_DOCUMENTS_VERSION, remember: draft.remember, return_to: returnTo };
        }}
      />

      <p className="text-center text-sm text-muted-foreground">
        Уже есть аккаунт?{' '}
        <Link to="/login" search={{ redirect: returnTo }} className="font-medium text-primary underline-offset-4 hover:underline">
          Войти
        </Link>
      </p>
    </form>
  );
}
