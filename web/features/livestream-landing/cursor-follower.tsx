import { useEffect, useRef, useState } from 'react';

function prefersStill(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return true;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches || !window.matchMedia('(pointer: fine)').matches;
}

/**
 * A soft glow that trails the mouse. Off when the visitor prefers reduced motion (and on touch screens,
 * which have no cursor); it follows the media query live.
 */
export function CursorFollower() {
  const [enabled, setEnabled] = useState(() => !prefersStill());
  const dot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!window.matchMedia) return;
    const queries = [window.matchMedia('(prefers-reduced-motion: reduce)'), window.matchMedia('(pointer: fine)')];
    const update = () => setEnabled(!prefersStill());
    for (const query of queries) query.addEventListener('change', update);
    return () => {
      for (const query of queries) query.removeEventListener('change', update);
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const target = { x: -200, y: -200 };
    const current = { x: -200, y: -200 };
    const onMove = (event: PointerEvent) => {
      target.x = event.clientX;
      target.y = event.clientY;
    };
    const tick = () => {
      current.x += (target.x - current.x) * 0.18;
      current.y += (target.y - current.y) * 0.18;
      if (dot.current) dot.current.style.transform = `translate3d(${current.x - 16}px, ${current.y - 16}px, 0)`;
      frame = requestAnimationFrame(tick);
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    frame = requestAnimationFrame(tick);
    return () => {
      window.removeEventListener('pointermove', onMove);
      cancelAnimationFrame(frame);
    };
  }, [enabled]);

  if (!enabled) return null;
  return (
    <div
      ref={dot}
      aria-hidden
      data-testid="cursor-follower"
      className="pointer-events-none fixed top-0 left-0 z-[70] size-8 rounded-full border-2 border-fuchsia-500/70 bg-fuchsia-400/15 mix-blend-multiply will-change-transform"
      style={{ transform: 'translate3d(-200px, -200px, 0)' }}
    />
  );
}
