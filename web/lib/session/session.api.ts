import type { InferResponseType } from 'hono/client';
import { api, ApiError, unwrap } from '../api-client.ts';

/** The current user as GET /api/users/me/?full=1 returns it. */
export type Me = InferResponseType<typeof api.users.me.$get, 200>;
export type UserRole = Me['user_role'];

/** The signed-in user, or null for a visitor (a 401 that survived the silent refresh). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await unwrap(await api.users.me.$get({ query: { full: '1' } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** POST /api/logout/: the server ends the session and clears the cookies. */
export async function logout(): Promise<void> {
  await unwrap(await api.logout.$post());
}
