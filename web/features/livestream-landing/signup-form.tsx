import { useId, useState, type FormEvent } from 'react';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The waitlist form. The spec does not say what submitting does, so it only thanks the visitor: nothing is sent. */
export function SignupForm({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError('Please enter a valid email address.');
      return;
    }
    setError(null);
    setDone(true);
  }

  if (done) {
    return (
      <p role="status" className={cn('flex items-center gap-2 rounded-2xl px-5 py-4 font-medium', tone === 'dark' ? 'bg-white/10 text-white' : 'bg-emerald-50 text-emerald-700')}>
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        Thanks for signing up! We&apos;ll be in touch at {email.trim()}.
      </p>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid w-full max-w-lg gap-2" aria-label="Sign up for early access">
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn('h-12 min-w-0 flex-1 rounded-xl bg-transparent px-4 text-base outline-none', tone === 'dark' ? 'text-white placeholder:text-white/50' : 'placeholder:text-muted-foreground')}
        />
        <button
          type="submit"
          className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-fuchsia-600 to-orange-500 px-6 font-semibold text-white shadow-md transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Sign up for free
          <ArrowRight aria-hidden className="size-4" />
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={cn('px-2 text-sm', tone === 'dark' ? 'text-rose-200' : 'text-destructive')}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
