import { useEffect, useState } from 'react';

/**
 * True until `ms` have passed since mount, when `active` was true at mount (spec 000 §9: the mentor
 * page shows its loader for at least 1 s, so a fast answer does not flash the spinner). Data that
 * was already cached shows at once.
 */
export function useMinimumDelay(active: boolean, ms: number): boolean {
  const [waiting, setWaiting] = useState(active);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), ms);
    return () => clearTimeout(timer);
  }, [waiting, ms]);
  return waiting;
}
