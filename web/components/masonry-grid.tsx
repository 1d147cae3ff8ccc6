import { Children, useSyncExternalStore, type ReactNode } from 'react';
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

/** How many columns the grid shows at the current viewport width. */
export function useMasonryColumns(columns = 3, tabletColumns = 2, phoneColumns = 1): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => (matches(MASONRY_PHONE_QUERY) ? phoneColumns : matches(MASONRY_TABLET_QUERY) ? tabletColumns : columns),
    () => columns,
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

/** Masonry grid: independent columns of uneven cards; items are rendered as list items. */
export function MasonryGrid({ children, columns = 3, tabletColumns = 2, phoneColumns = 1, className, 'aria-label': ariaLabel }: MasonryGridProps) {
  const count = Math.max(1, useMasonryColumns(columns, tabletColumns, phoneColumns));
  const items = Children.toArray(children);
  const buckets: ReactNode[][] = Array.from({ length: count }, () => []);
  items.forEach((item, index) => buckets[index % count]!.push(item));

  return (
    <div
      role="list"
      aria-label={ariaLabel}
      data-columns={count}
      className={cn('grid items-start gap-4 md:gap-5', className)}
      style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}
    >
      {buckets.map((bucket, column) => (
        <div key={column} className="flex min-w-0 flex-col gap-4 md:gap-5">
          {bucket.map((item, index) => (
            <div role="listitem" key={(item as { key?: string | null }).key ?? index}>
              {item}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
