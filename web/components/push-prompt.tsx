import { useState } from 'react';
import { BellRing, X } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';
import { useBrowserPush } from '../lib/web-push/use-browser-push.ts';
import { cn } from '../lib/cn.ts';

/** «Не сейчас» is remembered in this browser for 30 days; the settings can turn push on at any time. */
const DISMISSED_KEY = 'forma.push-prompt-dismissed';
const DISMISS_DAYS = 30;

function dismissedRecently() {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > Date.now() - DISMISS_DAYS * 86_400_000;
  } catch {
    return false;
  }
}

/**
 * The invitation to browser push (decision 027), shown after a booking (the payment's success, the schedule with a
 * booking in it), never on a first visit: only where the browser can, the server offers it, the browser has not been
 * asked yet (a refusal is the browser's to undo) and push is not on here already.
 */
export function PushPrompt({ className }: { className?: string }) {
  const push = useBrowserPush();
  const [dismissed, setDismissed] = useState(dismissedRecently);
  if (dismissed || !push.supported || push.loading || !push.available || push.permission !== 'default' || push.enabledHere) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // storage refused: hidden for this page only
    }
    setDismissed(true);
  };

  return (
    <section aria-labelledby="push-prompt-title" className={cn('relative flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4 text-left shadow-sm', className)}>
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary" aria-hidden>
        <BellRing className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 basis-52 gap-1 pr-6">
        <h2 id="push-prompt-title" className="text-sm font-semibold">
          Узнавайте о встрече вовремя
        </h2>
        <p className="text-sm text-muted-foreground">
          Пришлём уведомление в браузер, когда наставник ответит или перенесёт встречу, за час до начала и когда откроется комната.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" disabled={push.enable.isPending} onClick={() => push.enable.mutate()}>
            {push.enable.isPending ? <Spinner className="text-current" label="Включаем" /> : null}
            Включить уведомления
          </Button>
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Не сейчас
          </Button>
        </div>
      </div>
      <button type="button" onClick={dismiss} aria-label="Закрыть" className="absolute top-2 right-2 rounded-md p-1 text-muted-foreground hover:bg-muted">
        <X className="size-4" />
      </button>
    </section>
  );
}
