import { cn } from '../../lib/cn.ts';
import { NavLinks } from './nav-links.tsx';

/** Mobile (< 1024 px) navigation: fixed to the bottom edge, above the home indicator on iOS. */
export function BottomNav() {
  return (
    <nav
      aria-label="Основная навигация"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <NavLinks
        className="mx-auto grid h-16 max-w-lg grid-cols-5"
        iconClassName="size-5.5"
        linkClassName={(active) =>
          cn(
            'flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium focus-visible:bg-accent',
            active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
          )
        }
      />
    </nav>
  );
}
