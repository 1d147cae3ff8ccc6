import type { ReactNode } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { DEFAULT_TOAST_DURATION, dismissToast, useToasts, type ToastVariant } from './toast-store.ts';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/30 bg-card text-card-foreground',
  destructive: 'border-destructive/30 bg-card text-card-foreground',
};

const variantIcons: Record<ToastVariant, ReactNode> = {
  default: null,
  success: <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />,
  destructive: <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />,
};

/** Renders toasts raised with toast(); mounted once at the root, shown at the top of the screen. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider swipeDirection="up" duration={DEFAULT_TOAST_DURATION} label="Уведомление">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition-all data-[state=closed]:opacity-0 data-[swipe=end]:-translate-y-full data-[swipe=move]:translate-y-(--radix-toast-swipe-move-y) data-[swipe=move]:transition-none',
            variantClasses[item.variant],
          )}
        >
          {variantIcons[item.variant]}
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? <ToastPrimitive.Description className="text-sm text-muted-foreground">{item.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Закрыть"
            className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="pointer-events-none fixed top-0 left-1/2 z-[100] flex w-full max-w-sm -translate-x-1/2 flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
