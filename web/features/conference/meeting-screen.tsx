import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { conferenceApi, type ConferenceJoin } from './conference.api.ts';
import { BANNER_LOST, ConferenceView, type ConferenceControl } from './conference-view.tsx';
import { EquipmentCheckDialog } from './equipment-check-dialog.tsx';
import { JOIN_STEPS, type JoinStep } from './join-steps.ts';
import { ticketSource } from './join-ticket.ts';
import { connectMeeting, socketUrl, type MeetingClient } from './meeting-client.ts';
import { meshTransport } from './mesh/mesh-transport.ts';
import { refusalText } from './refusal-text.ts';
import { RoomCountdown } from './room-countdown.tsx';
import { browserSfuConnection, sfuTransport } from './sfu/sfu-transport.ts';
import { useJoinFlow, type JoinTarget } from './use-join-flow.ts';
import { RecordingControl } from './recording-badge.tsx';
import { useRoomRecording } from './use-room-recording.ts';
import { RecordingNotice } from '../../components/recording-notice.tsx';
import { RECORDING_TEXTS } from '../../lib/recordings/recording-texts.ts';

/** What the meeting page says when a control fails (the spec gives /BaseMeet's English texts only). */
const CONTROL_FAILED: Record<ConferenceControl, string> = {
  microphone: 'Не удалось переключить микрофон: его нет в этой встрече',
  camera: 'Не удалось переключить камеру: её нет в этой встрече',
  screen: 'Не удалось показать экран',
};

/** How long «Готово! Перенаправление...» stays before the conference shows. */
const DONE_PAUSE_MS = 400;
/** «Завершить для всех» waits this long at most for the recording's last parts before it ends the meeting. */
const FINISH_WAIT_MS = 8000;

export type MeetingViewer = { id: number; time_zone?: string | null } | null;

/**
 * /event-conference/{id}, /booking-conference/{id} and /conference?event_id=|booking_id= (spec 002 §2.6, §4.1): the
 * staged loading screen, the equipment check, then the conference; leaving goes to /.
 */
