import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
import { toast } from '../../components/ui/toast-store.ts';
import { cn } from '../../lib/cn.ts';

type Provider = { name: string; mark: ReactNode; markClass: string };

// Brand marks as simple glyphs: the icon set has no logos, and three SVG files are not worth a request.
const providers: Provider[] = [
  { name: 'VK', mark: <span className="text-[11px] font-bold">VK</span>, markClass: 'bg-[#0077ff] text-white' },
  { name: 'Telegram', mark: <Send aria-hidden className="size-3.5 -translate-x-px" />, markClass: 'bg-[#27a7e7] text-white' },
  { name: 'Google', mark: <span className="text-sm font-bold text-[#4285f4]">G</span>, markClass: 'bg-card border' },
];

/** VK, Telegram and Google sign-in (spec 001: "behaviour not shown"): shown as not yet available. */
export function SocialButtons() {
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        или через
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-3 gap-2">
        {providers.map((provider) => (
          <button
            key={provider.name}
            type="button"
            aria-disabled="true"
            title="Скоро"
            aria-label={`${provider.name} — скоро`}
            onClick={() => toast({ title: 'Скоро', description: `Вход через ${provider.name} появится позже.` })}
            className="flex h-10 items-center justify-center gap-2 rounded-lg border border-input bg-card px-2 text-sm font-medium text-muted-foreground opacity-70 shadow-xs transition-opacity outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden className={cn('grid size-6 shrink-0 place-content-center rounded-full', provider.markClass)}>
              {provider.mark}
            </span>
            {/* Below 640 px the three marks alone fit the card; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only sm:truncate">{provider.name}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
