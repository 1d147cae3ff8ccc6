import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';

/** Spec 000 §2: the description collapses at 120 px on mobile and 150 px on desktop. */
export const COLLAPSED_HEIGHT_MOBILE = 120;
export const COLLAPSED_HEIGHT_DESKTOP = 150;
const DESKTOP_QUERY = '(min-width: 768px)';

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(DESKTOP_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

function isDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;
}

/** A text block cut to a fixed height with 'Показать полностью' / 'Свернуть' when it is taller. */
export function CollapsibleText({ text, className }: { text: string; className?: string }) {
  const desktop = useSyncExternalStore(subscribe, isDesktop, () => true);
  const limit = desktop ? COLLAPSED_HEIGHT_DESKTOP : COLLAPSED_HEIGHT_MOBILE;
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollHeight > limit + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, limit]);

  const collapsed = overflows && !expanded;
  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={ref}
          data-collapsed={collapsed || undefined}
          style={collapsed ? { maxHeight: limit } : undefined}
          className="overflow-hidden text-[15px] leading-relaxed whitespace-pre-line text-foreground/90"
        >
          {text}
        </div>
        {collapsed ? <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-card to-transparent" /> : null}
      </div>
      {overflows ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className={cn('mt-2 text-sm font-medium text-primary outline-none hover:underline focus-visible:underline')}
        >
          {expanded ? 'Свернуть' : 'Показать полностью'}
        </button>
      ) : null}
    </div>
  );
}