export function MeetingScreen({ target, viewer }: { target: JoinTarget; viewer: MeetingViewer }) {
  const navigate = useNavigate();
  const { state, retry } = useJoinFlow(target, viewer?.id ?? null);
  const [client, setClient] = useState<MeetingClient | null>(null);
  const [join, setJoin] = useState<ConferenceJoin | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const clientRef = useRef<MeetingClient | null>(null);

  // leaving the page any way (back button, another link) leaves the room and frees the camera
  useEffect(() => () => clientRef.current?.leave(), []);

  const connect = (stream: MediaStream) => {
    if (state.phase !== 'ready' || target.id === null) return;
    const first = state.join;
    const { contentType, id } = target;
    const current = ticketSource(first, () => conferenceApi.join(contentType, id));
    const joinToken = async () => (await current()).join_token;
    const next = connectMeeting({
      stream,
      // consultations and small events browser to browser; large events through the SFU when it is configured
      transport:
        first.topology === 'sfu'
          ? sfuTransport({ api: conferenceApi.sfu(contentType, id, joinToken), createConnection: browserSfuConnection(first.ice_servers) })
          : meshTransport(first.ice_servers),
      url: async () => socketUrl(first.ws_path, await joinToken()),
      explainClose: (code) => refusalText(code, first),
    });
    clientRef.current = next;
    setLocalStream(stream);
    setJoin(first);
    setClient(next);
  };

  const leave = () => {
    clientRef.current?.leave();
    clientRef.current = null;
    void navigate({ to: '/' });
  };

  const end = async () => {
    if (target.id === null) return;
    try {
      await conferenceApi.end(target.contentType, target.id);
    } catch (error) {
      toast({ title: 'Не удалось завершить встречу', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };

  if (client && join) {
    return (
      <Connected client={client} join={join} viewer={viewer} localStream={localStream} target={target} onLeave={leave} onEnd={join.role === 'host' ? end : undefined} />
    );
  }

  if (state.phase === 'waiting') return <RoomCountdown opensAt={state.opensAt} offsetMs={state.offsetMs} timeZone={viewer?.time_zone} />;

  return (
    <>
      <JoinProgress step={state.step} failure={state.phase === 'failed' ? state.message : null} onRetry={retry} />
      <EquipmentCheckDialog
        open={state.phase === 'ready'}
        onContinue={connect}
        notice={state.phase === 'ready' && state.join.is_recorded ? <RecordingNotice text={RECORDING_TEXTS.join} /> : null}
      />
    </>
  );
}

/** Room connection (90) until the room welcomes us, then «Готово!» (100) and the conference. */
function Connected({
  client,
  join,
  viewer,
  localStream,
  target,
  onLeave,
  onEnd,
}: {
  client: MeetingClient;
  join: ConferenceJoin;
  viewer: MeetingViewer;
  localStream: MediaStream | null;
  target: JoinTarget;
  onLeave: () => void;
  onEnd?: () => Promise<void>;
}) {
  const snapshot = useSyncExternalStore(client.subscribe, client.snapshot);
  const recordable = target.contentType === 'events' || target.contentType === 'consultationbooking' ? target.contentType : null;
  const recording = useRoomRecording({
    client,
    localStream,
    contentType: recordable,
    objectId: target.id ?? 0,
    host: join.role === 'host',
    // a host who reloaded starts a new recording too: the server finishes the earlier one, its parts kept
    autoStart: join.role === 'host' && join.is_recorded,
  });
  // leaving stops the recording first: its last chunk and the finish go on in the background
  const leave = () => {
    void recording.stop();
    onLeave();
  };
  const end = onEnd
    ? () => {
        void (async () => {
          await Promise.race([recording.stop(), new Promise((resolve) => setTimeout(resolve, FINISH_WAIT_MS))]);
          await onEnd();
        })();
      }
    : undefined;
  const [shown, setShown] = useState(false);
  const welcomed = snapshot.self !== null;
  useEffect(() => {
    if (!welcomed) return;
    const timer = setTimeout(() => setShown(true), DONE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [welcomed]);

  if (!shown && snapshot.status === 'lost') {
    // the room never answered through all the tries: the join flow's failure, its «Повторить» tries again
    return <JoinProgress step="room-connection" failure={BANNER_LOST} onRetry={() => client.reconnect()} />;
  }
  if (!shown && snapshot.status !== 'refused' && snapshot.status !== 'ended') {
    return <JoinProgress step={welcomed ? 'done' : 'room-connection'} failure={null} onRetry={() => undefined} />;
  }
  const date = viewer?.time_zone ? dayjs(join.starts_at).tz(viewer.time_zone) : dayjs(join.starts_at);
  return (
    <ConferenceView
      client={client}
      title={join.title}
      subtitle={date.format('D MMMM YYYY, HH:mm')}
      role={join.role}
      onLeave={leave}
      onEnd={end}
      recordingLocally={recording.state === 'recording'}
      recordingControl={
        recording.supported && join.is_recorded ? (
          <RecordingControl
            recording={recording.state === 'recording'}
            busy={recording.state === 'starting' || recording.state === 'stopping'}
            onToggle={() => void (recording.state === 'recording' ? recording.stop() : recording.start())}
          />
        ) : null
      }
      onControlFailed={(control) => toast({ title: CONTROL_FAILED[control], variant: 'destructive' })}
    />
  );
}

export function JoinProgress({ step, failure, onRetry }: { step: JoinStep; failure: string | null; onRetry: () => void }) {
  const { text, progress } = JOIN_STEPS[step];
  return (
    <div className="grid min-h-[70vh] place-items-center px-4">
      <div className="grid w-full max-w-sm gap-4 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
          <Video aria-hidden className="size-7" />
        </span>
        {failure ? (
          <div role="alert" className="grid gap-3">
            <p className="font-medium text-destructive">{failure}</p>
            <Button onClick={onRetry}>Повторить</Button>
            {/* a refusal («нет доступа», a cancelled booking) does not pass on a retry: a way back to one's meetings */}
            <Button asChild variant="outline">
              <Link to="/CalendarPage">В календарь</Link>
            </Button>
          </div>
        ) : (
          <>
            <p aria-live="polite" className="font-medium" data-testid="join-step">
              {text}
            </p>
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-label="Подключение к встрече"
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
