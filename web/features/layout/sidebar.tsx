import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { isNavItemActive, navItems } from './nav-items.ts';
import { usePathname } from './use-pathname.ts';

/** Desktop (>= 1024 px) navigation column; `account` is the avatar with the profile menu, at the bottom. */
export function Sidebar({ account }: { account: ReactNode }) {
  const pathname = usePathname();
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card px-4 py-5 lg:flex">
      <Logo to="/Home" className="px-2" />
      <nav aria-label="Основная навигация" className="mt-8 flex-1">
        <ul className="flex flex-col gap-1">
          {navItems.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  <item.icon aria-hidden className="size-5" strokeWidth={active ? 2.25 : 1.75} />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {account ? <div className="border-t pt-4">{account}</div> : null}
    </aside>
  );
}
