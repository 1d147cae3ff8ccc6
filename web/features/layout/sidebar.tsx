import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { NavLinks } from './nav-links.tsx';

/** Desktop (>= 1024 px) navigation column; `account` is the avatar with the profile menu, at the bottom. */
export function Sidebar({ account }: { account: ReactNode }) {
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card px-4 py-5 lg:flex">
      <Logo to="/Home" className="px-2" />
      <nav aria-label="Основная навигация" className="mt-8 flex-1">
        <NavLinks
          className="flex flex-col gap-1"
          iconClassName="size-5"
          linkClassName={(active) =>
            cn(
              'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring',
              active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )
          }
        />
      </nav>
      {account ? <div className="border-t pt-4">{account}</div> : null}
    </aside>
  );
}
