import { cn } from '../lib/cn.ts';

/** Only a local copy of the app keeps mail in the dev mailbox; production users never see this hint. */
function isLocalHost(): boolean {
  return typeof location !== 'undefined' && (location.hostname === 'localhost' || location.hostname === '127.0.0.1');
}

/** 'Письмо не пришло?' for local runs: codes are delivered to the dev mailbox page, not to a real inbox. */
export function DevMailboxHint({ className }: { className?: string }) {
  if (!isLocalHost()) return null;
  return (
    <p className={cn('text-center text-xs text-muted-foreground', className)}>
      Письмо не пришло? Локально все письма — в{' '}
      <a href="/dev/mailbox" target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
        /dev/mailbox
      </a>
    </p>
  );
}
