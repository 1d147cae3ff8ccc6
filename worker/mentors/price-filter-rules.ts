// The mentor list's price filter steps (spec 000 §2), without zod: the list's filter panel is on a visitor's first page,
// which should not carry zod (decision 014).

/** Round prices the filter offers as bounds; only those inside the data's range are shown (priceSteps). */
const PRICE_LADDER = [500, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000, 150_000];

/**
 * The price filter's options for mentors whose card prices run from `min` to `max`: a lower bound at or below the
 * cheapest, or an upper bound at or above the dearest, would filter nothing, so each list keeps only the steps between.
 */
export function priceSteps(range: { min: number | null; max: number | null }) {
  const { min, max } = range;
  if (min === null || max === null) return { from: [], to: [] };
  return { from: PRICE_LADDER.filter((v) => v > min && v <= max), to: PRICE_LADDER.filter((v) => v >= min && v < max) };
}
