import { useRouterState } from '@tanstack/react-router';
import { cn } from '../lib/cn.ts';

/** A thin bar at the top while the router loads the next page (guards, loaders, lazy chunks). */
export function RouteProgress() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  return (
    <div
      role="progressbar"
      aria-hidden={!pending}
      aria-label="Загрузка страницы"
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity',
        // Fade in only after a short delay, so instant navigations don't flash the bar.
        pending ? 'opacity-100 delay-150 duration-200' : 'opacity-0 duration-300',
      )}
    >
      <div className="h-full w-full origin-left animate-progress bg-primary" />
    </div>
  );
}
