import { useSyncExternalStore } from 'react';

/** Spec 001 §9: the mobile breakpoint is 768 px; from there the list and the room sit side by side. */
const TWO_PANE_QUERY = '(min-width: 768px)';

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(TWO_PANE_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const matches = () => typeof window.matchMedia !== 'function' || window.matchMedia(TWO_PANE_QUERY).matches;

/**
 * Whether both panes are shown. Phones render only the pane in view rather than hiding the other with
 * CSS, so the page holds one copy of the newest message (a hidden list preview would repeat it for
 * find-in-page and screen readers) and no off-screen list to lay out.
 */
export function useTwoPane(): boolean {
  return useSyncExternalStore(subscribe, matches, () => true);
}
