import { startTicker, type Ticker } from './background-ticker.ts';

/*
 * What the recording shows and sounds like (issue 36, decision 019): a canvas drawing the room's tiles in a grid
 * (everyone the host sees, the host last), names under them on a dark background, a placeholder with initials for a
 * camera that is off; and one audio track mixing every participant's sound with the host's microphone through an
 * AudioContext. It reads only the tiles' MediaStreams, so a mesh room and an SFU room record the same way.
 */

export type CompositorTile = { id: string; name: string; stream: MediaStream | null; video: boolean; mirrored?: boolean };

export type Compositor = {
  /** the canvas's picture and the mixed sound, for MediaRecorder */
  stream: MediaStream;
  /** who is in the room now (called on every change of the room) */
  setTiles(tiles: CompositorTile[]): void;
  stop(): void;
};

export const RECORDING_SIZE = { width: 1280, height: 720 } as const;
export const RECORDING_FPS = 15;
const BACKGROUND = '#09090b';
const TILE = '#18181b';
const GAP = 8;
const LABEL = 28;

/** Columns and rows for n tiles: side by side for two, then as square as fits. */
export function gridFor(n: number): { cols: number; rows: number } {
  if (n <= 1) return { cols: 1, rows: 1 };
  if (n === 2) return { cols: 2, rows: 1 };
  const cols = Math.ceil(Math.sqrt(n));
  return { cols, rows: Math.ceil(n / cols) };
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

type Source = { tile: CompositorTile; element: HTMLVideoElement; audio: MediaStreamAudioSourceNode | null; audioTrack: string | null };

export function createCompositor({ width = RECORDING_SIZE.width, height = RECORDING_SIZE.height, fps = RECORDING_FPS } = {}): Compositor {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { alpha: false })!;
  const audio = new AudioContext();
  void audio.resume().catch(() => undefined);
  const mix = audio.createMediaStreamDestination();
  const sources = new Map<string, Source>();
  let order: string[] = [];

  const connectAudio = (source: Source) => {
    const track = source.tile.stream?.getAudioTracks()[0] ?? null;
    if ((track?.id ?? null) === source.audioTrack) return;
    source.audio?.disconnect();
    source.audio = null;
    source.audioTrack = track?.id ?? null;
    if (!track || !source.tile.stream) return;
    source.audio = audio.createMediaStreamSource(new MediaStream([track]));
    source.audio.connect(mix);
  };

  const setTiles = (tiles: CompositorTile[]) => {
    const seen = new Set<string>();
    for (const tile of tiles) {
      seen.add(tile.id);
      let source = sources.get(tile.id);
      if (!source) {
        const element = document.createElement('video');
        element.muted = true;
        element.playsInline = true;
        element.autoplay = true;
        source = { tile, element, audio: null, audioTrack: null };
        sources.set(tile.id, source);
      }
      source.tile = tile;
      if (source.element.srcObject !== tile.stream) {
        source.element.srcObject = tile.stream;
        if (tile.stream) void source.element.play().catch(() => undefined);
      }
      connectAudio(source);
    }
    for (const [id, source] of sources) {
      if (seen.has(id)) continue;
      source.audio?.disconnect();
      source.element.srcObject = null;
      sources.delete(id);
    }
    order = tiles.map((t) => t.id);
  };

  const draw = () => {
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, width, height);
    const list = order.map((id) => sources.get(id)).filter((s): s is Source => s !== undefined);
    if (!list.length) return;
    const { cols, rows } = gridFor(list.length);
    // 16:9 cells, as large as the frame allows, centred
    const cellW = Math.min((width - GAP * (cols + 1)) / cols, ((height - GAP * (rows + 1)) / rows - LABEL) * (16 / 9));
    const cellH = (cellW * 9) / 16;
    const left = (width - cols * cellW - (cols - 1) * GAP) / 2;
    const top = (height - rows * (cellH + LABEL) - (rows - 1) * GAP) / 2;
    list.forEach((source, index) => {
      const col = index % cols;
      const row = Math.floor(index / cols);
      // the last row's tiles centred, as a grid of 3 shows 2 + 1
      const inRow = row === rows - 1 ? list.length - row * cols : cols;
      const rowLeft = left + ((cols - inRow) * (cellW + GAP)) / 2;
      const x = rowLeft + col * (cellW + GAP);
      const y = top + row * (cellH + LABEL + GAP);
      drawTile(source, x, y, cellW, cellH);
    });
  };

  const drawTile = (source: Source, x: number, y: number, w: number, h: number) => {
    context.fillStyle = TILE;
    context.fillRect(x, y, w, h);
    const video = source.element;
    if (source.tile.video && video.videoWidth > 0 && video.readyState >= 2) {
      // cover: fill the cell, cropping the longer side
      const scale = Math.max(w / video.videoWidth, h / video.videoHeight);
      const sw = w / scale;
      const sh = h / scale;
      const sx = (video.videoWidth - sw) / 2;
      const sy = (video.videoHeight - sh) / 2;
      context.save();
      if (source.tile.mirrored) {
        context.translate(x + w, y);
        context.scale(-1, 1);
        context.drawImage(video, sx, sy, sw, sh, 0, 0, w, h);
      } else {
        context.drawImage(video, sx, sy, sw, sh, x, y, w, h);
      }
      context.restore();
    } else {
      const r = Math.min(w, h) * 0.16;
      context.fillStyle = '#3f3f46';
      context.beginPath();
      context.arc(x + w / 2, y + h / 2, r, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#fafafa';
      context.font = `600 ${Math.round(r * 0.8)}px system-ui, sans-serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(initials(source.tile.name) || '?', x + w / 2, y + h / 2);
    }
    context.fillStyle = '#e4e4e7';
    context.font = '500 16px system-ui, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(source.tile.name, x + w / 2, y + h + LABEL / 2, w);
  };

  draw();
  const ticker: Ticker = startTicker(Math.round(1000 / fps), draw);
  const picture = canvas.captureStream(fps);
  const stream = new MediaStream([...picture.getVideoTracks(), ...mix.stream.getAudioTracks()]);

  return {
    stream,
    setTiles,
    stop() {
      ticker.stop();
      for (const track of stream.getTracks()) track.stop();
      for (const source of sources.values()) {
        source.audio?.disconnect();
        source.element.srcObject = null;
      }
      sources.clear();
      void audio.close().catch(() => undefined);
    },
  };
}
