import { useQuery } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { formatDate } from '../../lib/dayjs.ts';
import { moderationQueries } from './moderation.api.ts';

/** The booked interviews of the coming two weeks (those still waiting for an outcome first), with their rooms. */
export function UpcomingInterviews() {
  const upcoming = useQuery(moderationQueries.upcoming());
  if (!upcoming.data?.length) return null;
  return (
    <section aria-label="Ближайшие интервью" className="grid gap-2 rounded-2xl border bg-card p-4 sm:p-5">
      <h2 className="font-semibold">Ближайшие интервью</h2>
      <ul className="grid gap-2">
        {upcoming.data.map((i) => (
          <li key={i.id} className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="font-medium">{formatDate(i.starts_at)}</span> —{' '}
              {[i.applicant.mentor_name, i.applicant.mentor_surname].filter(Boolean).join(' ') || i.applicant.email}
            </span>
            {i.room_url ? (
              <a href={i.room_url} className="inline-flex items-center gap-1 text-primary hover:underline">
                <Video aria-hidden className="size-4" />
                Комната
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
