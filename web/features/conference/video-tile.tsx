import { useEffect, useRef, useState } from 'react';
import { Hand, MicOff, VideoOff } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { cn } from '../../lib/cn.ts';

/** Above this RMS level (0..1) a participant counts as speaking. */
const SPEAKING_LEVEL = 0.04;

/** Whether the stream's audio is loud enough right now (WebAudio analyser, polled 10 times a second). */
export function useSpeaking(stream: MediaStream | null): boolean {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += v * v;
      setSpeaking(Math.sqrt(sum / samples.length) > SPEAKING_LEVEL);
    }, 100);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return speaking;
}

type VideoTileProps = {
  stream: MediaStream | null;
  name: string;
  avatarUrl?: string | null;
  audio: boolean;
  video: boolean;
  hand?: boolean;
  /** the local preview: mirrored and muted */
  self?: boolean;
  className?: string;
  onClick?: () => void;
};

/** One person's video (or their avatar while the camera is off), name, muted mark, raised hand, speaking ring. */
export function VideoTile({ stream, name, avatarUrl, audio, video, hand, self, className, onClick }: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const speaking = useSpeaking(self ? null : stream);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);

  const body = (
    <>
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={self}
        data-testid={self ? 'self-video' : 'remote-video'}
        className={cn('size-full object-cover', self && '-scale-x-100', !video && 'invisible')}
      />
      {!video ? (
        // sized by the tile, not the screen: a phone's self view is 112 × 63 px, above the strip the label takes
        <div className="absolute inset-x-0 top-0 bottom-7 grid place-items-center">
          <Avatar src={avatarUrl ?? null} name={name} className="size-8 @min-[10rem]:size-16 @min-[20rem]:size-20" />
        </div>
      ) : null}
      <div className="absolute inset-x-2 bottom-2 flex items-center gap-1.5">
        {/* one's own tile says «Вы»: a name with «(вы)» after it lost the «(вы)» to truncation on a phone's small tile */}
        <span title={name} className="max-w-full truncate rounded-md bg-black/55 px-2 py-0.5 text-xs text-white">
          {self ? 'Вы' : name}
        </span>
        {!audio ? <MicOff aria-label="Микрофон выключен" className="size-4 shrink-0 rounded bg-black/55 p-0.5 text-white" /> : null}
        {!video ? <VideoOff aria-label="Камера выключена" className="size-4 shrink-0 rounded bg-black/55 p-0.5 text-white" /> : null}
        {hand ? <Hand aria-label="Поднята рука" className="size-4 shrink-0 rounded bg-amber-400 p-0.5 text-black" /> : null}
      </div>
    </>
  );
  const classes = cn(
    '@container relative overflow-hidden rounded-xl ring-2 ring-transparent transition-shadow',
    // one's own tile floats over the stage: a shade lighter, so that its edge shows with the camera off
    self ? 'bg-zinc-800' : 'bg-zinc-900',
    speaking && 'ring-emerald-400',
    className,
  );
  return onClick ? (
    <button type="button" onClick={onClick} className={cn(classes, 'text-left')} aria-label={`Показать ${name}`}>
      {body}
    </button>
  ) : (
    <div className={classes}>{body}</div>
  );
}
