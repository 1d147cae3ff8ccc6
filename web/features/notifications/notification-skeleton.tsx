import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';

/** Placeholder rows while the notifications load: the bell's dropdown and the /notifications page. */
export function NotificationSkeleton({ rows, className, rowClassName }: { rows: number; className?: string; rowClassName?: string }) {
  return (
    <ul role="status" aria-label="Загрузка уведомлений" className={cn('divide-y overflow-hidden', className)}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className={cn('flex gap-3', rowClassName)}>
          <Skeleton className="mt-1.5 size-2 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-24" />
          </div>
        </li>
      ))}
    </ul>
  );
}
