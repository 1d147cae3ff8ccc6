import { useEffect, useState } from 'react';

/**
 * The current time in ms, re-read every `stepMs`: a card turns from «Скоро в эфире» to «Идёт сейчас» and
 * then into the history without a reload. A timeout per tick rather than an interval, so a changed step
 * never leaves two timers running. (/Home has its own copy; features share no code.)
 */
export function useClock(stepMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), stepMs);
    return () => clearTimeout(timer);
  }, [now, stepMs]);
  return now;
}
