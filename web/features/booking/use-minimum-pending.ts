import { useEffect, useRef, useState } from 'react';

/**
 * True while `pending`, and afterwards until `ms` have passed since it became true (spec 000 §9: the
 * week's slots show their loader for at least 500 ms, the slot details for at least 1 s), so a fast
 * answer does not flash the loader. Unlike the mentor page's mount-based delay this restarts every time
 * loading starts again (the slots reload after "this time is taken").
 */
export function useMinimumPending(pending: boolean, ms: number): boolean {
  const startedAt = useRef<number | null>(pending ? Date.now() : null);
  const [holding, setHolding] = useState(pending);

  if (pending && startedAt.current == null) startedAt.current = Date.now();

  useEffect(() => {
    if (pending) {
      setHolding(true);
      return;
    }
    const started = startedAt.current;
    startedAt.current = null;
    const left = started == null ? 0 : started + ms - Date.now();
    if (left <= 0) {
      setHolding(false);
      return;
    }
    const timer = setTimeout(() => setHolding(false), left);
    return () => clearTimeout(timer);
  }, [pending, ms]);

  return pending || holding;
}
