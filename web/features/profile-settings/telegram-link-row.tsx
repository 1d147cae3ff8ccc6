import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { SocialProviderMark } from '../../components/social-provider-mark.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { inViewerZone } from '../../lib/dayjs.ts';
import { notificationQueries, notificationSettingsApi } from './notification-settings.api.ts';
import { useTelegramLinking } from './use-telegram-linking.ts';

/**
 * The Telegram line of «Уведомления» (decision 026): not set up on this server (said, no button), not linked
 * («Подключить Telegram», then waiting for the bot to be started, «Отменить»), or linked (who and since when,
 * «Отключить» after a question).
 */
export function TelegramLinkRow() {
  const { link, wait, timedOut, start, starting, cancel } = useTelegramLinking();

  if (link.isError) return <LoadErrorAlert onRetry={() => void link.refetch()}>Не удалось узнать, подключён ли Telegram</LoadErrorAlert>;
  if (link.isPending) return <Skeleton role="status" aria-label="Загрузка Telegram" className="h-16 w-full" />;
  const state = link.data;

  let status: string;
  let action = null;
  if (!state.available) {
    status = 'Уведомления в Telegram на этом сервере не настроены.';
  } else if (state.linked) {
    // «подключён 28 ноября 2026» kept whole: a phone moves it to a line of its own rather than cutting the date
    const date = state.linked_at ? `\u00a0${inViewerZone(state.linked_at).format('D MMMM YYYY').replaceAll(' ', '\u00a0')}` : '';
    status = state.username ? `@${state.username}, подключён${date}` : `Подключён${date}`;
    action = (
      <ConfirmedAction
        trigger={(ask) => (
          <Button size="sm" variant="outline" onClick={ask} aria-label="Отключить Telegram">
            Отключить
          </Button>
        )}
        title="Отключить Telegram?"
        description="Уведомления Формы перестанут приходить в Telegram. Подключить его снова можно в любой момент."
        confirmLabel="Отключить"
        cancelLabel="Отмена"
        action={notificationSettingsApi.unlinkTelegram}
        success={{ title: 'Telegram отключён' }}
        failure="Не удалось отключить Telegram"
        invalidate={notificationQueries.root}
      />
    );
  } else if (wait) {
    status = 'Ждём подтверждения из Telegram';
  } else {
    status = timedOut ? 'Не дождались подтверждения из Telegram. Попробуйте ещё раз.' : 'Не подключён';
    action = (
      <Button size="sm" disabled={starting} onClick={start}>
        {starting ? <Spinner className="text-current" label="Готовим ссылку" /> : null}
        Подключить Telegram
      </Button>
    );
  }

  return (
    <div className="grid gap-3 rounded-xl border px-3 py-3 sm:px-4">
      <div className="flex flex-wrap items-center gap-3">
        <SocialProviderMark provider="telegram" className="size-8" />
        <div className="grid min-w-0 flex-1 basis-40">
          <span className="text-sm font-medium">Telegram</span>
          <span className="text-xs break-words text-muted-foreground">{status}</span>
        </div>
        {action}
      </div>
      {wait && !state.linked ? (
        <div role="status" className="grid gap-3 rounded-lg bg-muted/60 p-3 text-sm">
          <div className="flex items-start gap-2">
            <Spinner className="mt-0.5 size-4 shrink-0" role="presentation" aria-hidden />
            <p>
              В Telegram откроется чат с ботом Формы: нажмите «Запустить». Эта страница обновится сама, как только бот
              подтвердит подключение.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" asChild>
              <a href={wait.url} target="_blank" rel="noopener noreferrer">
                Открыть Telegram
              </a>
            </Button>
            <Button size="sm" variant="ghost" onClick={cancel}>
              Отменить
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
