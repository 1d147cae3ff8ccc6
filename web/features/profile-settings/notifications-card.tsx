import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { BrowserPushRow } from './browser-push-row.tsx';
import { NotificationSwitches } from './notification-switches.tsx';
import { TelegramLinkRow } from './telegram-link-row.tsx';

/** «Уведомления» (decisions 026, 027): Telegram linked or not, push in this browser, and which topics go where. */
export function NotificationsCard({ className }: { className?: string }) {
  return (
    <Card id="notifications" className={cn('grid gap-4 p-4 sm:p-6', className)} aria-labelledby="notifications-title">
      <div className="grid gap-1">
        <h2 id="notifications-title" className="text-base font-semibold">
          Уведомления
        </h2>
        <p className="text-sm text-muted-foreground">Всё, что происходит, видно в колокольчике на сайте. Здесь — что ещё присылать и куда.</p>
      </div>
      <TelegramLinkRow />
      <BrowserPushRow />
      <NotificationSwitches />
    </Card>
  );
}
