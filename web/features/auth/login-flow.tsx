import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { emailSchema } from '../../../worker/auth/auth.schemas.ts';
import { confirmSocialLink, requestLoginPasscode, verifyLogin, isNetworkError, isRateLimited, type AuthUser } from './auth.api.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { CodeStep } from './code-step.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { RememberMe } from './remember-me.tsx';

// Spec 001 §8.
export const CODE_REQUEST_FAILED = 'Пользователь не найден или произошла ошибка';
export const LOGIN_FAILED = 'Неверный код или ошибка сервера';

function codeRequestError(error: unknown): string {
  if (isRateLimited(error) || isNetworkError(error)) return error.detail;
  return CODE_REQUEST_FAILED;
}

function loginError(error: unknown): string {
  if (isRateLimited(error) || isNetworkError(error)) return error.detail;
  return LOGIN_FAILED;
}

function linkError(error: unknown): string {
  if (isRateLimited(error) || isNetworkError(error)) return error.detail;
  // a wrong code, and a spent or expired ticket, say so in the server's words
  if (error instanceof ApiError && error.status < 500) return error.detail;
  return LOGIN_FAILED;
}

type LoginFlowProps = {
  returnTo?: string;
  onSignedIn: (user: AuthUser) => void | Promise<void>;
  /** Why the round trip to a provider failed (`?social_error=`, decision 025), said above the form. */
  socialError?: string;
  /** `?social_link=<ticket>`: a provider's verified e-mail matched an account, whose owner proves it with a code. */
  socialLink?: string;
  /** The account's e-mail as the server masked it for the link step (a***@mail.ru). */
  socialLinkEmail?: string;
  /** Leaves the link step for the ordinary form. */
  onLeaveSocial?: () => void;
};

/** Sign-in by e-mail and a 4-digit code (spec 001 §2 "Login screen"), or through a provider. `onSignedIn` gets the user. */
export function LoginFlow({ returnTo, onSignedIn, socialError, socialLink, socialLinkEmail, onLeaveSocial }: LoginFlowProps) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  // The normalised address the code was sent to (trimmed, lower case).
  const [sentTo, setSentTo] = useState('');
  // «Запомнить меня», as on registration: off ends the session with the browser session
  const [remember, setRemember] = useState(true);

  if (socialLink) {
    return (
      <AuthCard
        title="Подтвердите, что это вы"
        description={
          <>
            Аккаунт с {socialLinkEmail ? <>почтой <span className="font-medium whitespace-nowrap text-foreground">{socialLinkEmail}</span></> : 'этой почтой'} уже
            есть. Подтвердите, что это вы: мы отправили код на эту почту.
          </>
        }
      >
        <CodeStep
          verify={async (code) => onSignedIn(await confirmSocialLink(socialLink, code))}
          verifyErrorMessage={linkError}
          submitLabel="Подтвердить и войти"
          back={{ label: 'Войти другим способом', onClick: () => onLeaveSocial?.() }}
        />
      </AuthCard>
    );
  }

  if (step === 'code') {
    return (
      <AuthCard
        title="Введите код"
        description={
          <>
            Мы отправили код из 4 цифр на <span className="font-medium text-foreground">{sentTo}</span>
          </>
        }
      >
        <CodeStep
          verify={async (code) => onSignedIn(await verifyLogin(sentTo, code, remember))}
          verifyErrorMessage={loginError}
          resend={() => requestLoginPasscode(sentTo)}
          resendErrorMessage={codeRequestError}
          waitingLabel={(n) => `Отправить код повторно через ${n} сек.`}
          submitLabel="Войти"
          back={{ label: 'Войти с другим email', onClick: () => setStep('email') }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Вход в Форму"
      description="Введите email — мы пришлём код для входа. Пароль не нужен."
      footer={
        <>
          Ещё нет аккаунта?{' '}
          <Link to="/register" search={{ redirect: returnTo }} className="font-medium text-primary underline-offset-4 hover:underline">
            Зарегистрироваться
          </Link>
        </>
      }
    >
      {socialError ? (
        <div className="mb-5">
          <FormAlert>{socialError}</FormAlert>
        </div>
      ) : null}
      <EmailStep
        email={email}
        onEmailChange={setEmail}
        remember={remember}
        onRememberChange={setRemember}
        onSent={(address) => {
          setSentTo(address);
          setStep('code');
        }}
      />
      <div className="mt-5">
        <SocialButtons options={() => ({ intent: 'sign_in', remember, return_to: returnTo })} />
      </div>
    </AuthCard>
  );
}

type EmailStepProps = {
  email: string;
  onEmailChange: (email: string) => void;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  onSent: (email: string) => void;
};

function EmailStep({ email, onEmailChange, remember, onRememberChange, onSent }: EmailStepProps) {
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const formErrorId = useId();

  const request = useMutation({
    mutationFn: requestLoginPasscode,
    onMutate: () => setFormError(undefined),
    onSuccess: (_data, address) => onSent(address),
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.email) setFieldError(error.fields.email);
      else setFormError(codeRequestError(error));
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      aria-describedby={formError ? formErrorId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = emailSchema.safeParse(email);
        if (!parsed.success) {
          setFieldError(parsed.error.issues[0]?.message);
          return;
        }
        request.mutate(parsed.data);
      }}
    >
      <FormField label="Email" error={fieldError}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            setFieldError(undefined);
          }}
        />
      </FormField>
      <RememberMe checked={remember} onChange={onRememberChange} />
      {formError ? <FormAlert id={formErrorId}>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? <Spinner className="text-current" label="Отправляем код" /> : <Mail aria-hidden />}
        Получить код
      </Button>
    </form>
  );
}
