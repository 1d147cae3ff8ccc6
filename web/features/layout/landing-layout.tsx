import type { ReactNode } from 'react';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';

/** Chrome for routes with staticData.layout 'Landing': no sidebar or bottom bar. */
export function LandingLayout({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader actions={actions} />
      <main className="flex-1">{children}</main>
      <LandingFooter />
    </div>
  );
}
