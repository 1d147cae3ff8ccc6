import type { SyntheticEvent } from 'react';

/**
 * The neutral person picture shown when a mentor's photo is missing or fails to load (spec 000 §8,
 * 001 §8). Inline, so the placeholder itself can never be a broken image.
 */
export const PLACEHOLDER_AVATAR =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#e7e5f4"/>' +
      '<circle cx="60" cy="47" r="21" fill="#b9b4dc"/><path d="M20 112c4-24 20-36 40-36s36 12 40 36z" fill="#b9b4dc"/></svg>',
  );

/** onError for <img>: swaps a broken picture for the placeholder (once, so a broken placeholder cannot loop). */
export function showPlaceholderOnError(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (img.dataset.placeholder === 'true') return;
  img.dataset.placeholder = 'true';
  img.src = PLACEHOLDER_AVATAR;
}
