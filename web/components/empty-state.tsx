import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
};

/** The "nothing here yet" block of lists and tabs. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center', className)}>
      {icon ? <div className="mb-1 grid size-11 place-content-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5">{icon}</div> : null}
      <p className="text-sm font-medium">{title}</p>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
