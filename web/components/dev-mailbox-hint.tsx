import { cn } from '../lib/cn.ts';

/** Only a local copy of the app keeps mail in the dev mailbox; production users never see this hint. */
function isLocalHost(): boolean {
  return typeof location !== 'undefined' && (location.hostname === 'localhost' || location.hostname === '127.0.0.1');
}

const HINTS = { email: 'Письмо не пришло? Локально все письма — в', sms: 'SMS не пришло? Локально все SMS — в' } as const;

/** 'Письмо не пришло?' (or the SMS one) for local runs: codes go to the dev mailbox page, not to a real inbox or phone. */
export function DevMailboxHint({ className, channel = 'email' }: { className?: string; channel?: keyof typeof HINTS }) {
  if (!isLocalHost()) return null;
  return (
    <p className={cn('text-center text-xs text-muted-foreground', className)}>
      {HINTS[channel]}{' '}
      <a href="/dev/mailbox" target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
        /dev/mailbox
      </a>
    </p>
  );
}
