import { useState } from 'react';
import { formatPhone } from '../../lib/phone.ts';
import { confirmRegistration, isNetworkError, isRateLimited, register, type AuthUser, type RegistrationContact } from './auth.api.ts';
import { AuthCard } from './auth-card.tsx';
import { CodeStep } from './code-step.tsx';
import { RegisterContactStep, type ContactDraft } from './register-contact-step.tsx';
import { RegisterProfileStep } from './register-profile-step.tsx';
import { SocialRegisterStep } from './social-register-step.tsx';
import { ApiError } from '../../lib/api-client.ts';

type Step = 'registration' | 'verification' | 'profile';

const STEP_NUMBER: Record<Step, number> = { registration: 1, verification: 2, profile: 3 };

type Props = {
  /** A signed-in account without a name (a reload after step 2): registration resumes at step 3 for it. */
  resumeAs?: AuthUser;
  /** The page to return to afterwards, carried over to «Войти». */
  returnTo?: string;
  /** The code was confirmed: the account exists and the session cookies are set. */
  onRegistered: (user: AuthUser) => void;
  /** The profile is saved: registration is over. */
  onFinished: (user: AuthUser) => void | Promise<void>;
  /** `?social_ticket=`: a provider's person without an account, to register once the consent is given (decision 025). */
  socialTicket?: string;
  /** The provider's name for the ticket's text, when the address says it. */
  socialProviderName?: string;
  /** Leaves the provider's registration for the ordinary one. */
  onLeaveSocial?: () => void;
};

function codeError(error: unknown): string {
  if (isRateLimited(error) || isNetworkError(error)) return error.detail;
  if (error instanceof ApiError && error.status < 500) return error.detail;
  return 'Не удалось проверить код. Попробуйте ещё раз.';
}

function sendError(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? error.detail : 'Не удалось отправить код. Попробуйте ещё раз.';
}

/** Registration in three steps (spec 001 §2 "Registration screen", §4). */
export function RegisterFlow({ resumeAs, returnTo, onRegistered, onFinished, socialTicket, socialProviderName, onLeaveSocial }: Props) {
  const [step, setStep] = useState<Step>(resumeAs ? 'profile' : 'registration');
  const [draft, setDraft] = useState<ContactDraft>({ method: 'phone', phone: '', email: '', consent: false, remember: true });
  const [contact, setContact] = useState<RegistrationContact | null>(null);
  const [user, setUser] = useState<AuthUser | null>(resumeAs ?? null);

  const eyebrow = <StepIndicator current={STEP_NUMBER[step]} />;

  if (socialTicket && step === 'registration') {
    const through = socialProviderName ? ` через ${socialProviderName}` : '';
    return (
      <AuthCard title={`Регистрация${through}`} description={`Аккаунта ещё нет: подтвердите согласие, чтобы зарегистрироваться${through}.`}>
        <SocialRegisterStep
          ticket={socialTicket}
          // the names came from the provider: a named account is done, a nameless one goes on to step 3
          onRegistered={(registered) => {
            onRegistered(registered);
            if (registered.mentor_name) return onFinished(registered);
            setUser(registered);
            setStep('profile');
          }}
          onCancel={() => onLeaveSocial?.()}
        />
      </AuthCard>
    );
  }

  if (step === 'verification' && contact) {
    const byPhone = 'phone' in contact;
    return (
      <AuthCard
        eyebrow={eyebrow}
        title="Подтверждение"
        description={
          <>
            {byPhone ? 'Мы отправили SMS с кодом на номер ' : 'Мы отправили код на '}
            <span className="font-medium whitespace-nowrap text-foreground">{byPhone ? formatPhone(contact.phone) : contact.email}</span>
          </>
        }
      >
        <CodeStep
          channel={byPhone ? 'sms' : 'email'}
          verify={async (code) => {
            const confirmed = await confirmRegistration(contact, code, draft.remember);
            onRegistered(confirmed);
            setUser(confirmed);
            setStep('profile');
          }}
          verifyErrorMessage={codeError}
          resend={() => register(contact)}
          resendErrorMessage={sendError}
          waitingLabel={(n) => `Отправить код через ${n} сек.`}
          submitLabel="Подтвердить"
          back={{ label: byPhone ? 'Войти с другим номером' : 'Войти с другим email', onClick: () => setStep('registration') }}
        />
      </AuthCard>
    );
  }

  if (step === 'profile' && user) {
    return (
      <AuthCard eyebrow={eyebrow} title="Расскажите о себе" description="Так наставники и ученики узнают вас на платформе.">
        <RegisterProfileStep
          user={user}
          phone={contact && 'phone' in contact ? contact.phone : undefined}
          onSaved={onFinished}
          // a resumed registration has no code step to go back to: the account is confirmed already
          onBack={contact ? () => setStep('verification') : undefined}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard eyebrow={eyebrow} title="Регистрация" description="Создайте аккаунт по номеру телефона или email — пароль не понадобится.">
      <RegisterContactStep
        draft={draft}
        onDraftChange={setDraft}
        returnTo={returnTo}
        onSent={(sentTo) => {
          setContact(sentTo);
          setStep('verification');
        }}
      />
    </AuthCard>
  );
}

const STEP_TITLES = ['Контакты', 'Код', 'Профиль'];

function StepIndicator({ current }: { current: number }) {
  return (
    <div className="grid gap-2">
      <p className="text-xs font-medium text-muted-foreground">
        Шаг {current} из {STEP_TITLES.length} · {STEP_TITLES[current - 1]}
      </p>
      <div className="grid grid-cols-3 gap-1.5" aria-hidden>
        {STEP_TITLES.map((title, index) => (
          <span key={title} className={index < current ? 'h-1.5 rounded-full bg-primary' : 'h-1.5 rounded-full bg-muted'} />
        ))}
      </div>
    </div>
  );
}
