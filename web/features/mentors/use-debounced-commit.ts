import { useEffect, useRef, useState } from 'react';

/**
 * A text field whose value is committed (to the URL) only after `delay` ms without typing.
 * When the committed value changes from outside (a reset, back/forward), the field follows it.
 */
export function useDebouncedCommit(committed: string, commit: (value: string) => void, delay: number) {
  const [text, setText] = useState(committed);
  const last = useRef(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (committed !== last.current) {
      last.current = committed;
      setText(committed);
    }
  }, [committed]);

  useEffect(() => {
    const next = text.trim();
    if (next === last.current) return;
    const timer = setTimeout(() => {
      last.current = next;
      commitRef.current(next);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return [text, setText] as const;
}
