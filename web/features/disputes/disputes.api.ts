import { queryOptions } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../lib/api-client.ts';

/*
 * Admin dispute calls of decision 006 through apiFetch (refresh-and-retry included) with the exact paths.
 * Money in these bodies is rubles, as everywhere in the API.
 */

export type DisputeTab = 'open' | 'resolved';
export type DisputeStatus = 'open' | 'resolved_refund' | 'resolved_partial' | 'resolved_release';
export type DisputeOutcome = 'refund' | 'partial_refund' | 'release';

export type DisputePerson = { id: number; name: string | null; surname: string | null; email: string | null; avatar_url?: string | null };

/** An item of GET /api/disputes/?status= (admin). Money in rubles. */
export type Dispute = {
  id: number;
  booking_id: number;
  status: DisputeStatus;
  /** the complaint */
  text: string;
  created_at: string;
  resolution: string | null;
  /** rubles returned to the buyer (full or partial refund) */
  refund_amount: number | null;
  resolved_at: string | null;
  /** rubles paid for the consultation */
  amount: number;
  consultation: { name: string; start_time: string };
  buyer: DisputePerson;
  mentor: DisputePerson;
};

export type ResolveBody = { outcome: DisputeOutcome; refund_amount?: number; resolution: string };

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const disputesApi = {
  list: async (status: DisputeTab): Promise<Dispute[]> => {
    const body = await unwrap<{ results: Dispute[] } | Dispute[]>(await apiFetch(`/api/disputes/?status=${status}`));
    return Array.isArray(body) ? body : body.results;
  },
  resolve: async (id: number, body: ResolveBody): Promise<unknown> =>
    unwrap(await apiFetch(`/api/disputes/${id}/resolve/`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) })),
};

export const disputeQueries = {
  all: () => ['disputes'] as const,
  list: (status: DisputeTab) => queryOptions({ queryKey: [...disputeQueries.all(), status] as const, queryFn: () => disputesApi.list(status) }),
};
