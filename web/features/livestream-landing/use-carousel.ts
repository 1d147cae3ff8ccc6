import { useState } from 'react';

/** A bounded carousel index (0 … count-1): no wrap-around, so the arrows disable at the ends (spec 002 §4.8). */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const last = Math.max(0, count - 1);
  return {
    index,
    canPrev: index > 0,
    canNext: index < last,
    prev: () => setIndex((current) => Math.max(0, current - 1)),
    next: () => setIndex((current) => Math.min(last, current + 1)),
  };
}
