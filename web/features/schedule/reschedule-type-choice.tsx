import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatPrice } from '../../lib/format-price.ts';
import type { MentorConsultationType } from './schedule.api.ts';

/** what the choice shows of a type */
export type TypeOption = Pick<MentorConsultationType, 'id' | 'name' | 'duration_minutes' | 'costs'>;

type Props = {
  types: TypeOption[];
  /** the booking's own type: listed first and marked, so «the same» is one glance away */
  currentTypeId: number;
  value: number;
  onChange: (typeId: number) => void;
};

const durationText = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60}\u00a0ч` : `${minutes}\u00a0мин`);

/**
 * «Формат» of «Перенести» (issue 38 §1, decision 024): the mentor's current types with their regular prices; the
 * price for this booking (its loyalty discount applied) comes with the quote once a time is chosen. Radios, so the
 * keyboard moves between them as in any group.
 */
export function RescheduleTypeChoice({ types, currentTypeId, value, onChange }: Props) {
  const ordered = [...types.filter((t) => t.id === currentTypeId), ...types.filter((t) => t.id !== currentTypeId)];
  // each radio is named by its type alone; its length and price describe it
  const idPrefix = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">Формат</legend>
      <div className="grid gap-2 sm:grid-cols-2 md:grid-cols-3">
        {ordered.map((type) => (
          <label
            key={type.id}
            className={cn(
              'flex min-w-0 cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === type.id ? 'border-primary bg-primary/5' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name="reschedule-type"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={value === type.id}
              onChange={() => onChange(type.id)}
              aria-labelledby={`${idPrefix}-${type.id}-name`}
              aria-describedby={`${idPrefix}-${type.id}-meta`}
            />
            <span className="grid min-w-0 gap-0.5">
              <span id={`${idPrefix}-${type.id}-name`} className="font-medium break-words">
                {type.name.trim() || 'Консультация'}
              </span>
              <span id={`${idPrefix}-${type.id}-meta`} className="text-xs text-muted-foreground">
                {durationText(type.duration_minutes)} · {formatPrice(type.costs)}
                {type.id === currentTypeId ? ' · сейчас' : ''}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
