import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { mentorsApi } from './mentors.api.ts';
import { returnTarget } from '../../lib/return-to.ts';

export const OPEN_CHAT_FAILED = 'Не удалось открыть чат';

/**
 * 'Написать': creates or opens the chat room with the mentor and goes to /ChatsPage?roomId=…
 * (spec 000 §2). Visitors go to /login; a failure shows the server's detail (spec 000 §8).
 */
export function useOpenChat(mentorId: number, isSignedIn: boolean | undefined) {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => mentorsApi.openChat(mentorId),
    onSuccess: ({ roomId }) => navigate({ to: '/ChatsPage', search: { roomId } }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        void navigate({ to: '/login', search: { redirect: returnTarget() } });
        return;
      }
      // The server's detail when it said something specific (spec 000 §8), under the generic title.
      const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'not_found' ? error.detail : undefined;
      toast({ title: OPEN_CHAT_FAILED, description: detail, variant: 'destructive' });
    },
  });
  return {
    isPending: mutation.isPending,
    open: () => {
      if (isSignedIn === false) {
        void navigate({ to: '/login', search: { redirect: returnTarget() } });
        return;
      }
      mutation.mutate();
    },
  };
}
