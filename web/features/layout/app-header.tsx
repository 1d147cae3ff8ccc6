import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { SearchToggle } from './search-toggle.tsx';

type AppHeaderProps = {
  /** Mobile shows the events/mentors toggle only on search pages (route variant 'Search'); desktop always does. */
  showToggleOnMobile: boolean;
  /** Right-hand side on every width: the bell, or the login button for visitors. */
  actions: ReactNode;
  /** Mobile only: the avatar with the profile menu (desktop keeps it in the sidebar). */
  mobileAccount: ReactNode;
};

export function AppHeader({ showToggleOnMobile, actions, mobileAccount }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur-md">
      <div className="flex h-14 items-center gap-3 px-4 lg:h-16 lg:px-8">
        <Logo to="/Home" className="lg:hidden" />
        <SearchToggle className="hidden lg:inline-grid" />
        <div className="ml-auto flex items-center gap-2">
          {actions}
          {mobileAccount ? <div className="flex lg:hidden">{mobileAccount}</div> : null}
        </div>
      </div>
      {/* On phones the toggle gets its own row: next to the logo and the avatar it would not fit at 360 px. */}
      <div className={cn('px-4 pb-3 lg:hidden', !showToggleOnMobile && 'hidden')}>
        <SearchToggle className="w-full" />
      </div>
    </header>
  );
}
