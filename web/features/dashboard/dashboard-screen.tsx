import { useMemo, useState } from 'react';
import { Heart, Search, SearchX, SlidersHorizontal, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { cn } from '../../lib/cn.ts';
import { favoriteKey, type DashboardItem, type ItemType } from './dashboard.types.ts';
import {
  ALL_TYPES,
  countByType,
  defaultFilters,
  filterItems,
  isSoldOut,
  PRICE_MAX,
  PRICE_MIN,
  resultCountLabel,
  type DashboardFilters,
} from './filter-items.ts';
import { ConsultationCard, DashboardEventCard, ExpertCard } from './item-cards.tsx';
import { allSkills, mockItems } from './mock-data.ts';
import { PriceRangeSlider } from './price-range-slider.tsx';
import { Snackbar, useSnackbar } from '../../components/ui/snackbar.tsx';

const typeLabels: Record<ItemType, string> = { consultation: 'Consultations', event: 'Events', expert: 'Experts' };

/** The sample discovery dashboard (/DashTest, spec 002 §2.11): mock data, nothing leaves the page. */
export function DashboardScreen({ items = mockItems }: { items?: DashboardItem[] }) {
  const [query, setQuery] = useState('');
  const [types, setTypes] = useState<readonly ItemType[]>(ALL_TYPES);
  const [skills, setSkills] = useState<readonly string[]>([]);
  const [price, setPrice] = useState<readonly [number, number]>(defaultFilters.price);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [favorites, setFavorites] = useState<ReadonlySet<string>>(() => new Set());
  const snackbar = useSnackbar();

  const filters: DashboardFilters = { query, types, skills, price, favoritesOnly, favorites };
  const visible = filterItems(items, filters);
  const counts = countByType(items, filters);
  const skillOptions = useMemo(() => allSkills(items), [items]);
  const activeFilterCount = skills.length + (price[0] !== PRICE_MIN || price[1] !== PRICE_MAX ? 1 : 0);

  function toggleType(type: ItemType) {
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : ALL_TYPES.filter((t) => t === type || current.includes(t))));
  }

  function toggleSkill(skill: string, on: boolean) {
    setSkills((current) => (on ? [...current, skill] : current.filter((s) => s !== skill)));
  }

  function clearFilters() {
    setQuery('');
    setTypes(ALL_TYPES);
    setSkills([]);
    setPrice(defaultFilters.price);
    snackbar.show('Filters cleared', 'info');
  }

  function toggleFavorite(item: DashboardItem) {
    const key = favoriteKey(item);
    const next = new Set(favorites);
    if (next.has(key)) {
      next.delete(key);
      snackbar.show('Removed from favorites', 'info');
    } else {
      next.add(key);
      snackbar.show('Added to favorites', 'info');
    }
    setFavorites(next);
  }

  function renderCard(item: DashboardItem) {
    const shell = {
      favorite: favorites.has(favoriteKey(item)),
      onToggleFavorite: () => toggleFavorite(item),
      onOpen: () => console.log('dashboard card clicked', item),
    };
    switch (item.type) {
      case 'event':
        return (
          <DashboardEventCard
            item={item}
            {...shell}
            onJoin={() => {
              if (isSoldOut(item.spots)) snackbar.show('This event is sold out', 'error');
              else snackbar.show(`Joined event: ${item.title}`, 'success');
            }}
          />
        );
      case 'consultation':
        return (
          <ConsultationCard
            item={item}
            {...shell}
            onBook={() => snackbar.show(`Booking ${item.title} with ${item.mentor.name}`, 'success')}
            onQuickBook={(slot) => snackbar.show(`Quick booked ${item.title} for ${slot}`, 'success')}
          />
        );
      case 'expert':
        return <ExpertCard item={item} {...shell} onBook={() => snackbar.show(`Booking session with ${item.name}`, 'success')} />;
    }
  }

  return (
    <div lang="en" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="relative mb-8 overflow-hidden rounded-3xl bg-gradient-to-br from-violet-600 via-indigo-600 to-fuchsia-600 px-6 py-8 text-white shadow-lg shadow-indigo-500/20 sm:px-10 sm:py-10">
        <div aria-hidden className="pointer-events-none absolute -top-20 -right-16 size-64 rounded-full bg-white/15 blur-3xl" />
        <div aria-hidden className="pointer-events-none absolute -bottom-24 left-1/3 size-56 rounded-full bg-fuchsia-300/30 blur-3xl" />
        <p className="relative inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-medium backdrop-blur">
          <Sparkles aria-hidden className="size-3.5" /> Sample dashboard
        </p>
        <h1 className="relative mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{favoritesOnly ? 'Your Favorites' : 'Discover Amazing Opportunities'}</h1>
        <p className="relative mt-2 max-w-xl text-sm text-white/80 sm:text-base">Consultations, live events and experts in one place.</p>
        <label className="relative mt-6 flex h-12 max-w-2xl items-center gap-3 rounded-2xl bg-white px-4 text-foreground shadow-md focus-within:ring-4 focus-within:ring-white/40">
          <Search aria-hidden className="size-5 text-muted-foreground" />
          <span className="sr-only">Search</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search mentors, events, consultations..."
            className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground sm:text-base"
          />
        </label>
      </header>

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div role="group" aria-label="Types" className="-mx-4 flex gap-2 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
          {ALL_TYPES.map((type) => {
            const active = types.includes(type);
            return (
              <button
                key={type}
                type="button"
                aria-pressed={active}
                onClick={() => toggleType(type)}
                className={cn(
                  'inline-flex h-9 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium transition outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'border-primary bg-primary text-primary-foreground shadow-sm' : 'bg-card text-muted-foreground hover:text-foreground',
                )}
              >
                {typeLabels[type]}
                {active ? (
                  <span data-testid={`count-${type}`} className="min-w-5 rounded-full bg-white/25 px-1.5 text-xs tabular-nums">
                    {counts[type]}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div className="flex gap-2 sm:ml-auto">
          <Popover>
            <PopoverTrigger asChild>
              <Button variant="outline" className="rounded-full">
                <SlidersHorizontal aria-hidden />
                Filters
                {activeFilterCount > 0 ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{activeFilterCount}</span> : null}
              </Button>
            </PopoverTrigger>
            <PopoverContent aria-label="Filters" className="grid w-80 max-w-[calc(100vw-2rem)] gap-5 p-5">
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Skills</legend>
                <div className="grid max-h-48 gap-1 overflow-y-auto pr-1">
                  {skillOptions.map((skill) => (
                    <label key={skill} className="flex cursor-pointer items-center gap-2.5 rounded-lg px-1.5 py-1 text-sm hover:bg-accent">
                      <Checkbox checked={skills.includes(skill)} onCheckedChange={(checked) => toggleSkill(skill, checked === true)} />
                      {skill}
                    </label>
                  ))}
                </div>
              </fieldset>
              <PriceRangeSlider value={price} onChange={setPrice} />
              <Button variant="ghost" onClick={clearFilters}>
                Clear filters
              </Button>
            </PopoverContent>
          </Popover>
          <Button
            variant={favoritesOnly ? 'default' : 'outline'}
            aria-pressed={favoritesOnly}
            onClick={() => setFavoritesOnly((on) => !on)}
            className="rounded-full"
          >
            <Heart aria-hidden className={cn(favoritesOnly && 'fill-current')} />
            Favorites
            {favorites.size > 0 ? (
              <span data-testid="count-favorites" className={cn('rounded-full px-1.5 text-xs tabular-nums', favoritesOnly ? 'bg-white/25' : 'bg-rose-100 text-rose-600')}>
                {favorites.size}
              </span>
            ) : null}
          </Button>
        </div>
      </div>

      <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
        {resultCountLabel(visible.length)}
      </p>

      {visible.length === 0 ? (
        <EmptyResults noFavorites={favoritesOnly && favorites.size === 0} />
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((item) => (
            <li key={favoriteKey(item)}>{renderCard(item)}</li>
          ))}
        </ul>
      )}

      <Snackbar message={snackbar.message} onClose={snackbar.close} />
    </div>
  );
}

/** Favourites mode with nothing saved gets its own invitation; otherwise the filters are to blame. */
function EmptyResults({ noFavorites }: { noFavorites: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-3xl border border-dashed bg-card px-6 py-16 text-center">
      <div className="mb-2 grid size-14 place-content-center rounded-2xl bg-primary/10 text-primary">
        {noFavorites ? <Heart aria-hidden className="size-6" /> : <SearchX aria-hidden className="size-6" />}
      </div>
      <p className="text-lg font-semibold">{noFavorites ? 'No favorites yet' : 'No results found'}</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {noFavorites ? 'Start exploring and save your favorite mentors and events' : 'Try adjusting your search or filters'}
      </p>
    </div>
  );
}
