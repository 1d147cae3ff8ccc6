import { useEffect, useId, useState } from 'react';
import { RotateCcw, SlidersHorizontal, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { NativeSelect } from '../../components/native-select.tsx';
import { cn } from '../../lib/cn.ts';
import {
  ALL_CATEGORIES,
  DEFAULT_EVENT_FILTERS,
  EVENT_CATEGORIES,
  EVENT_SORTS,
  EVENTS_SEARCH_DEBOUNCE_MS,
  isDefaultFilters,
  SORT_LABELS,
  toggleCategory,
  type CategoryChoice,
  type EventFilters as Filters,
  type EventSort,
} from './events.filters.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

type EventFiltersProps = {
  filters: Filters;
  onChange: (next: Filters) => void;
  onReset: () => void;
};

/** Parses a price field: empty → null (no bound), otherwise a whole non-negative number of rubles. */
export function parsePrice(raw: string): number | null {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return null;
  return Math.min(Number(digits), 10_000_000);
}

/**
 * The filters of /AllEvents (spec 000 §2, §4). Search and the price fields apply after a 700 ms pause
 * in typing; categories, sort and the switch apply at once. On phones everything but the search
 * folds into a panel behind 'Фильтры'.
 */
export function EventFilters({ filters, onChange, onReset }: EventFiltersProps) {
  const ids = useId();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [text, setText] = useState(filters.search);
  const [minText, setMinText] = useState(filters.min_price?.toString() ?? '');
  const [maxText, setMaxText] = useState(filters.max_price?.toString() ?? '');

  const typed = { search: text.trim(), min_price: parsePrice(minText), max_price: parsePrice(maxText) };
  // Debounce a string so the pause is measured between real changes, not between renders.
  const debouncedKey = useDebouncedValue(JSON.stringify(typed), EVENTS_SEARCH_DEBOUNCE_MS);
  const debounced = JSON.parse(debouncedKey) as typeof typed;

  // Commit typed values once typing pauses.
  useEffect(() => {
    if (debounced.search !== filters.search || debounced.min_price !== filters.min_price || debounced.max_price !== filters.max_price) {
      onChange({ ...filters, ...debounced });
    }
    // Only a new pause commits; a change of the other filters must not re-send stale text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedKey]);

  // Values that changed from outside (reset, back button) replace what is in the fields.
  useEffect(() => {
    if (filters.search !== debounced.search) setText(filters.search);
    if (filters.min_price !== debounced.min_price) setMinText(filters.min_price?.toString() ?? '');
    if (filters.max_price !== debounced.max_price) setMaxText(filters.max_price?.toString() ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.search, filters.min_price, filters.max_price]);

  const reset = () => {
    setText('');
    setMinText('');
    setMaxText('');
    onReset();
  };

  const pickCategory = (choice: CategoryChoice) => onChange({ ...filters, categories: toggleCategory(filters.categories, choice) });
  const activeCount =
    (filters.categories[0] === ALL_CATEGORIES ? 0 : filters.categories.length) +
    (filters.min_price != null ? 1 : 0) +
    (filters.max_price != null ? 1 : 0) +
    (filters.sort !== DEFAULT_EVENT_FILTERS.sort ? 1 : 0) +
    (filters.show_past ? 1 : 0);
  const canReset = !isDefaultFilters(filters) || text.trim() !== '' || minText !== '' || maxText !== '';

  return (
    <section aria-label="Фильтры мероприятий" className="grid gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex gap-2">
        {/* «Поиск мероприятий» did not fit beside «Фильтры» on a phone; the field keeps it as its name */}
        <SearchInput label="Поиск мероприятий" placeholder="Поиск" value={text} onChange={setText} className="flex-1" inputClassName="h-11" />
        <Button
          variant="outline"
          className="h-11 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls={`${ids}-panel`}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <SlidersHorizontal />
          Фильтры
          {activeCount ? <span className="grid size-5 place-content-center rounded-full bg-primary text-[11px] text-primary-foreground">{activeCount}</span> : null}
        </Button>
      </div>

      <div id={`${ids}-panel`} className={cn('grid gap-4', !mobileOpen && 'max-md:hidden')}>
        <div role="group" aria-label="Категории" className="flex flex-wrap gap-2">
          <CategoryChip label="Все категории" pressed={filters.categories.includes(ALL_CATEGORIES)} onClick={() => pickCategory(ALL_CATEGORIES)} />
          {EVENT_CATEGORIES.map((category) => (
            <CategoryChip key={category} label={category} pressed={filters.categories.includes(category)} onClick={() => pickCategory(category)} />
          ))}
        </div>

        <div className="grid gap-4 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
          <div role="group" aria-labelledby={`${ids}-price`} className="grid gap-1.5 lg:w-72">
            <span id={`${ids}-price`} className="text-sm leading-none font-medium">
              Цена, ₽
            </span>
            <div className="flex items-center gap-2">
              <Input
                inputMode="numeric"
                aria-label="Цена от"
                placeholder="от"
                value={minText}
                onChange={(event) => setMinText(event.target.value.replace(/\D/g, ''))}
              />
              <span aria-hidden className="text-muted-foreground">—</span>
              <Input
                inputMode="numeric"
                aria-label="Цена до"
                placeholder="до"
                value={maxText}
                onChange={(event) => setMaxText(event.target.value.replace(/\D/g, ''))}
              />
            </div>
          </div>

          <div className="grid gap-1.5 lg:w-56">
            <Label htmlFor={`${ids}-sort`}>Сортировка</Label>
            <NativeSelect id={`${ids}-sort`} value={filters.sort} onChange={(event) => onChange({ ...filters, sort: event.target.value as EventSort })}>
              {EVENT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </NativeSelect>
          </div>

          <div className="flex h-10 items-center gap-3 sm:self-end">
            <Switch id={`${ids}-past`} checked={filters.show_past} onCheckedChange={(checked) => onChange({ ...filters, show_past: checked })} />
            <Label htmlFor={`${ids}-past`} className="cursor-pointer">
              Показать прошедшие
            </Label>
          </div>

          <Button variant="ghost" className="justify-self-start sm:self-end lg:ml-auto" disabled={!canReset} onClick={reset}>
            <RotateCcw />
            Сбросить
          </Button>
        </div>
      </div>
    </section>
  );
}

function CategoryChip({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pressed ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
      )}
    >
      {label}
      {pressed && label !== 'Все категории' ? <X aria-hidden className="size-3.5" /> : null}
    </button>
  );
}
