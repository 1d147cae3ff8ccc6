import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Spec 002 §9: under 960 px the calendar leaves the right column for a tab of its own. */
const WIDE_QUERY = '(min-width: 960px)';

/**
 * Whether the calendar sits beside the list. The narrow layout renders the widget only in its tab, so the
 * page never holds two grids (two sets of day buttons, two selections to keep in step).
 */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY);
}
