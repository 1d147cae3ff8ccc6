import { Slider } from 'radix-ui';
import { formatEuro } from './dashboard.format.ts';
import { PRICE_MAX, PRICE_MIN, PRICE_STEP } from './filter-items.ts';

type PriceRangeSliderProps = {
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
};

/** Two-thumb price range, 0–500 € in steps of 25 (spec 002 §9). */
export function PriceRangeSlider({ value, onChange }: PriceRangeSliderProps) {
  const [min, max] = value;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">Price range</span>
        <span className="tabular-nums text-muted-foreground">
          {formatEuro(min) === 'Free' ? '€0' : formatEuro(min)} – {formatEuro(max)}
        </span>
      </div>
      <Slider.Root
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        minStepsBetweenThumbs={0}
        value={[min, max]}
        onValueChange={(next) => onChange([next[0] ?? PRICE_MIN, next[1] ?? PRICE_MAX])}
        className="relative flex h-5 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
          <Slider.Range className="absolute h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500" />
        </Slider.Track>
        {(['Minimum price', 'Maximum price'] as const).map((label) => (
          <Slider.Thumb
            key={label}
            aria-label={label}
            className="block size-5 rounded-full border-2 border-primary bg-card shadow-md transition-[box-shadow] outline-none hover:ring-4 hover:ring-primary/15 focus-visible:ring-4 focus-visible:ring-primary/25"
          />
        ))}
      </Slider.Root>
    </div>
  );
}
