// The duration written into a WebM header (decision 019, «The duration patch»). MediaRecorder writes a live stream:
// its Segment has an unknown size and its Info no Duration, so a browser's <video> shows no length (Infinity) and
// seeks poorly. When a recording is finished we know its length: this writes Segment/Info/Duration into part 0.
// Pure: bytes in, bytes out; no I/O.

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;
const CLUSTER_ID = 0x1f43b675;

type Vint = { value: number; length: number; unknown: boolean };

/** An EBML variable-size integer at `at` (a size: the length marker stripped), or null past the end. */
function readVint(b: Uint8Array, at: number): Vint | null {
  if (at >= b.length) return null;
  const first = b[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > b.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i];
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

/** An element ID (kept with its length marker, as the spec writes IDs). */
function readId(b: Uint8Array, at: number): { id: number; length: number } | null {
  if (at >= b.length) return null;
  const first = b[at];
  let length = 1;
  while (length <= 4 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 4 || at + length > b.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + b[at + i];
  return { id, length };
}

type Element = { id: number; start: number; sizeAt: number; sizeLength: number; dataStart: number; size: number | null };

function readElement(b: Uint8Array, at: number): Element | null {
  const id = readId(b, at);
  if (!id) return null;
  const size = readVint(b, at + id.length);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  return { id: id.id, start: at, sizeAt: at + id.length, sizeLength: size.length, dataStart, size: size.unknown ? null : size.value };
}

/** `value` as an EBML size of exactly `length` bytes, or null when it doesn't fit. */
function encodeSize(value: number, length: number): Uint8Array | null {
  if (value >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let v = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] |= 0x80 >> (length - 1);
  return out;
}

function readUint(b: Uint8Array, at: number, length: number) {
  let v = 0;
  for (let i = 0; i < length; i++) v = v * 256 + b[at + i];
  return v;
}

type InfoLayout = { segment: Element; info: Element; timecodeScale: number; duration: { at: number; length: number } | null };

/** Where the Info of the first Segment lies, when the bytes hold all of it before the first Cluster. */
function findInfo(b: Uint8Array): InfoLayout | null {
  const ebml = readElement(b, 0);
  if (!ebml || ebml.id !== EBML_ID || ebml.size === null) return null;
  const segment = readElement(b, ebml.dataStart + ebml.size);
  if (!segment || segment.id !== SEGMENT_ID) return null;
  for (let at = segment.dataStart; at < b.length; ) {
    const el = readElement(b, at);
    if (!el || el.id === CLUSTER_ID || el.size === null) return null;
    if (el.id === INFO_ID) {
      if (el.dataStart + el.size > b.length) return null;
      let timecodeScale = 1_000_000;
      let duration: InfoLayout['duration'] = null;
      for (let child = el.dataStart; child < el.dataStart + el.size; ) {
        const c = readElement(b, child);
        if (!c || c.size === null) return null;
        if (c.id === TIMECODE_SCALE_ID) timecodeScale = readUint(b, c.dataStart, c.size);
        if (c.id === DURATION_ID && (c.size === 4 || c.size === 8)) duration = { at: c.dataStart, length: c.size };
        child = c.dataStart + c.size;
      }
      return { segment, info: el, timecodeScale, duration };
    }
    at = el.dataStart + el.size;
  }
  return null;
}

/**
 * Part 0 of a WebM recording with its duration (in ms) written into Segment/Info/Duration: overwritten where there is
 * one, inserted otherwise (11 bytes more; Info's and a known Segment's sizes grow with it). Null when the bytes are
 * not a WebM whose Info lies whole in them: the recording then stays as it was, playable without a length.
 */
export function patchWebmDuration(part0: Uint8Array, durationMs: number): Uint8Array | null {
  const layout = findInfo(part0);
  if (!layout || layout.timecodeScale <= 0) return null;
  const ticks = (durationMs * 1_000_000) / layout.timecodeScale;
  if (layout.duration) {
    const out = part0.slice();
    const view = new DataView(out.buffer, out.byteOffset + layout.duration.at, layout.duration.length);
    if (layout.duration.length === 8) view.setFloat64(0, ticks);
    else view.setFloat32(0, ticks);
    return out;
  }
  const element = new Uint8Array(11);
  element.set([0x44, 0x89, 0x88]);
  new DataView(element.buffer).setFloat64(3, ticks);
  const { info, segment } = layout;
  const infoSize = encodeSize(info.size! + element.length, info.sizeLength);
  if (!infoSize) return null;
  let segmentSize: Uint8Array | null = null;
  if (segment.size !== null) {
    segmentSize = encodeSize(segment.size + element.length, segment.sizeLength);
    if (!segmentSize) return null;
  }
  const infoEnd = info.dataStart + info.size!;
  const out = new Uint8Array(part0.length + element.length);
  out.set(part0.subarray(0, infoEnd), 0);
  out.set(element, infoEnd);
  out.set(part0.subarray(infoEnd), infoEnd + element.length);
  out.set(infoSize, info.sizeAt);
  if (segmentSize) out.set(segmentSize, segment.sizeAt);
  return out;
}

/** The duration in ms a WebM header declares, or null without one (for tests and checks). */
export function readWebmDuration(bytes: Uint8Array): number | null {
  const layout = findInfo(bytes);
  if (!layout?.duration) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + layout.duration.at, layout.duration.length);
  const ticks = layout.duration.length === 8 ? view.getFloat64(0) : view.getFloat32(0);
  return (ticks * layout.timecodeScale) / 1_000_000;
}

/** Whether part 0 starts like a recording we accept: WebM's EBML magic, or an MP4 `ftyp` box. */
export function looksLikeRecording(part0: Uint8Array) {
  if (part0.length >= 4 && readUint(part0, 0, 4) === EBML_ID) return true;
  return part0.length >= 8 && String.fromCharCode(...part0.subarray(4, 8)) === 'ftyp';
}
