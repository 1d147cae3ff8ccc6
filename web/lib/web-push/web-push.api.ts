// Calls of browser push (decision 027): whether the server offers it and knows this browser, keeping and forgetting
// this browser's subscription.
import { queryOptions } from '@tanstack/react-query';
import type { PushSubscriptionBody } from '../../../worker/web-push/web-push.schemas.ts';
import { api, toApiError, unwrap } from '../api-client.ts';

const route = api['web-push'];

export const webPushApi = {
  state: async (endpoint: string | null) => unwrap(await route.$get({ query: endpoint ? { endpoint } : {} })),
  subscribe: async (subscription: PushSubscriptionBody) => {
    const response = await route.subscriptions.$post({ json: subscription });
    if (!response.ok) throw await toApiError(response);
  },
  unsubscribe: async (endpoint: string) => {
    const response = await route.unsubscribe.$post({ json: { endpoint } });
    if (!response.ok) throw await toApiError(response);
  },
};

export const webPushQueries = {
  root: ['web-push'] as const,
  state: (endpoint: string | null) => queryOptions({ queryKey: ['web-push', endpoint] as const, queryFn: () => webPushApi.state(endpoint), staleTime: 0 }),
};
