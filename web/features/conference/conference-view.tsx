import { useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Bug, Hand, LayoutGrid, Mic, MicOff, MonitorUp, PhoneOff, UserRound, Users, Video, VideoOff, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { DebugPanel } from './debug-panel.tsx';
import { JOIN_MESSAGES } from './join-steps.ts';
import { RecordingBadge } from './recording-badge.tsx';
import type { MeetingClient, RemotePeer } from './meeting-client.ts';
import { VideoTile } from './video-tile.tsx';

// Spec 002 §4.2's connection states, in Russian like every text a person sees here (the spec's English sentences
// and why they differ: decision 012, «Connection banners»)
export const BANNER_INTERRUPTED = 'Соединение прервано. Пытаемся переподключиться...';
export const BANNER_FAILED = 'Ошибка соединения. Попробуйте заново войти в конференцию.';
/** The room's socket stopped after MAX_RECONNECTS failed tries (meeting-client.ts): nothing is trying any more. */
export const BANNER_LOST = 'Связь с конференцией потеряна: переподключиться не удалось.';
export const RECONNECT_LABEL = 'Подключиться снова';
export const RELOAD_LABEL = 'Обновить страницу';
/** Spec 002 §2.6: the self view sits this far from the bottom right corner. */
const SELF_MARGIN = 20;

/** A control that could not do its job (no such device, the browser refused to share the screen). */
export type ConferenceControl = 'microphone' | 'camera' | 'screen';

type ConferenceViewProps = {
  client: MeetingClient;
  title: string;
  /** under the title: the meeting's date (spec 002 §2.6), or /BaseMeet's room values */
  subtitle: string;
  role: 'host' | 'participant';
  onLeave: () => void;
  /** the host may end the meeting for everyone */
  onEnd?: () => void;
  /**
   * /BaseMeet's extras (spec 002 §2.7): the debug panel and the return-to-self button, which puts one's own video
   * in the main view. The meeting page has neither: there the mentor never sees themselves in the main view.
   */
  prototype?: boolean;
  /** the caller tells the person (a toast on the meeting page, the error snackbar on /BaseMeet) */
  onControlFailed?: (control: ConferenceControl, error?: unknown) => void;
  /** this device records the room (the host), before the room has said so to everyone */
  recordingLocally?: boolean;
  /** the host's control to stop or start the recording (issue 36) */
  recordingControl?: ReactNode;
};

/** The main view's choice: a remote connection's id, or oneself (/BaseMeet only). */
const SELF = 'self';

/**
 * The conference of spec 002 §2.6 and §4.2: the main video (the host never sees themselves there; the first
 * remote participant is chosen until someone is pinned), a draggable self view, the controls, the participants'
 * panel with the count including oneself, the connection banners, and what follows an end.
 */
export function ConferenceView({ client, title, subtitle, role, onLeave, onEnd, prototype = false, onControlFailed, recordingLocally = false, recordingControl }: ConferenceViewProps) {
  const snapshot = useSyncExternalStore(client.subscribe, client.snapshot);
  const [pinned, setPinned] = useState<string | null>(null);
  const [grid, setGrid] = useState(false);
  const [panel, setPanel] = useState(false);
  const [debug, setDebug] = useState(false);
  const [hand, setHand] = useState(false);
  const [sharing, setSharing] = useState(false);
  const self = snapshot.self;
  const microphone = snapshot.local.audio;
  const camera = snapshot.local.video;
  const canShare = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia);

  const remote = snapshot.peers;
  const selfInMain = prototype && pinned === SELF && self !== null;
  const main: RemotePeer | null = selfInMain ? null : (remote.find((p) => p.id === pinned) ?? remote[0] ?? null);
  const toggle = (control: ConferenceControl, done: boolean) => {
    if (!done) onControlFailed?.(control);
  };

  if (snapshot.status === 'ended' || snapshot.status === 'refused') {
    return (
      <div className="grid min-h-[60vh] place-items-center p-6 text-center">
        <div className="grid max-w-md gap-3">
          <h1 className="text-xl font-semibold">{snapshot.status === 'ended' ? 'Встреча завершена' : 'Не удалось войти в комнату'}</h1>
          {snapshot.status === 'refused' ? (
            // spec 002 §8's words for a connection our room refused, with its reason (or the spec's default)
            <p role="alert" className="text-muted-foreground">
              {snapshot.reason ? `${JOIN_MESSAGES.connection}: ${snapshot.reason}` : JOIN_MESSAGES.fallback}
            </p>
          ) : snapshot.reason ? (
            <p className="text-muted-foreground">{snapshot.reason}</p>
          ) : null}
          <Button onClick={onLeave}>На главную</Button>
        </div>
      </div>
    );
  }

  const lost = snapshot.status === 'lost';
  const banner = snapshot.connection === 'failed' ? BANNER_FAILED : snapshot.connection === 'interrupted' || snapshot.status === 'reconnecting' ? BANNER_INTERRUPTED : null;

  return (
    // below 1024 px the room takes the whole screen, over the app's header and bottom bar: a tap on the bar would
    // leave the call, and the two took 130 px of a phone's height from the video (dialogs and toasts stay above it)
    <div
      data-testid="conference-room"
      className="flex flex-col bg-zinc-950 text-white max-lg:fixed max-lg:inset-0 max-lg:z-[45] max-lg:pt-[env(safe-area-inset-top)] max-lg:pb-[env(safe-area-inset-bottom)] lg:h-[calc(100dvh-4rem)] lg:min-h-[420px]"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 pt-3 pb-2">
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="min-w-0 truncate text-base font-semibold sm:text-lg">{title || 'Видеоконференция'}</h1>
          {snapshot.recording || recordingLocally ? <RecordingBadge /> : null}
        </div>
        <p className="text-xs text-white/70 sm:text-sm">{subtitle}</p>
      </header>
      {lost ? (
        <div role="alert" className="mx-4 mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-red-600 px-3 py-2 text-sm">
          <p className="min-w-0 flex-1 basis-56">{BANNER_LOST}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => client.reconnect()}>
              {RECONNECT_LABEL}
            </Button>
            <Button size="sm" variant="outline" className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white" onClick={() => window.location.reload()}>
              {RELOAD_LABEL}
            </Button>
          </div>
        </div>
      ) : banner ? (
        <p role="status" className={cn('mx-4 mb-2 rounded-lg px-3 py-2 text-sm', snapshot.connection === 'failed' ? 'bg-red-600' : 'bg-amber-500 text-black')}>
          {banner}
        </p>
      ) : null}

      <div className="relative flex min-h-0 flex-1 gap-3 px-3 pb-3">
        {/* the stage, with the self view and the debug panel placed within it (not over the participants' panel) */}
        <div className="relative flex min-w-0 flex-1">
          {selfInMain ? (
            <SelfStage stream={client.localVideo()} name={self.name} audio={microphone} video={camera || sharing} peers={remote} onPin={setPinned} />
          ) : (
            <Stage
              peers={remote}
              main={main}
              grid={grid}
              onPin={(id) => {
                setPinned(id);
                setGrid(false);
              }}
            />
          )}
          {self && !selfInMain ? <SelfView stream={client.localVideo()} name={self.name} audio={microphone} video={camera || sharing} /> : null}
          {debug ? <DebugPanel client={client} peers={remote} onClose={() => setDebug(false)} /> : null}
        </div>
        {panel ? (
          <aside
            aria-label="Участники"
            className="absolute inset-x-3 bottom-3 z-20 max-h-[60%] overflow-y-auto rounded-xl bg-zinc-900 p-3 shadow-xl sm:static sm:inset-auto sm:max-h-none sm:w-72 sm:shrink-0"
          >
            <div className="mb-2 flex items-center justify-between">
              <h2 className="text-sm font-semibold">Участники ({remote.length + (self ? 1 : 0)})</h2>
              <button type="button" aria-label="Закрыть список участников" onClick={() => setPanel(false)} className="rounded p-1 hover:bg-white/10">
                <X className="size-4" />
              </button>
            </div>
            <ul className="grid gap-1 text-sm">
              {self ? <ParticipantRow name={`${self.name} (вы)`} audio={microphone} video={camera} hand={hand} host={role === 'host'} /> : null}
              {remote.map((p) => (
                <ParticipantRow key={p.id} name={p.name} audio={p.audio} video={p.video || p.screen} hand={p.hand} host={p.role === 'host'} />
              ))}
            </ul>
          </aside>
        ) : null}
      </div>

      <nav aria-label="Управление встречей" className="flex flex-wrap items-center justify-center gap-1.5 border-t border-white/10 px-3 py-3 sm:gap-2">
        <Control label={microphone ? 'Выключить микрофон' : 'Включить микрофон'} active={!microphone} onClick={() => toggle('microphone', client.setMicrophone(!microphone))}>
          {microphone ? <Mic /> : <MicOff />}
        </Control>
        <Control label={camera ? 'Выключить камеру' : 'Включить камеру'} active={!camera} onClick={() => toggle('camera', client.setCamera(!camera))}>
          {camera ? <Video /> : <VideoOff />}
        </Control>
        {canShare ? (
          <Control
            label={sharing ? 'Остановить демонстрацию экрана' : 'Показать экран'}
            active={sharing}
            onClick={async () => {
              if (sharing) {
                client.stopScreenShare();
                setSharing(false);
              } else {
                try {
                  setSharing(await client.startScreenShare());
                } catch (error) {
                  onControlFailed?.('screen', error);
                }
              }
            }}
          >
            <MonitorUp />
          </Control>
        ) : null}
        <Control
          label={hand ? 'Опустить руку' : 'Поднять руку'}
          active={hand}
          onClick={() => {
            client.raiseHand(!hand);
            setHand(!hand);
          }}
        >
          <Hand />
        </Control>
        <Control label="Участники" active={panel} onClick={() => setPanel(!panel)}>
          <Users />
        </Control>
        <Control label={grid ? 'Один собеседник крупно' : 'Сетка'} active={grid} onClick={() => setGrid(!grid)}>
          <LayoutGrid />
        </Control>
        {prototype ? (
          <>
            <Control label="Вернуться к себе" active={selfInMain} onClick={() => setPinned(selfInMain ? null : SELF)}>
              <UserRound />
            </Control>
            <Control label="Отладка" active={debug} onClick={() => setDebug(!debug)}>
              <Bug />
            </Control>
          </>
        ) : null}
        {recordingControl}
        <Button variant="destructive" className="h-11 rounded-full px-5" onClick={onLeave} aria-label="Покинуть встречу">
          <PhoneOff />
          <span className="hidden sm:inline">Выйти</span>
        </Button>
        {role === 'host' && onEnd ? (
          <Button variant="outline" className="h-11 rounded-full border-white/30 bg-transparent text-white hover:bg-white/10" onClick={onEnd}>
            Завершить для всех
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

function Stage({ peers, main, grid, onPin }: { peers: RemotePeer[]; main: RemotePeer | null; grid: boolean; onPin: (id: string) => void }) {
  if (!main) {
    return (
      <div className="grid flex-1 place-items-center rounded-xl bg-zinc-900 p-6 text-center text-sm text-white/70" data-testid="waiting-for-peers">
        Ожидаем остальных участников…
      </div>
    );
  }
  if (grid && peers.length > 1) {
    return (
      <div className="grid flex-1 auto-rows-fr gap-2 sm:grid-cols-2">
        {peers.map((p) => (
          <VideoTile key={p.id} stream={p.stream} name={p.name} avatarUrl={p.avatar_url} audio={p.audio} video={p.video || p.screen} hand={p.hand} onClick={() => onPin(p.id)} />
        ))}
      </div>
    );
  }
  const others = peers.filter((p) => p.id !== main.id);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <VideoTile stream={main.stream} name={main.name} avatarUrl={main.avatar_url} audio={main.audio} video={main.video || main.screen} hand={main.hand} className="min-h-0 flex-1" />
      <Thumbnails peers={others} onPin={onPin} />
    </div>
  );
}

/** /BaseMeet's return-to-self: one's own video in the main view, everyone else as thumbnails below. */
function SelfStage({ stream, name, audio, video, peers, onPin }: { stream: MediaStream; name: string; audio: boolean; video: boolean; peers: RemotePeer[]; onPin: (id: string) => void }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <VideoTile stream={stream} name={name} audio={audio} video={video} self className="min-h-0 flex-1" />
      <Thumbnails peers={peers} onPin={onPin} />
    </div>
  );
}

function Thumbnails({ peers, onPin }: { peers: RemotePeer[]; onPin: (id: string) => void }) {
  if (!peers.length) return null;
  return (
    <div className="flex gap-2 overflow-x-auto" data-testid="thumbnails">
      {peers.map((p) => (
        <VideoTile
          key={p.id}
          stream={p.stream}
          name={p.name}
          avatarUrl={p.avatar_url}
          audio={p.audio}
          video={p.video || p.screen}
          hand={p.hand}
          className="aspect-video w-32 shrink-0 sm:w-40"
          onClick={() => onPin(p.id)}
        />
      ))}
    </div>
  );
}

/** The self view: bottom right, 20 px from the edges, draggable within the stage. */
function SelfView({ stream, name, audio, video }: { stream: MediaStream; name: string; audio: boolean; video: boolean }) {
  const [offset, setOffset] = useState({ right: SELF_MARGIN, bottom: SELF_MARGIN });
  const drag = useRef<{ x: number; y: number; right: number; bottom: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  const onPointerDown = (e: ReactPointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, ...offset };
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const start = drag.current;
    const parent = box.current?.parentElement;
    if (!start || !parent || !box.current) return;
    const maxRight = parent.clientWidth - box.current.offsetWidth;
    const maxBottom = parent.clientHeight - box.current.offsetHeight;
    setOffset({
      right: Math.min(Math.max(start.right - (e.clientX - start.x), 0), Math.max(maxRight, 0)),
      bottom: Math.min(Math.max(start.bottom - (e.clientY - start.y), 0), Math.max(maxBottom, 0)),
    });
  };
  return (
    <div
      ref={box}
      data-testid="self-view"
      className="absolute z-10 w-28 cursor-grab touch-none shadow-lg active:cursor-grabbing sm:w-48"
      style={{ right: offset.right, bottom: offset.bottom }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
    >
      <VideoTile stream={stream} name={name} audio={audio} video={video} self className="aspect-video" />
    </div>
  );
}

function ParticipantRow({ name, audio, video, hand, host }: { name: string; audio: boolean; video: boolean; hand: boolean; host: boolean }) {
  return (
    <li className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-white/5">
      <span className="min-w-0 flex-1 truncate">
        {name}
        {host ? <span className="ml-1 text-xs text-white/60">· ведущий</span> : null}
      </span>
      {hand ? <Hand aria-label="Поднята рука" className="size-4 text-amber-400" /> : null}
      {audio ? <Mic aria-label="Микрофон включён" className="size-4" /> : <MicOff aria-label="Микрофон выключен" className="size-4 text-white/50" />}
      {video ? <Video aria-label="Камера включена" className="size-4" /> : <VideoOff aria-label="Камера выключена" className="size-4 text-white/50" />}
    </li>
  );
}

function Control({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'grid size-11 place-items-center rounded-full transition-colors outline-none focus-visible:ring-2 focus-visible:ring-white [&_svg]:size-5',
        active ? 'bg-white text-zinc-900' : 'bg-white/10 hover:bg-white/20',
      )}
    >
      {children}
    </button>
  );
}
