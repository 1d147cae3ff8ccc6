import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX2, RefreshCw, TriangleAlert } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventCard, EventCardSkeleton } from '../../components/event-card.tsx';
import { MasonryGrid } from '../../components/masonry-grid.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DEFAULT_EVENT_FILTERS, type EventFilters as Filters } from './events.filters.ts';
import { eventQueries } from './events.queries.ts';
import { EventFilters } from './event-filters.tsx';

/** Cards on the first screen at any width (one column on a phone, up to three on a desktop): their covers load first. */
const FIRST_SCREEN_CARDS = 3;

/** Spec 000 §9: more loads when the sentinel comes within 200 px. */
export const LOAD_MORE_MARGIN = '200px';

type EventListScreenProps = {
  filters: Filters;
  /** Writes the filters (into the URL); any change reloads the list from offset 0, as its query key changes. */
  onFiltersChange: (next: Filters) => void;
  /** The viewer's IANA zone for the cards' dates (the signed-in user's; the browser's for a visitor). */
  timeZone?: string;
};

/** /AllEvents: filters, a masonry grid of event cards and infinite scroll. */
export function EventListScreen({ filters, onFiltersChange, timeZone }: EventListScreenProps) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(eventQueries.list(filters));
  const events = query.data?.pages.flatMap((page) => page.results) ?? [];
  const reset = () => onFiltersChange(DEFAULT_EVENT_FILTERS);

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:py-10 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Мероприятия</h1>
        <p className="text-sm text-muted-foreground sm:text-base">Мастер-классы, лекции и встречи от наставников платформы</p>
      </header>

      <EventFilters filters={filters} onChange={onFiltersChange} onReset={reset} />

      {query.isError ? (
        // Spec 000 §8: on a failed load the list empties and no more pages are offered.
        <EmptyState
          icon={<TriangleAlert />}
          title={query.error.message || 'Не удалось загрузить мероприятия'}
          description="Проверьте соединение и попробуйте ещё раз."
          action={
            <Button variant="outline" onClick={() => void queryClient.resetQueries({ queryKey: eventQueries.list(filters).queryKey })}>
              <RefreshCw />
              Повторить
            </Button>
          }
        />
      ) : query.isPending ? (
        <div role="status" aria-label="Загрузка мероприятий">
          <MasonryGrid>
            {Array.from({ length: 6 }, (_, index) => (
              <EventCardSkeleton key={index} />
            ))}
          </MasonryGrid>
        </div>
      ) : events.length === 0 ? (
        <EmptyState
          icon={<CalendarX2 />}
          title="Мероприятия не найдены. Попробуйте изменить фильтры."
          action={<Button onClick={reset}>Сбросить фильтры</Button>}
        />
      ) : (
        <>
          <MasonryGrid aria-label="Список мероприятий">
            {events.map((event, index) => (
              <EventCard key={event.id} event={event} timeZone={timeZone} priority={index < FIRST_SCREEN_CARDS} />
            ))}
          </MasonryGrid>
          {query.hasNextPage ? (
            <LoadMoreSentinel onVisible={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} />
          ) : null}
          {query.isFetchingNextPage ? (
            <div className="flex justify-center py-4">
              <Spinner label="Загружаем ещё" />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** An invisible line under the grid; when it comes within 200 px of the viewport the next page loads. */
function LoadMoreSentinel({ onVisible, disabled }: { onVisible: () => void; disabled: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;

  useEffect(() => {
    const node = ref.current;
    if (!node || disabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: LOAD_MORE_MARGIN });
    observer.observe(node);
    return () => observer.disconnect();
  }, [disabled]);

  return <div ref={ref} data-testid="load-more-sentinel" aria-hidden className="h-px w-full" />;
}
