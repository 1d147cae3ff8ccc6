import { Children, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** Layout breakpoint of spec 000 §9: 2 columns at 1024 px or narrower. */
export const MASONRY_TABLET_QUERY = '(max-width: 1024px)';
/** Below this the cards get too narrow for two columns (spec §9: 320 px minimum mobile card width). */
export const MASONRY_PHONE_QUERY = '(max-width: 639px)';

function subscribeToResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * How many columns the grid shows at the current viewport width; null where the width is unknown (a page rendered on
 * the server, and the browser's hydration of it), which leaves the count to CSS.
 */
export function useMasonryColumns(columns = 3, tabletColumns = 2, phoneColumns = 1): number | null {
  return useSyncExternalStore(
    subscribeToResize,
    () => (matches(MASONRY_PHONE_QUERY) ? phoneColumns : matches(MASONRY_TABLET_QUERY) ? tabletColumns : columns),
    () => null,
  );
}

// Written out whole so that Tailwind finds them. The widths are the queries above: Tailwind's max-[N] is "narrower
// than N", so 1025 and 640 mean at most 1024 px and at most 639 px.
const DESKTOP_COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };
const TABLET_COLUMNS: Record<number, string> = {
  1: 'max-[1025px]:grid-cols-1',
  2: 'max-[1025px]:grid-cols-2',
  3: 'max-[1025px]:grid-cols-3',
  4: 'max-[1025px]:grid-cols-4',
};
const PHONE_COLUMNS: Record<number, string> = {
  1: 'max-[640px]:grid-cols-1',
  2: 'max-[640px]:grid-cols-2',
  3: 'max-[640px]:grid-cols-3',
  4: 'max-[640px]:grid-cols-4',
};

/**
 * Each card is a Suspense boundary of its own: hydrating a page the server rendered, React makes the page around the
 * list live first (its filters and links answer) and hydrates the cards after, at a lower priority; a tap on a card
 * before then hydrates that card at once and is replayed (decision 014, «Before the first tap»).
 */
function listItem(item: ReactNode, index: number) {
  return (
    <div role="listitem" key={(item as { key?: string | null }).key ?? index}>
      <Suspense>{item}</Suspense>
    </div>
  );
}

type MasonryGridProps = {
  /** The cards. Each child goes to a column in turn (1st → column 1, 2nd → column 2…), so appending
   *  a page of results never moves the cards already on screen (unlike CSS columns). */
  children: ReactNode;
  /** Columns on desktop (default 3). */
  columns?: number;
  /** Columns at 1024 px or narrower (default 2). */
  tabletColumns?: number;
  /** Columns below 640 px (default 1). */
  phoneColumns?: number;
  className?: string;
  /** Accessible label of the list. */
  'aria-label'?: string;
};

/**
 * Masonry grid: independent columns of uneven cards; items are rendered as list items.
 *
 * The cards always sit in column wrappers. Until the width is known (a page rendered on the server, and the browser's
 * hydration of it) there is one wrapper that lays out no box of its own (`display: contents`), so the cards are the
 * cells of a plain grid with the same columns at the same widths, in the same order (row by row is column by column in
 * turn), and the first paint sits where the masonry will. Once measured, the first column keeps its wrapper and its
 * cards: on a phone (one column) hydration moves no card and re-creates no element.
 */
export function MasonryGrid({ children, columns = 3, tabletColumns = 2, phoneColumns = 1, className, 'aria-label': ariaLabel }: MasonryGridProps) {
  const measured = useMasonryColumns(columns, tabletColumns, phoneColumns);
  const items = Children.toArray(children);
  const count = measured === null ? 1 : Math.max(1, measured);
  const buckets: ReactNode[][] = Array.from({ length: count }, () => []);
  items.forEach((item, index) => buckets[index % count]!.push(item));

  return (
    <div
      role="list"
      aria-label={ariaLabel}
      data-columns={measured ?? undefined}
      className={cn(
        'grid items-start gap-4 md:gap-5',
        measured === null && [DESKTOP_COLUMNS[columns], TABLET_COLUMNS[tabletColumns], PHONE_COLUMNS[phoneColumns]],
        className,
      )}
      style={measured === null ? undefined : { gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}
    >
      {buckets.map((bucket, column) => (
        <div key={column} className={measured === null ? 'contents' : 'flex min-w-0 flex-col gap-4 md:gap-5'}>
          {bucket.map(listItem)}
        </div>
      ))}
    </div>
  );
}
