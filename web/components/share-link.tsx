import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { copyText } from '../lib/copy-text.ts';

export const COPY_CONFIRM_MS = 2000;

/** The share row: the link and a copy button that says 'Скопировано' for 2 s. */
export function ShareLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(url))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  };

  return (
    <div className="flex min-w-0 max-w-full items-center gap-1 rounded-full border bg-card py-1 pr-1 pl-3 text-sm">
      <span className="min-w-0 truncate text-muted-foreground" title={url}>
        {url.replace(/^https?:\/\//, '')}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? 'Ссылка скопирована' : 'Скопировать ссылку'}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 font-medium text-primary transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        {copied ? <Check aria-hidden className="size-4 text-success" /> : <Copy aria-hidden className="size-4" />}
        <span aria-live="polite">{copied ? 'Скопировано' : 'Копировать'}</span>
      </button>
    </div>
  );
}

