import { Link } from '@tanstack/react-router';
import { cn } from '../lib/cn.ts';

/** The "Форма" wordmark; links to the landing unless told otherwise. */
export function Logo({ className, to = '/', compact = false }: { className?: string; to?: '/' | '/Home'; compact?: boolean }) {
  return (
    <Link to={to} aria-label="Форма — на главную" className={cn('inline-flex items-center gap-2 rounded-lg font-semibold tracking-tight text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}>
      <span aria-hidden className="grid size-8 place-content-center rounded-[10px] bg-primary text-base font-bold text-primary-foreground shadow-sm">
        Ф
      </span>
      {compact ? null : <span className="text-lg">Форма</span>}
    </Link>
  );
}
