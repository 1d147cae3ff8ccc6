import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Spec 001 §9: the mobile breakpoint is 768 px; from there the list and the room sit side by side. */
const TWO_PANE_QUERY = '(min-width: 768px)';

/**
 * Whether both panes are shown. Phones render only the pane in view, so the page holds one copy of the
 * newest message (a hidden list preview would repeat it for find-in-page and screen readers).
 */
export function useTwoPane(): boolean {
  return useMediaQuery(TWO_PANE_QUERY);
}
