import { useState, type ReactNode } from 'react';

type ExpandableListProps<T> = {
  items: T[];
  /** Items shown before 'Показать ещё N' (spec 000 §9: 2 for work, 1 for education). */
  initial: number;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string | number;
  label: string;
};

/** A list that shows its first items and 'Показать ещё N' / 'Скрыть' for the rest. */
export function ExpandableList<T>({ items, initial, renderItem, getKey, label }: ExpandableListProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const hidden = Math.max(0, items.length - initial);
  const shown = expanded ? items : items.slice(0, initial);
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="flex flex-col gap-3">
        {shown.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="w-fit text-sm font-medium text-primary outline-none hover:underline focus-visible:underline"
        >
          {expanded ? 'Скрыть' : `Показать ещё ${hidden}`}
        </button>
      ) : null}
    </div>
  );
}
