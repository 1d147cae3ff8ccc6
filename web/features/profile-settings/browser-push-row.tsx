import { useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { countRu } from '../../lib/plural.ts';
import { useBrowserPush } from '../../lib/web-push/use-browser-push.ts';
import { notificationQueries } from './notification-settings.api.ts';

/**
 * The browser line of «Уведомления» (decision 027): what this browser can do (no push, forbidden in its settings,
 * on here or not) with «Включить» / «Выключить», and how many other browsers of the person get push.
 */
export function BrowserPushRow() {
  const queryClient = useQueryClient();
  const push = useBrowserPush({ onChange: () => void queryClient.invalidateQueries({ queryKey: notificationQueries.root }) });

  if (!push.supported) return <PushLine status="Этот браузер не умеет показывать уведомления сайтов." />;
  if (push.failed) return <LoadErrorAlert onRetry={push.retry}>Не удалось узнать, включены ли уведомления в браузере</LoadErrorAlert>;
  if (push.loading) return <Skeleton role="status" aria-label="Загрузка уведомлений в браузере" className="h-16 w-full" />;
  if (!push.available) return <PushLine status="Уведомления в браузере на этом сервере не настроены." />;

  const others = push.elsewhere ? ` Ещё включены в ${countRu(push.elsewhere, ['другом браузере', 'других браузерах', 'других браузерах'])}.` : '';
  if (push.permission === 'denied') {
    return <PushLine status={`Запрещены в настройках браузера для этого сайта: разрешите их там (значок слева от адреса).${others}`} />;
  }
  const busy = push.enable.isPending || push.disable.isPending;
  return push.enabledHere ? (
    <PushLine status={`Включены в этом браузере.${others}`}>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => push.disable.mutate()}>
        {push.disable.isPending ? <Spinner className="text-current" label="Выключаем" /> : null}
        Выключить
      </Button>
    </PushLine>
  ) : (
    <PushLine status={`Выключены в этом браузере.${others}`}>
      <Button size="sm" disabled={busy} onClick={() => push.enable.mutate()}>
        {push.enable.isPending ? <Spinner className="text-current" label="Включаем" /> : null}
        Включить в этом браузере
      </Button>
    </PushLine>
  );
}

function PushLine({ status, children }: { status: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border px-3 py-3 sm:px-4">
      <span className="grid size-8 place-items-center rounded-lg bg-primary/10 text-primary" aria-hidden>
        <BellRing className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 basis-40">
        <span className="text-sm font-medium">Уведомления в браузере</span>
        <span className="text-xs break-words text-muted-foreground">{status}</span>
      </div>
      {children}
    </div>
  );
}
