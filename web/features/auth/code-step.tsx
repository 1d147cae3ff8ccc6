import { useId, useRef, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { CodeInput, type CodeInputHandle } from '../../components/code-input.tsx';
import { DevMailboxHint } from '../../components/dev-mailbox-hint.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { CODE_LENGTH } from '../../../worker/auth/auth.schemas.ts';
import { FormAlert } from './auth-card.tsx';

export const RESEND_SECONDS = 30;

type CodeStepProps = {
  /** Checks the code; a rejection shows `verifyErrorMessage(error)` and clears the boxes. */
  verify: (code: string) => Promise<unknown>;
  verifyErrorMessage: (error: unknown) => string;
  /** Sends the code again; without it (a code the screen cannot ask for again) there is no resend button. */
  resend?: () => Promise<unknown>;
  resendErrorMessage?: (error: unknown) => string;
  /** 'Отправить код повторно через N сек.' — the waiting text differs between the screens. */
  waitingLabel?: (secondsLeft: number) => string;
  submitLabel: string;
  back: { label: string; onClick: () => void };
  /** Extra content under the boxes. */
  children?: ReactNode;
  /** How the code travelled, for the local dev mailbox hint's wording. */
  channel?: 'email' | 'sms';
};

/**
 * Step two of sign-in and registration: the 4 boxes (the last digit submits), a submit button for
 * those who prefer it, the resend button behind a 30 s countdown and the way back to step one.
 */
export function CodeStep({ verify, verifyErrorMessage, resend, resendErrorMessage, waitingLabel, submitLabel, back, children, channel }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<CodeInputHandle>(null);
  const errorId = useId();
  const countdown = useCountdown(RESEND_SECONDS);

  const verifyMutation = useMutation({
    mutationFn: verify,
    onMutate: () => setError(null),
    onError: (failure) => {
      setError(verifyErrorMessage(failure));
      setCode('');
      // After React has re-enabled the boxes.
      setTimeout(() => codeInput.current?.focus(), 0);
    },
  });

  const resendMutation = useMutation({
    mutationFn: async () => resend?.(),
    onSuccess: () => {
      countdown.restart();
      setError(null);
      setCode('');
      toast({ title: 'Код отправлен повторно', variant: 'success' });
      codeInput.current?.focus();
    },
    onError: (failure) => setError(resendErrorMessage?.(failure) ?? null),
  });

  const submit = (value: string) => {
    if (value.length === CODE_LENGTH && !verifyMutation.isPending) verifyMutation.mutate(value);
  };

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <CodeInput
        ref={codeInput}
        value={code}
        onChange={(value) => {
          setCode(value);
          if (error) setError(null);
        }}
        onComplete={submit}
        length={CODE_LENGTH}
        disabled={verifyMutation.isPending}
        invalid={Boolean(error)}
        autoFocus
        label={`Код из ${CODE_LENGTH} цифр`}
        describedBy={error ? errorId : undefined}
      />
      {error ? <FormAlert id={errorId}>{error}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={code.length !== CODE_LENGTH || verifyMutation.isPending || verifyMutation.isSuccess}>
        {verifyMutation.isPending ? <Spinner className="text-current" label="Проверяем код" /> : null}
        {submitLabel}
      </Button>
      <div className="grid gap-1 text-center">
        {resend ? (
          <Button
            variant="ghost"
            className="mx-auto"
            disabled={countdown.isRunning || resendMutation.isPending}
            onClick={() => resendMutation.mutate()}
          >
            {resendMutation.isPending ? <Spinner className="text-current" label="Отправляем код" /> : null}
            {countdown.isRunning && waitingLabel ? waitingLabel(countdown.secondsLeft) : 'Отправить код повторно'}
          </Button>
        ) : null}
        <Button variant="link" className="mx-auto h-auto py-1" onClick={back.onClick}>
          <ArrowLeft aria-hidden />
          {back.label}
        </Button>
      </div>
      {children}
      <DevMailboxHint channel={channel} />
    </form>
  );
}
