import { useId } from 'react';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/native-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatPrice } from '../../lib/format-price.ts';
import { priceSteps } from '../../../worker/mentors/price-filter-rules.ts';
import { hasActiveFilters, MENTOR_CATEGORIES, type MentorCategory, type MentorFilters } from './mentor-filters.ts';

type MentorFiltersPanelProps = {
  filters: MentorFilters;
  onChange: (patch: Partial<MentorFilters>) => void;
  onReset: () => void;
  /** the lowest and highest card price of all mentors (the list's price_range); the steps fit between them */
  priceRange?: { min: number | null; max: number | null };
};

/** the steps, with the bound in the URL kept as an option even when the data moved past it */
function withCurrent(steps: number[], current: number | undefined) {
  return current == null || steps.includes(current) ? steps : [...steps, current].sort((a, b) => a - b);
}

const ANY = '';

/** Categories and price bounds (the search field sits above the results). */
export function MentorFiltersPanel({ filters, onChange, onReset, priceRange }: MentorFiltersPanelProps) {
  const id = useId();
  const steps = priceSteps(priceRange ?? { min: null, max: null });
  const selected = new Set(filters.category ?? []);

  const toggleCategory = (category: MentorCategory, checked: boolean) => {
    const next = MENTOR_CATEGORIES.filter((item) => (item === category ? checked : selected.has(item)));
    onChange({ category: next.length ? next : undefined });
  };

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-semibold">Категории</legend>
        {MENTOR_CATEGORIES.map((category) => (
          <div key={category} className="flex items-center gap-2.5">
            <Checkbox
              id={`${id}-${category}`}
              checked={selected.has(category)}
              onCheckedChange={(checked) => toggleCategory(category, checked === true)}
            />
            <Label htmlFor={`${id}-${category}`} className="cursor-pointer font-normal">
              {category}
            </Label>
          </div>
        ))}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-semibold">Цена за сессию</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-min`} className="text-xs text-muted-foreground">
              От
            </Label>
            <NativeSelect
              id={`${id}-min`}
              value={filters.min_price ?? ANY}
              onChange={(event) => onChange({ min_price: event.target.value ? Number(event.target.value) : undefined })}
            >
              <option value={ANY}>Любая</option>
              {withCurrent(steps.from, filters.min_price).map((value) => (
                <option key={value} value={value}>
                  {formatPrice(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-max`} className="text-xs text-muted-foreground">
              До
            </Label>
            <NativeSelect
              id={`${id}-max`}
              value={filters.max_price ?? ANY}
              onChange={(event) => onChange({ max_price: event.target.value ? Number(event.target.value) : undefined })}
            >
              <option value={ANY}>Любая</option>
              {withCurrent(steps.to, filters.max_price).map((value) => (
                <option key={value} value={value}>
                  {formatPrice(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </fieldset>

      <Button variant="outline" onClick={onReset} disabled={!hasActiveFilters(filters)}>
        Сбросить фильтры
      </Button>
    </div>
  );
}
