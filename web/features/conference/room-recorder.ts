import type { MeetingClient, MeetingSnapshot } from './meeting-client.ts';
import { createCompositor, type CompositorTile } from './room-compositor.ts';
import { createUploader, type PartsApi, type UploaderState } from './recording-uploader.ts';

/*
 * The host's recording of the room (issue 36, decision 019): the compositor's canvas and mixed sound into
 * MediaRecorder, a chunk every 2 s, each chunk uploaded at once as the next part. Stopping flushes the last chunk,
 * sends what is left and tells the server the duration.
 */

/** WebM with VP8 and Opus where the browser has it (Chromium, Firefox); MP4 where only that is offered (Safari). */
const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4'];
export const CHUNK_MS = 2000;
export const VIDEO_BITS_PER_SECOND = 1_000_000;
export const AUDIO_BITS_PER_SECOND = 64_000;
/**
 * Part 0 is at least this big: Chromium's first chunk can be a single byte of the WebM header (seen: 1 byte after
 * 11 s on a busy machine), and the server checks the file's magic and writes the duration into the header's Info in
 * part 0, so the first chunks are joined until the header is surely whole.
 */
export const FIRST_PART_MIN_BYTES = 4096;

export function pickMimeType(isSupported: (type: string) => boolean = (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)): string | null {
  return MIME_TYPES.find((type) => isSupported(type)) ?? null;
}

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof AudioContext !== 'undefined' && typeof HTMLCanvasElement !== 'undefined' && 'captureStream' in HTMLCanvasElement.prototype && pickMimeType() !== null;
}

export type RoomRecorder = {
  /** stops recording, sends what is left and finishes the recording on the server */
  stop(): Promise<void>;
  state(): UploaderState;
};

type Options = {
  client: MeetingClient;
  /** the host's own camera and microphone (the equipment check's stream) */
  localStream: MediaStream;
  mimeType: string;
  api: PartsApi;
  onState?: (state: UploaderState) => void;
};

/** The room as tiles: everyone else in the order the room lists them, the host last. */
export function roomTiles(snapshot: MeetingSnapshot, self: { stream: MediaStream | null; name: string }): CompositorTile[] {
  const tiles: CompositorTile[] = snapshot.peers.map((peer) => ({ id: peer.id, name: peer.name, stream: peer.stream, video: peer.video || peer.screen }));
  // as the others see the host: not mirrored (the self view's mirror is for the host alone)
  tiles.push({ id: 'self', name: self.name, stream: self.stream, video: snapshot.local.video || snapshot.local.screen });
  return tiles;
}

export function startRoomRecorder({ client, localStream, mimeType, api, onState }: Options): RoomRecorder {
  const compositor = createCompositor();
  const uploader = createUploader({ api, onChange: onState });
  // the host's tile: the picture they show (camera or screen) with their microphone, one stream while the tracks stay
  let selfStream: MediaStream | null = null;
  const selfTile = () => {
    const tracks = [...client.localVideo().getVideoTracks().slice(0, 1), ...localStream.getAudioTracks().slice(0, 1)];
    const same = selfStream && selfStream.getTracks().length === tracks.length && tracks.every((t) => selfStream!.getTrackById(t.id));
    if (!same) selfStream = new MediaStream(tracks);
    return selfStream;
  };
  const update = () => {
    const snapshot = client.snapshot();
    compositor.setTiles(roomTiles(snapshot, { stream: selfTile(), name: snapshot.self?.name ?? 'Ведущий' }));
  };
  update();
  const unsubscribe = client.subscribe(update);

  const recorder = new MediaRecorder(compositor.stream, { mimeType, videoBitsPerSecond: VIDEO_BITS_PER_SECOND, audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
  const began = performance.now();
  const elapsed = () => Math.round(performance.now() - began);
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  let head: Blob[] | null = [];
  let headBytes = 0;
  const flushHead = () => {
    if (head?.length) uploader.push(new Blob(head, { type: mimeType }), elapsed());
    head = null;
  };
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0) return;
    if (head) {
      head.push(event.data);
      headBytes += event.data.size;
      if (headBytes >= FIRST_PART_MIN_BYTES) flushHead();
      return;
    }
    uploader.push(event.data, elapsed());
  });
  recorder.start(CHUNK_MS);

  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        unsubscribe();
        if (recorder.state !== 'inactive') recorder.stop();
        await stopped;
        // a recording shorter than the header's threshold still goes, whole, as part 0
        flushHead();
        const duration = elapsed();
        compositor.stop();
        await uploader.finish(duration);
      })();
      return stopping;
    },
    state: () => uploader.state(),
  };
}
