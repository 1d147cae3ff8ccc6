import { useQuery } from '@tanstack/react-query';
import { MenteeReliabilityFigures } from '../../components/reliability-figures.tsx';
import { scheduleQueries } from './schedule.api.ts';

/**
 * In the mentor's booking details: how reliably this mentee comes (decision 021), before the mentor confirms or
 * cancels anything. Nothing while it loads or when the server does not answer it.
 */
export function MenteeReliability({ menteeId }: { menteeId: number }) {
  const query = useQuery(scheduleQueries.menteeReliability(menteeId));
  if (!query.data) return null;
  return <MenteeReliabilityFigures reliability={query.data} className="rounded-xl border p-4" />;
}
