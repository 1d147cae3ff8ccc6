import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, SearchX, SlidersHorizontal, TriangleAlert } from 'lucide-react';
import { MentorCard } from '../../components/mentor-card.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { foundMentorsText, MENTOR_SEARCH_DEBOUNCE_MS, normalizeFilters, type MentorFilters } from './mentor-filters.ts';
import { MentorFiltersPanel } from './mentor-filters-panel.tsx';
import { mentorQueries } from './mentors.queries.ts';
import { useDebouncedCommit } from './use-debounced-commit.ts';

type MentorListScreenProps = {
  filters: MentorFilters;
  /** Writes the filters to the URL (replace), which reloads the list from offset 0. */
  onFiltersChange: (next: MentorFilters) => void;
  /** From the session; undefined while it is still being checked. */
  isSignedIn?: boolean;
};

/** /AllMentors (spec 000 §2 "Mentor list"). */
export function MentorListScreen({ filters, onFiltersChange, isSignedIn }: MentorListScreenProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useInfiniteQuery(mentorQueries.list(filters));
  const [searchText, setSearchText] = useDebouncedCommit(
    filters.search ?? '',
    (search) => onFiltersChange(normalizeFilters({ ...filters, search })),
    MENTOR_SEARCH_DEBOUNCE_MS,
  );

  const change = (patch: Partial<MentorFilters>) => onFiltersChange(normalizeFilters({ ...filters, ...patch }));
  const reset = () => onFiltersChange({});
  const mentors = query.data?.pages.flatMap((page) => page.results) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  const priceRange = query.data?.pages[0]?.price_range;
  const activeCount = (filters.category?.length ?? 0) + (filters.min_price != null ? 1 : 0) + (filters.max_price != null ? 1 : 0);

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:py-8 lg:flex-row lg:items-start lg:gap-8 lg:px-6">
      <aside aria-label="Фильтры" className="hidden w-60 shrink-0 rounded-2xl border bg-card p-5 lg:sticky lg:top-20 lg:block">
        <MentorFiltersPanel filters={filters} onChange={change} onReset={reset} priceRange={priceRange} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col gap-5">
        <header className="flex flex-col gap-4">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Наставники</h1>
          <div className="flex gap-2">
            <SearchInput
              label="Поиск наставников"
              placeholder="Имя, навык или специализация"
              value={searchText}
              onChange={setSearchText}
              className="flex-1"
              inputClassName="h-11"
            />
            <Button
              variant="outline"
              className="h-11 lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls="mentor-mobile-filters"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <SlidersHorizontal />
              <span className="max-sm:sr-only">Фильтры</span>
              {activeCount > 0 ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{activeCount}</span> : null}
              <ChevronDown className={cn('transition-transform max-sm:hidden', filtersOpen && 'rotate-180')} />
            </Button>
          </div>
          {filtersOpen ? (
            <div id="mentor-mobile-filters" className="rounded-2xl border bg-card p-4 lg:hidden">
              <MentorFiltersPanel filters={filters} onChange={change} onReset={reset} priceRange={priceRange} />
            </div>
          ) : null}
          <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
            {query.isSuccess ? foundMentorsText(count) : ''}
          </p>
        </header>

        {query.isPending ? (
          <MentorGridSkeleton />
        ) : query.isError && mentors.length === 0 ? (
          <EmptyState
            icon={<TriangleAlert />}
            title="Не удалось загрузить наставников"
            description={query.error instanceof ApiError ? query.error.detail : 'Проверьте соединение и попробуйте ещё раз.'}
            action={
              <Button variant="outline" onClick={() => void query.refetch()}>
                Повторить
              </Button>
            }
          />
        ) : mentors.length === 0 ? (
          <EmptyState
            icon={<SearchX />}
            title="Наставники не найдены"
            description="Попробуйте изменить запрос или сбросить фильтры."
            action={<Button onClick={reset}>Сбросить фильтры</Button>}
          />
        ) : (
          <>
            <ul aria-label="Список наставников" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
              {mentors.map((mentor) => (
                <li key={mentor.id} className="min-w-0">
                  <MentorCard mentor={mentor} isSignedIn={isSignedIn} />
                </li>
              ))}
            </ul>
            {query.isFetchNextPageError ? (
              <p role="alert" className="text-center text-sm text-destructive">
                Не удалось загрузить ещё наставников.
              </p>
            ) : null}
            {query.hasNextPage ? (
              <div className="flex justify-center">
                <Button variant="outline" size="lg" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {query.isFetchingNextPage ? <Spinner className="text-current" /> : null}
                  Показать ещё
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function MentorGridSkeleton() {
  return (
    <div role="status" aria-label="Загрузка наставников" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-2xl border bg-card p-4 md:p-0 md:pb-4">
          <div className="flex gap-3 md:flex-col">
            <Skeleton className="size-20 rounded-xl md:aspect-[16/10] md:size-auto md:w-full md:rounded-none md:rounded-t-2xl" />
            <div className="flex flex-1 flex-col gap-2 md:px-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-2/5" />
            </div>
          </div>
          <div className="flex flex-col gap-2 md:px-4">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}
