import type { QueryClient } from '@tanstack/react-query';
import { onSessionExpired } from '../api-client.ts';
import type { Me } from './session.api.ts';
import { sessionQueries } from './session.queries.ts';

/**
 * Forgets everything the signed-in user saw. The session entry is set to null rather than removed,
 * so guards and the shell see a visitor at once instead of asking the server again.
 */
export function clearSession(queryClient: QueryClient): void {
  const sessionRoot = sessionQueries.all()[0];
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionRoot });
  queryClient.setQueryData(sessionQueries.me().queryKey, null);
}

/**
 * Makes `user` the signed-in user (after sign-in or a confirmed registration, whose answers carry the user).
 * What was cached for the visitor before is dropped: the same pages look different once signed in.
 */
export function setSessionUser(queryClient: QueryClient, user: Me): void {
  const sessionRoot = sessionQueries.all()[0];
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionRoot });
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
}

/**
 * When a 401 survives the silent refresh, clear the session and re-run the current route's guards,
 * so a guarded page moves to /login. Visitors have no session to clear, and re-running their route
 * here would loop with the very request that found them unauthenticated.
 */
export function bindSessionExpiry(queryClient: QueryClient, router: { invalidate: () => Promise<unknown> }): () => void {
  return onSessionExpired(() => {
    if (!queryClient.getQueryData(sessionQueries.me().queryKey)) return;
    clearSession(queryClient);
    void router.invalidate();
  });
}
