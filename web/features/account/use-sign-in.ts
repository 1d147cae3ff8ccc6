import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Me } from '../../lib/session/session.api.ts';
import { setSessionUser } from '../../lib/session/session-cache.ts';

/** Where sign-in, registration and the profile wizard send people (spec 001 §2). */
export const AFTER_SIGN_IN = '/AllMentors';

/**
 * For the routes that sign people in: `remember(user)` stores the user the API answered with (no extra
 * GET /users/me), `finish(user)` also moves on to the mentor list.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remember = useCallback((user: Me) => setSessionUser(queryClient, user), [queryClient]);
  const finish = useCallback(
    async (user: Me) => {
      setSessionUser(queryClient, user);
      await navigate({ to: AFTER_SIGN_IN });
    },
    [queryClient, navigate],
  );
  return { remember, finish };
}
