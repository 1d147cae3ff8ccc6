import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { toast, type ToastOptions } from './ui/toast-store.ts';

type ConfirmedActionProps = {
  /** the button (or link) that asks; it gets the function that opens the question */
  trigger: (ask: () => void) => ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** the call itself; the question stays open, its buttons disabled, until it answers */
  action: () => Promise<unknown>;
  /** the toast once it is done */
  success: ToastOptions;
  /** the toast's title when it fails; the server's own words go under it */
  failure: string;
  /** what to load afresh, done or not (someone else may have changed the same thing) */
  invalidate: QueryKey;
};

/** An action that asks «…?» first, then says how it went in a toast and refreshes what it touched. */
export function ConfirmedAction({ trigger, title, description, confirmLabel, cancelLabel, action, success, failure, invalidate }: ConfirmedActionProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const run = useMutation({
    mutationFn: action,
    onSuccess: () => {
      setOpen(false);
      toast({ variant: 'success', ...success });
    },
    onError: (error) => toast({ title: failure, description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
  return (
    <>
      {trigger(() => setOpen(true))}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        pending={run.isPending}
        onConfirm={() => run.mutate()}
      />
    </>
  );
}
