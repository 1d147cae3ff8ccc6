import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { RouteProgress } from '../components/route-progress.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ToasterHost } from '../components/ui/toaster-host.tsx';
import { AppShell } from '../features/layout/app-shell.tsx';
import { LandingLayout } from '../features/layout/landing-layout.tsx';
import { useLayoutVariant } from '../features/layout/use-layout-variant.ts';
import { useReturnTarget } from '../lib/return-to.ts';
import { useSession } from '../lib/session/use-session.ts';

// Only signed-in users get the bell and the profile menu (with their Radix menu/popover code): load them
// on demand so that a visitor's first page carries none of it. The bell brings its list and live connection.
const NotificationCenter = lazy(() =>
  import('../features/notifications/notification-center.tsx').then((m) => ({ default: m.NotificationCenter })),
);
const NotificationsLiveConnection = lazy(() =>
  import('../features/notifications/notifications-live-connection.tsx').then((m) => ({ default: m.NotificationsLiveConnection })),
);
const ProfileMenu = lazy(() => import('../features/account/profile-menu.tsx').then((m) => ({ default: m.ProfileMenu })));

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>{children}</Suspense>;
}

/**
 * The root route's component. It is where features meet: the layout receives the session's
 * profile menu and the notification bell as slots, so no feature imports another.
 */
export function RootLayout() {
  const variant = useLayoutVariant();
  const { user, isPending } = useSession();

  const bell = user ? (
    <Deferred>
      <NotificationCenter timeZone={user.time_zone ?? undefined} />
    </Deferred>
  ) : null;
  const menu = (variant?: 'sidebar') =>
    user ? (
      <Deferred>
        <ProfileMenu user={user} variant={variant} />
      </Deferred>
    ) : null;
  // While the first /users/me is in flight, hold the place of the account controls instead of flashing 'Войти'.
  const placeholder = isPending ? <Skeleton className="size-9 rounded-full" /> : null;

  return (
    <>
      <RouteProgress />
      {variant === 'Standalone' ? (
        <Outlet />
      ) : variant === 'Landing' ? (
        <LandingLayout
          actions={
            placeholder ??
            (user ? (
              <>
                {bell}
                {menu()}
              </>
            ) : (
              <VisitorActions />
            ))
          }
        >
          <Outlet />
        </LandingLayout>
      ) : (
        <AppShell
          showToggleOnMobile={variant === 'Search'}
          headerActions={placeholder ?? bell ?? <LoginButton />}
          sidebarAccount={menu('sidebar')}
          mobileAccount={menu()}
        >
          <Outlet />
        </AppShell>
      )}
      {user ? (
        // at the root rather than in a header: moving between layouts must not drop the connection
        <Suspense fallback={null}>
          <NotificationsLiveConnection key={user.id} />
        </Suspense>
      ) : null}
      <ToasterHost />
    </>
  );
}

// Both come back to the page they were pressed on (issue 35), on every width: the phone header shows the same buttons.
function LoginButton({ variant }: { variant?: 'default' | 'ghost' }) {
  const returnTo = useReturnTarget();
  return (
    <Button asChild variant={variant}>
      <Link to="/login" search={{ redirect: returnTo }}>
        Войти
      </Link>
    </Button>
  );
}

function VisitorActions() {
  const returnTo = useReturnTarget();
  return (
    <>
      <LoginButton variant="ghost" />
      <Button asChild className="hidden sm:inline-flex">
        <Link to="/register" search={{ redirect: returnTo }}>
          Регистрация
        </Link>
      </Button>
    </>
  );
}
