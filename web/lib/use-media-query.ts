import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current as the window changes. Layouts use it to render only the
 * panes that are in view rather than hiding copies with CSS (one copy of every control for screen readers
 * and find-in-page). Without matchMedia (tests, old engines) the wide layout is assumed.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
    () => true,
  );
}
