import type { ReactNode } from 'react';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Sidebar } from './sidebar.tsx';
import { SiteFooter } from './site-footer.tsx';

type AppShellProps = {
  showToggleOnMobile: boolean;
  /** Bell or login button, in the header. */
  headerActions: ReactNode;
  /** The profile menu trigger for the desktop sidebar; null for visitors. */
  sidebarAccount: ReactNode;
  /** The profile menu trigger for the mobile header; null for visitors. */
  mobileAccount: ReactNode;
  children: ReactNode;
};

/**
 * The app layout: sidebar + header on desktop, compact header + bottom bar below 1024 px.
 * Account pieces come in as slots so the layout stays independent of the session feature.
 */
export function AppShell({ showToggleOnMobile, headerActions, sidebarAccount, mobileAccount, children }: AppShellProps) {
  return (
    <div className="flex min-h-dvh">
      <Sidebar account={sidebarAccount} />
      {/* Bottom padding keeps the last content clear of the fixed mobile bar. */}
      <div className="flex min-w-0 flex-1 flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0">
        <AppHeader showToggleOnMobile={showToggleOnMobile} actions={headerActions} mobileAccount={mobileAccount} />
        <main className="flex-1">{children}</main>
        <SiteFooter />
      </div>
      <BottomNav />
    </div>
  );
}
