import type { reliabilityFigures } from '../../drizzle/schema/reliability.ts';
import type { MenteeReliability } from './reliability.schemas.ts';

type Row = typeof reliabilityFigures.$inferSelect;

/** A mentee's figures in the API's shape; a mentee not counted yet has none of either. */
export function toMenteeReliability(row: Pick<Row, 'menteeDue' | 'menteeAttended' | 'menteeBookings90d' | 'menteeLateCancellations90d'> | null): MenteeReliability {
  return {
    attendance: { attended: row?.menteeAttended ?? 0, due: row?.menteeDue ?? 0 },
    late_cancellations_90d: { canceled: row?.menteeLateCancellations90d ?? 0, bookings: row?.menteeBookings90d ?? 0 },
  };
}
