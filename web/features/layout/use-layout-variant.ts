import { useRouterState } from '@tanstack/react-router';
import type { LayoutVariant } from '../../lib/route-meta.ts';

/** The layout variant of the deepest matched route that declares one in its staticData. */
export function useLayoutVariant(): LayoutVariant | undefined {
  return useRouterState({
    select: (state) => state.matches.findLast((match) => match.staticData.layout)?.staticData.layout,
  });
}
