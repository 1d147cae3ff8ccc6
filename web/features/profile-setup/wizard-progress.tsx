import { cn } from '../../lib/cn.ts';

/** The circular indicator: a ring filled to `percent`, the number in the middle. */
export function CircularProgress({ percent, className }: { percent: number; className?: string }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className={cn('relative grid size-[4.5rem] shrink-0 place-content-center', className)}>
      <svg viewBox="0 0 64 64" className="absolute inset-0 size-full -rotate-90" aria-hidden>
        <circle cx="32" cy="32" r={radius} fill="none" strokeWidth="6" className="stroke-muted" />
        <circle
          cx="32"
          cy="32"
          r={radius}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
          className="stroke-primary transition-[stroke-dashoffset] duration-500"
        />
      </svg>
      <span className="text-sm font-semibold tabular-nums">{percent}%</span>
    </div>
  );
}

/** The bar indicator, the accessible one of the two. */
export function BarProgress({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}>
      <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
