import { useEffect, useState } from 'react';

/**
 * The current time in ms, re-read every `stepMs`, shifted by `offsetMs` (the server's clock minus this
 * device's, so a countdown agrees with the server even on a device whose clock is off).
 * A timeout per tick rather than an interval: a changed step or offset never leaves two timers running.
 */
export function useNow(stepMs: number, offsetMs = 0): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);

  useEffect(() => {
    setNow(Date.now() + offsetMs);
  }, [offsetMs]);

  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now() + offsetMs), stepMs);
    return () => clearTimeout(timer);
  }, [now, stepMs, offsetMs]);

  return now;
}
