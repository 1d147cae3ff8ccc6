import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from './session.queries.ts';

/** The current user for components; an errored lookup (server unreachable) reads as a visitor. */
export function useSession() {
  const { data, isPending } = useQuery(sessionQueries.me());
  return { user: data ?? null, isPending };
}
