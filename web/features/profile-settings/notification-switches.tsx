import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { NotificationChannel, NotificationTopic } from '../../../worker/notifications/notification-settings.schemas.ts';
import { notificationQueries, notificationSettingsApi, type NotificationSettings } from './notification-settings.api.ts';

const CHANNEL_NAMES: Record<NotificationChannel, string> = { telegram: 'Telegram', email: 'E-mail', push: 'Push' };
const SAVE_KEY = [...notificationQueries.root, 'save'] as const;

type Change = { channel: NotificationChannel; topic: NotificationTopic; enabled: boolean };

function withSwitch(settings: NotificationSettings, { channel, topic, enabled }: Change): NotificationSettings {
  const current = settings.channels[channel];
  return { ...settings, channels: { ...settings.channels, [channel]: { ...current, topics: { ...current.topics, [topic]: enabled } } } };
}

/**
 * What goes where (decisions 026, 027): a switch per topic and channel, Telegram and its e-mail fallback once Telegram is
 * linked, push once a browser of the person gets it. A switch turns at once and is saved alone; a failed save turns it back and says so.
 */
export function NotificationSwitches() {
  const queryClient = useQueryClient();
  const settings = useQuery(notificationQueries.settings());
  const key = notificationQueries.settings().queryKey;
  const save = useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: ({ channel, topic, enabled }: Change) => notificationSettingsApi.setSwitch(channel, topic, enabled),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (old) => (old ? withSwitch(old, change) : old));
    },
    // only this switch goes back: another one turned meanwhile keeps its own outcome
    onError: (error, change) => {
      queryClient.setQueryData(key, (old) => (old ? withSwitch(old, { ...change, enabled: !change.enabled }) : old));
      toast({ title: 'Не удалось сохранить настройку', description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' });
    },
    // the answer holds every switch; written only by the last save in flight, so it cannot undo a newer turn
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1) queryClient.setQueryData(key, answer);
    },
  });

  if (settings.isError) return <LoadErrorAlert onRetry={() => void settings.refetch()}>Не удалось загрузить настройки уведомлений</LoadErrorAlert>;
  if (settings.isPending) return <Skeleton role="status" aria-label="Загрузка настроек уведомлений" className="h-48 w-full" />;
  const { topics, channels } = settings.data;
  const telegram = channels.telegram.available && channels.telegram.linked;
  // e-mail here is Telegram's fallback only (the product's own e-mails do not ask these switches): without a linked
  // Telegram its switches would change nothing
  // push's switches once some browser of the person gets push (decision 027): before that they too would change nothing
  const shown = (['telegram', 'email', 'push'] as const).filter((channel) => (channel === 'push' ? channels.push.available && channels.push.linked : telegram));
  if (!shown.length) {
    return channels.telegram.available ? (
      <p className="text-sm text-muted-foreground">Когда Telegram подключён, здесь можно выбрать, о чём писать туда, а о чём — письмом, если Telegram не доставит.</p>
    ) : null;
  }

  return (
    <div className="grid gap-2">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="pb-2 text-left text-sm font-medium">Что и куда присылать</caption>
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              Тема
            </th>
            {shown.map((channel) => (
              <th key={channel} scope="col" className="w-14 pb-1 text-center text-xs font-medium text-muted-foreground sm:w-24">
                {CHANNEL_NAMES[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {topics.map((topic) => (
            <tr key={topic.id}>
              <th scope="row" className="border-t py-3 pr-3 text-left font-normal">
                {topic.title}
              </th>
              {shown.map((channel) => (
                <td key={channel} className="border-t py-3 text-center align-middle">
                  <Switch
                    checked={channels[channel].topics[topic.id as NotificationTopic] ?? true}
                    onCheckedChange={(enabled) => save.mutate({ channel, topic: topic.id as NotificationTopic, enabled })}
                    aria-label={`${topic.title}: ${CHANNEL_NAMES[channel]}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {shown.includes('email') ? (
        <p className="text-xs text-muted-foreground">
          E-mail — запасной путь: письмо приходит, если сообщение в Telegram не удалось доставить. Коды входа и
          напоминания о встречах приходят на почту всегда.
        </p>
      ) : null}
    </div>
  );
}
