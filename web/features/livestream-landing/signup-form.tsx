import { useId, useState, type FormEvent } from 'react';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { waitlistSignupBody } from '../../../worker/callbacks/callbacks.schemas.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, ApiError, unwrap } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { fieldErrors } from '../../lib/field-errors.ts';

/** The page the form is on: the sign-ups list says where each came from. */
const SOURCE = '/SuperpeerLanding';
/** The privacy policy (decision 017), in Russian: the only edition there is. */
const PRIVACY_POLICY = '/privacy-policy';

/**
 * The waitlist form (spec 002 §2.12 leaves what it does open; issue 36): the e-mail is stored with the page
 * (POST /api/waitlist-signups/, checked by the schema the API uses), limited against floods like the call-back
 * requests, and admins see it at /admin/callbacks. The thanks is the server's answer, shown only once it is stored.
 */
export function SignupForm({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = waitlistSignupBody.safeParse({ email, source: SOURCE, consent });
    setFailure(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      setSent((await unwrap(await api['waitlist-signups'].$post({ json: parsed.data }))).detail);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(error instanceof ApiError ? error.detail : 'Could not sign you up. Please try again.');
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      // a long address wraps anywhere instead of widening the hero's column past a phone's screen
      <p role="status" className={cn('flex max-w-lg items-center gap-2 rounded-2xl px-5 py-4 font-medium [overflow-wrap:anywhere]', tone === 'dark' ? 'bg-white/10 text-white' : 'bg-emerald-50 text-emerald-700')}>
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        {sent}
      </p>
    );
  }

  const error = errors.email ?? errors.consent ?? errors.source ?? failure;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid w-full max-w-lg gap-2" aria-label="Sign up for early access">
      <div className={cn('flex flex-col gap-2 rounded-2xl p-1.5 sm:flex-row', tone === 'dark' ? 'bg-white/10 ring-1 ring-white/20' : 'bg-card shadow-lg ring-1 ring-border')}>
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-error` : undefined}
          className={cn('h-12 min-w-0 flex-1 rounded-xl bg-transparent px-4 text-base outline-none', tone === 'dark' ? 'text-white placeholder:text-white/50' : 'placeholder:text-muted-foreground')}
        />
        <button
          type="submit"
          disabled={pending}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-fuchsia-600 to-orange-500 px-6 font-semibold text-white shadow-md transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Sign up for free
          {pending ? <Spinner className="text-current" /> : <ArrowRight aria-hidden className="size-4" />}
        </button>
      </div>
      <label className={cn('flex items-start gap-2 px-2 text-sm', tone === 'dark' ? 'text-white/75' : 'text-slate-600')}>
        <input
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          aria-invalid={errors.consent ? true : undefined}
          className="mt-0.5 size-4 shrink-0 accent-fuchsia-600"
        />
        <span>
          I agree to the{' '}
          <a href={PRIVACY_POLICY} className="underline underline-offset-2">
            privacy policy
          </a>{' '}
          (in Russian)
        </span>
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={cn('px-2 text-sm', tone === 'dark' ? 'text-rose-200' : 'text-destructive')}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
