import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
// the server's page (and the browser hydrating it) writes addresses without an origin: the Worker behind a proxy need
// not know the one the visitor typed, and the hydrated markup must be the server's to the letter (decision 014)
const serverOrigin = () => '';

/** The site's origin for an address shown as text or copied: '' on the server and while hydrating, then the browser's. */
export function usePageOrigin(): string {
  return useSyncExternalStore(noSubscription, browserOrigin, serverOrigin);
}
