import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MessageCircle } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { supportApi } from './support.api.ts';
import { returnTarget } from '../../lib/return-to.ts';

/**
 * «Написать в поддержку»: opens (or finds) the person's support room and goes to it on the chat screen.
 * A visitor is sent to sign in first.
 */
export function WriteToSupportButton({ signedIn, disabled }: { signedIn: boolean; disabled?: boolean }) {
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: supportApi.openChat,
    onSuccess: ({ roomId }) => navigate({ to: '/ChatsPage', search: { roomId } }),
  });
  const failure = open.error instanceof ApiError ? open.error.detail : open.error ? 'Не удалось открыть чат с поддержкой. Попробуйте ещё раз.' : null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        size="lg"
        disabled={disabled || open.isPending}
        onClick={() => (signedIn ? open.mutate() : void navigate({ to: '/login', search: { redirect: returnTarget() } }))}
      >
        {open.isPending ? <Spinner /> : <MessageCircle />}
        Написать в поддержку
      </Button>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
