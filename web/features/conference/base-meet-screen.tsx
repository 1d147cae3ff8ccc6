import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Snackbar, SNACKBAR_DURATION, useSnackbar } from '../../components/ui/snackbar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { conferenceApi, type DemoJoin } from './conference.api.ts';
import { ConferenceView, type ConferenceControl } from './conference-view.tsx';
import { ticketSource } from './join-ticket.ts';
import { connectMeeting, socketUrl, type MeetingClient } from './meeting-client.ts';
import { meshTransport } from './mesh/mesh-transport.ts';

/** The prototype's snackbar texts, in English as spec 002 §8 gives them. */
export const BASE_MEET_MESSAGES = {
  toggle: {
    microphone: 'Failed to toggle microphone. Please try again.',
    camera: 'Failed to toggle camera. Please try again.',
    screen: 'Failed to toggle screen sharing. Please try again.',
  } satisfies Record<ConferenceControl, string>,
  init: (reason?: string) => `Failed to initialize conference: ${reason || 'Unknown error'}`,
  conference: (type?: string) => `Conference error: ${type || 'Unknown error'}`,
};

function reasonOf(error: unknown) {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof DOMException) return error.message || error.name;
  return error instanceof Error ? error.message : undefined;
}

type Joined = { client: MeetingClient; ticket: DemoJoin };

/**
 * /BaseMeet (spec 002 §2.7): the public demo room on the meetings' engine. No account and no equipment check:
 * the page asks for a guest ticket and the camera and microphone, then shows the conference with the prototype's
 * extras (debug panel, return-to-self) and the error snackbar (5 s, Close).
 */
/**
 * The demo room's header: which room and who you are. Never the room's password: it is a credential, even a demo's,
 * and anyone looking at the screen (or a screenshot of it) would read it (issue 35).
 */
export function demoRoomSubtitle(ticket: Pick<DemoJoin, 'login' | 'subject_id' | 'display_name'>): string {
  return `Комната ${ticket.login} · тема ${ticket.subject_id} · вы: ${ticket.display_name}`;
}

export function BaseMeetScreen() {
  const navigate = useNavigate();
  const snackbar = useSnackbar(SNACKBAR_DURATION.error);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const clientRef = useRef<MeetingClient | null>(null);
  const { show } = snackbar;

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    setFailed(false);
    (async () => {
      const ticket = await conferenceApi.demoJoin();
      const current = ticketSource(ticket, conferenceApi.demoJoin);
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      if (cancelled) return;
      const client = connectMeeting({
        stream,
        transport: meshTransport(ticket.ice_servers),
        url: async () => {
          const fresh = await current();
          return socketUrl(fresh.ws_path, fresh.join_token);
        },
      });
      clientRef.current = client;
      setJoined({ client, ticket });
    })().catch((error: unknown) => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (cancelled) return;
      console.error('base meet: joining failed', error);
      setFailed(true);
      show(BASE_MEET_MESSAGES.init(reasonOf(error)), 'error');
    });
    return () => {
      cancelled = true;
      clientRef.current?.leave();
      clientRef.current = null;
      setJoined(null);
    };
  }, [attempt, show]);

  const notify = useCallback((text: string) => show(text, 'error'), [show]);
  const leave = useCallback(() => {
    clientRef.current?.leave();
    clientRef.current = null;
    void navigate({ to: '/' });
  }, [navigate]);

  return (
    <>
      {joined ? (
        <Room joined={joined} onLeave={leave} onError={notify} />
      ) : (
        <div className="grid min-h-[70vh] place-items-center px-4">
          <div className="grid w-full max-w-sm justify-items-center gap-4 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
              <Video aria-hidden className="size-7" />
            </span>
            <h1 className="text-lg font-semibold">Демо-комната</h1>
            {failed ? (
              <>
                <p className="text-sm text-muted-foreground">Не удалось подключиться. Разрешите доступ к камере и микрофону и попробуйте ещё раз.</p>
                <Button onClick={() => setAttempt((n) => n + 1)}>Повторить</Button>
              </>
            ) : (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
                <Spinner /> Подключаемся к демо-комнате…
              </p>
            )}
          </div>
        </div>
      )}
      <Snackbar message={snackbar.message} onClose={snackbar.close} />
    </>
  );
}

function Room({ joined, onLeave, onError }: { joined: Joined; onLeave: () => void; onError: (text: string) => void }) {
  const { client, ticket } = joined;
  const snapshot = useSyncExternalStore(client.subscribe, client.snapshot);
  const refusal = snapshot.status === 'refused' ? (snapshot.reason ?? '') : null;
  useEffect(() => {
    if (refusal !== null) onError(BASE_MEET_MESSAGES.conference(refusal));
  }, [refusal, onError]);
  return (
    <ConferenceView
      client={client}
      title="Демо-комната"
      subtitle={demoRoomSubtitle(ticket)}
      role="participant"
      prototype
      onLeave={onLeave}
      onControlFailed={(control) => onError(BASE_MEET_MESSAGES.toggle[control])}
    />
  );
}
