// A small seeded PRNG, so that every run of the seed draws exactly the same demo data.

export type Rng = {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** k distinct items in random order (all of them when k >= length) */
  sample<T>(items: readonly T[], k: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** a value from `weighted`, each with its relative weight */
  weighted<T>(weighted: readonly (readonly [T, number])[]): T;
};

/** mulberry32: 32-bit state, good enough for demo data and tiny. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]) => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)],
    sample: (items, k) => shuffle(items).slice(0, k),
    shuffle,
    weighted: (weighted) => {
      const total = weighted.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of weighted) {
        r -= w;
        if (r < 0) return value;
      }
      return weighted[weighted.length - 1][0];
    },
  };
}

/** Rounds to a multiple of `step` (prices to 500 ₽, spots to 5, …). */
export const roundTo = (value: number, step: number) => Math.round(value / step) * step;
