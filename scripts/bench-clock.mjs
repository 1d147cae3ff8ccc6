/**
 * Milliseconds on a clock every thread of the bench shares: `performance.now()` counts from each thread's own start,
 * `performance.timeOrigin` is when that was.
 */
export const benchClock = () => performance.timeOrigin + performance.now();
