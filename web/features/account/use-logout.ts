import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '../../lib/session/session.api.ts';
import { clearSession } from '../../lib/session/session-cache.ts';
import { forgetBrowserPush } from '../../lib/web-push/browser-push.ts';

/**
 * Logs out; even when the call fails the local session is cleared and the user lands on /login (spec 000 §4). This
 * browser's push subscription is forgotten first, while the session can still say whose it is (decision 027).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await forgetBrowserPush();
      await logout();
    },
    onError: (error) => console.warn('logout request failed; clearing the session anyway', error),
    onSettled: async () => {
      clearSession(queryClient);
      await navigate({ to: '/login' });
    },
  });
}
