import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { DisputeOutcome } from '../../../worker/disputes/disputes.schemas.ts';
import { api, unwrap } from '../../lib/api-client.ts';

/* Admin dispute calls of decision 006 through the typed client. Money in these bodies is rubles. */

const route = api.disputes;

/** the list's ?status= (the server's enum) */
export type DisputeTab = NonNullable<InferRequestType<typeof route.$get>['query']['status']>;
export type { DisputeOutcome };

/** An item of GET /api/disputes/?status= (admin): status, complaint text, amount, consultation, buyer, mentor. */
export type Dispute = InferResponseType<typeof route.$get, 200>['results'][number];
export type DisputePerson = Dispute['buyer'];

export type ResolveBody = { outcome: DisputeOutcome; refund_amount?: number; resolution: string };

export const disputesApi = {
  list: async (status: DisputeTab): Promise<Dispute[]> => (await unwrap(await route.$get({ query: { status } }))).results,
  resolve: async (id: number, body: ResolveBody) => unwrap(await route[':id'].resolve.$post({ param: { id: String(id) }, json: body })),
};

export const disputeQueries = {
  all: () => ['disputes'] as const,
  list: (status: DisputeTab) => queryOptions({ queryKey: [...disputeQueries.all(), status] as const, queryFn: () => disputesApi.list(status) }),
};
