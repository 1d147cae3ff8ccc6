import { describe, expect, it } from 'vitest';
import { avatarSvg, coverSvg } from '../../worker/media/demo-images.ts';

describe('generated demo images', () => {
  const keys = Array.from({ length: 400 }, (_, i) => (i % 2 ? `m${i}` : `u${i}-case`));

  it('always fill every colour and coordinate', () => {
    for (const key of keys) {
      for (const svg of [avatarSvg(key), coverSvg(key)]) {
        expect(svg, key).not.toMatch(/undefined|NaN/);
      }
    }
  });

  it('keep the cover shapes inside the picture', () => {
    for (const key of keys) {
      for (const [, x, y] of coverSvg(key).matchAll(/cx="(-?\d+)" cy="(-?\d+)"/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(0);
        expect(Number(y)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('differ between keys', () => {
    expect(new Set(keys.map(avatarSvg)).size).toBeGreaterThan(50);
  });
});
