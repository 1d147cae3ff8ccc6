import { useRouterState } from '@tanstack/react-router';

/** The current path; re-renders only when it changes, not on every router state update. */
export function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}
