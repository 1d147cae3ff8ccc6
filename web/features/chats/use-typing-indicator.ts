import { useCallback, useEffect, useRef, useState } from 'react';

/** How long "печатает…" stays after the last typing signal (the sender repeats it every 2 s while typing). */
export const TYPING_VISIBLE_MS = 4000;

/** The other person's "печатает…": shown on each typing signal, gone after a pause or their message. */
export function useTypingIndicator() {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(false);
  }, []);
  const start = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(true);
    timer.current = setTimeout(() => setTyping(false), TYPING_VISIBLE_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { typing, start, stop };
}
