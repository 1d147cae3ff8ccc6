import { useEffect, useState } from 'react';

/** Spec 000 §4, §9: the mentor landing's loader shows for 400 ms; the mentee landing's 500 ms after its data. */
export const LANDING_LOADER_MS = 400;
export const MENTEE_LOADER_AFTER_DATA_MS = 500;

/** true until `ms` have passed since `ready` became true. */
export function useLoaderDelay(ready: boolean, ms: number): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setVisible(false), ms);
    return () => clearTimeout(timer);
  }, [ready, ms]);
  return visible;
}

const LETTERS = Array.from('ФОРМА');

type PageLoaderProps = {
  visible: boolean;
  /**
   * A fixed time to show for: the splash then hides itself by CSS too, counted from its first paint, so that a page
   * rendered on the server shows for that long and not until its JavaScript has run (the component leaves later).
   */
  hideAfterMs?: number;
};

/** Full-screen splash: the word 'ФОРМА', its letters rising in turn. The page renders underneath. */
export function PageLoader({ visible, hideAfterMs }: PageLoaderProps) {
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-label="Загрузка"
      className="fixed inset-0 z-[60] grid place-content-center bg-background"
      style={hideAfterMs === undefined ? undefined : { animation: `landing-loader-hide 1ms linear ${hideAfterMs}ms forwards` }}
    >
      <div aria-hidden className="pointer-events-none absolute top-1/2 left-1/2 size-[28rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-gradient-to-br from-violet-400/25 via-fuchsia-300/20 to-amber-200/20 blur-3xl" />
      <p aria-hidden className="relative flex gap-1 text-5xl font-black tracking-[0.2em] sm:text-7xl">
        {LETTERS.map((letter, index) => (
          <span
            key={index}
            className="landing-loader-letter inline-block bg-gradient-to-b from-violet-600 to-fuchsia-500 bg-clip-text text-transparent"
            style={{ animationDelay: `${index * 70}ms` }}
          >
            {letter}
          </span>
        ))}
      </p>
      <style>{`
        @keyframes landing-loader-rise { 0%, 100% { transform: translateY(0); opacity: .55 } 40% { transform: translateY(-14px); opacity: 1 } }
        @keyframes landing-loader-hide { to { visibility: hidden; opacity: 0 } }
        .landing-loader-letter { animation: landing-loader-rise 900ms ease-in-out infinite; }
      `}</style>
    </div>
  );
}
