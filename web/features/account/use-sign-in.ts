import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Me } from '../../lib/session/session.api.ts';
import { setSessionUser } from '../../lib/session/session-cache.ts';

/** Where sign-in, registration and the profile wizard send people who came to sign in by themselves (spec 001 §2). */
export const AFTER_SIGN_IN = '/AllMentors';

/**
 * For the routes that sign people in: `remember(user)` stores the user the API answered with (no extra
 * GET /users/me), `finish(user)` also moves on: back to `returnTo` (a same-origin path the route has checked: the
 * page that asked the person to sign in, issue 35), else to the mentor list. An account still without a name stopped
 * at registration's third step, and goes back to it.
 */
export function useSignIn(returnTo?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remember = useCallback((user: Me) => setSessionUser(queryClient, user), [queryClient]);
  const finish = useCallback(
    async (user: Me): Promise<void> => {
      setSessionUser(queryClient, user);
      if (!user.mentor_name) await navigate({ to: '/register', search: { redirect: returnTo } });
      else if (returnTo) await navigate({ href: returnTo });
      else await navigate({ to: AFTER_SIGN_IN });
    },
    [queryClient, navigate, returnTo],
  );
  return { remember, finish };
}
