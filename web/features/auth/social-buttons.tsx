import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SOCIAL_PROVIDER_NAMES, SocialProviderMark, type SocialProvider } from '../../components/social-provider-mark.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { socialQueries, startSocialSignIn, type SocialStart } from '../../lib/social-sign-in.ts';
import { FormAlert } from './auth-card.tsx';

// Four names do not fit one row of the card: four marks in a row on a phone, two rows of two with names above 640 px.
const COLUMNS = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4 sm:grid-cols-2'];

type Props = {
  /** What the start sends for a click; null when the screen refuses first (registration without the consent). */
  options: () => SocialStart | null;
};

/**
 * «или через» and a button per offered provider (decision 025): a click stores the attempt and leaves for the
 * provider's page. With no provider configured the block is not shown at all.
 */
export function SocialButtons({ options }: Props) {
  const providers = useQuery(socialQueries.providers());
  const [error, setError] = useState<string>();
  const start = useMutation({
    mutationFn: ({ provider, body }: { provider: SocialProvider; body: SocialStart }) => startSocialSignIn(provider, body),
    onMutate: () => setError(undefined),
    // the button keeps its spinner while the browser leaves
    onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
    onError: (failure, { provider }) =>
      setError(failure instanceof ApiError && failure.status !== 0 && failure.status < 500 ? failure.detail : `Не удалось начать вход через ${SOCIAL_PROVIDER_NAMES[provider]}. Попробуйте ещё раз.`),
  });
  const offered = providers.data ?? [];
  if (offered.length === 0) return null;
  const busy = start.isPending || start.isSuccess;

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        или через
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className={cn('grid gap-2', COLUMNS[offered.length])}>
        {offered.map((provider) => {
          const name = SOCIAL_PROVIDER_NAMES[provider];
          const loading = busy && start.variables?.provider === provider;
          return (
            <button
              key={provider}
              type="button"
              aria-label={name}
              aria-busy={loading || undefined}
              disabled={busy}
              onClick={() => {
                const body = options();
                if (body) start.mutate({ provider, body });
              }}
              className="flex h-10 min-w-0 items-center justify-center gap-2 rounded-lg border border-input bg-card px-2 text-sm font-medium shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:opacity-60"
            >
              {loading ? <Spinner className="size-5 text-current" label={`Переходим в ${name}`} /> : <SocialProviderMark provider={provider} />}
              {/* Below 640 px the marks alone fit the card; the name stays for screen readers. */}
              <span className={cn('sr-only', offered.length < 3 ? 'not-sr-only truncate' : 'sm:not-sr-only sm:truncate')}>{name}</span>
            </button>
          );
        })}
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
