import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, toApiError } from '../../lib/api-client.ts';

/*
 * The private calendar feed (decision 010): whether the person has an address, making a new one (shown once:
 * only its hash is stored) and switching it off.
 */

export type FeedState = InferResponseType<typeof api.calendars.feed.$get, 200>;
export type FeedAddress = InferResponseType<typeof api.calendars.feed.$post, 201>;

export const calendarFeedApi = {
  state: async (): Promise<FeedState> => unwrap(await api.calendars.feed.$get()),
  reset: async (): Promise<FeedAddress> => unwrap(await api.calendars.feed.$post()),
  remove: async (): Promise<void> => {
    const response = await api.calendars.feed.$delete();
    if (!response.ok) throw await toApiError(response);
  },
};

export const calendarFeedQueries = {
  all: () => ['calendar-feed'] as const,
  state: (userId: number) => queryOptions({ queryKey: [...calendarFeedQueries.all(), userId] as const, queryFn: calendarFeedApi.state }),
};
