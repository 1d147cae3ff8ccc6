import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, SocialProviderMark, isSocialProvider, type SocialProvider } from '../../components/social-provider-mark.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { inViewerZone } from '../../lib/dayjs.ts';
import { socialLinkErrorText } from '../../lib/social-error.ts';
import { socialQueries, startSocialSignIn } from '../../lib/social-sign-in.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { identitiesApi } from './profile-settings.api.ts';
import { settingsQueries } from './profile-settings.queries.ts';

/** Where the provider sends the person back after a link: this card. */
const SETTINGS_PATH = '/ProfileSettings';

type Props = {
  className?: string;
  /** Back from a provider's page after «Привязать»: which one was linked, or why not (`?social_linked`, `?social_error`). */
  back?: { linked?: SocialProvider; error?: string; provider?: SocialProvider };
  /** The outcome has been said (a toast); the page drops it from the address. */
  onBackTold?: () => void;
};

/**
 * «Способы входа» (decision 025): the providers linked to the account, «Привязать» for each offered one that is not,
 * «Отвязать» with a question first; the server refuses to unlink the last way in, and its words are shown.
 */
export function SignInMethodsCard({ className, back, onBackTold }: Props) {
  const told = useRef(false);
  useEffect(() => {
    if ((!back?.linked && !back?.error) || told.current) return;
    told.current = true;
    if (back.linked) toast({ title: `${SOCIAL_PROVIDER_NAMES[back.linked]} привязан`, description: 'Теперь через него можно входить в Форму.', variant: 'success' });
    else if (back.error) toast({ title: socialLinkErrorText(back.error, back.provider), variant: 'destructive' });
    onBackTold?.();
  }, [back?.linked, back?.error, back?.provider, onBackTold]);
  const identities = useQuery(settingsQueries.identities());
  const offered = useQuery(socialQueries.providers());
  const link = useMutation({
    mutationFn: (provider: SocialProvider) => startSocialSignIn(provider, { intent: 'link', return_to: SETTINGS_PATH }),
    onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
    onError: (error, provider) =>
      toast({
        title: `Не удалось привязать ${SOCIAL_PROVIDER_NAMES[provider]}`,
        description: error instanceof ApiError ? error.detail : undefined,
        variant: 'destructive',
      }),
  });

  const linked = new Map((identities.data?.identities ?? []).filter((item) => isSocialProvider(item.provider)).map((item) => [item.provider as SocialProvider, item]));
  // linked ones stay listed even when the provider is no longer offered: they can still be unlinked
  const shown = SOCIAL_PROVIDERS.filter((provider) => linked.has(provider) || offered.data?.includes(provider));
  if (identities.isSuccess && offered.isFetched && shown.length === 0) return null;
  const leaving = link.isPending || link.isSuccess;

  return (
    <Card className={cn('grid gap-4 p-4 sm:p-6', className)} aria-labelledby="sign-in-methods-title">
      <div className="grid gap-1">
        <h2 id="sign-in-methods-title" className="text-base font-semibold">
          Способы входа
        </h2>
        <p className="text-sm text-muted-foreground">Входите в Форму через сервисы, которыми уже пользуетесь.</p>
      </div>
      {identities.isError ? (
        <LoadErrorAlert onRetry={() => void identities.refetch()}>Не удалось загрузить способы входа</LoadErrorAlert>
      ) : identities.isPending ? (
        <div role="status" aria-label="Загрузка способов входа" className="grid gap-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <ul className="grid divide-y rounded-xl border">
          {shown.map((provider) => {
            const name = SOCIAL_PROVIDER_NAMES[provider];
            const identity = linked.get(provider);
            return (
              <li key={provider} className="flex items-center gap-3 px-3 py-3 sm:px-4">
                <SocialProviderMark provider={provider} className="size-8" />
                <div className="grid min-w-0 flex-1">
                  <span className="text-sm font-medium">{name}</span>
                  {identity?.shown ? <span className="truncate text-xs text-muted-foreground">{identity.shown}</span> : null}
                  <span className="text-xs text-muted-foreground">{identity ? `привязан ${inViewerZone(identity.linked_at).format('D MMMM YYYY')}` : 'Не привязан'}</span>
                </div>
                {identity ? (
                  <ConfirmedAction
                    trigger={(ask) => (
                      <Button size="sm" variant="outline" onClick={ask} aria-label={`Отвязать ${name}`}>
                        Отвязать
                      </Button>
                    )}
                    title={`Отвязать ${name}?`}
                    description={`Войти через ${name} больше не получится, пока вы не привяжете его снова.`}
                    confirmLabel="Отвязать"
                    cancelLabel="Отмена"
                    action={() => identitiesApi.unlink(provider)}
                    success={{ title: `${name} отвязан` }}
                    failure={`Не удалось отвязать ${name}`}
                    invalidate={settingsQueries.identities().queryKey}
                  />
                ) : (
                  <Button size="sm" variant="outline" disabled={leaving} onClick={() => link.mutate(provider)} aria-label={`Привязать ${name}`}>
                    {leaving && link.variables === provider ? <Spinner className="text-current" label={`Переходим в ${name}`} /> : null}
                    Привязать
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
