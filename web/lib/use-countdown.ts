import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown for "send the code again" buttons (spec 001 §4: starts at 30, ticks each second,
 * the button is enabled at 0). It starts running as soon as the component mounts; `restart` starts over.
 */
export function useCountdown(seconds: number): { secondsLeft: number; isRunning: boolean; restart: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(seconds);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    // One timeout per tick rather than an interval: a paused tab or a restart can never leave two running.
    const timer = setTimeout(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const restart = useCallback(() => setSecondsLeft(seconds), [seconds]);
  return { secondsLeft, isRunning: secondsLeft > 0, restart };
}
