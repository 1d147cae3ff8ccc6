const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '€120', 'Free' for 0. */
export function formatEuro(value: number): string {
  return value <= 0 ? 'Free' : euros.format(value);
}

/** 'Mar 5, 2026' from 'YYYY-MM-DD' (read as a calendar date, so no time zone can shift the day). */
export function formatShortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return shortDate.format(new Date(Date.UTC(year!, month! - 1, day!)));
}

/** '6:00 PM' from 'HH:mm'. */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
