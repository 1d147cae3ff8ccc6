import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * false on the server and while the browser hydrates a page rendered there, true once the tree is the browser's own
 * (at once where the browser renders from scratch). For a part the server's synchronous render cannot produce, such
 * as a lazily loaded chunk: both sides render its placeholder, then the browser renders the part.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
