import type { QueryClient } from '@tanstack/react-query';

/** What every route's beforeLoad/loader receives: guards warm and read the session through the query cache. */
export type RouterContext = { queryClient: QueryClient };
