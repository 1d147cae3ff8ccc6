import { Skeleton } from './ui/skeleton.tsx';

/** What a page shows while its route is still loading (router pendingComponent). */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Загрузка страницы" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-4 w-80 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-44 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
