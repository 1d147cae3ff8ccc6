import { useSyncExternalStore } from 'react';

/** Spec 002 §9: under 960 px the calendar leaves the right column for a tab of its own. */
const WIDE_QUERY = '(min-width: 960px)';

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(WIDE_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const matches = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_QUERY).matches;

/**
 * Whether the calendar sits beside the list. The narrow layout renders the widget only in its tab rather
 * than hiding a second copy with CSS, so the page never holds two grids (two sets of day buttons for
 * screen readers, two selections to keep in step).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, matches, () => true);
}
