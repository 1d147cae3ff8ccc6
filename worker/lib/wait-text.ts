/** A wait in words, rounded up: «45 сек.», «2 мин.», «3 ч.», «5 дн.» (every 429 a person meets says how long). */
export function waitText(seconds: number) {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} сек.`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} мин.`;
  if (seconds < 2 * 86_400) return `${Math.ceil(seconds / 3600)} ч.`;
  return `${Math.ceil(seconds / 86_400)} дн.`;
}
