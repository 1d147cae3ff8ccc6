import { ApiError } from '../../lib/api-client.ts';

/*
 * The recording's parts on their way to the server (issue 36, decision 019). Each MediaRecorder chunk is one numbered
 * part, sent at once and in order; a chunk stays in memory until the server has acknowledged it, so a dropped
 * connection loses nothing that was recorded: after a failed PUT, or when the browser says it is online again, the
 * uploader asks the server how many parts it has (GET /recordings/{id}/ → parts) and resends from there. A closed
 * tab loses only what had not been sent yet (the chunk being recorded, at most a few seconds).
 */

/** The calls the uploader makes (recording.api.ts over the typed client; a fake in the tests). */
export type PartsApi = {
  /** PUT /recordings/{id}/parts/{n}/?elapsed_ms= → how many parts the server now has, contiguous from 0 */
  putPart(n: number, body: Blob, elapsedMs: number): Promise<{ parts: number }>;
  /** GET /recordings/{id}/ → what the server has (`parts`: how many, contiguous from 0) */
  status(): Promise<{ parts?: number; status: string }>;
  /** POST /recordings/{id}/finish/ */
  finish(durationMs: number): Promise<unknown>;
};

export type UploaderState = {
  /** parts the server has acknowledged */
  acked: number;
  /** parts recorded but not yet acknowledged (held in memory) */
  pending: number;
  /** bytes acknowledged so far */
  uploadedBytes: number;
  /** a failure the uploader keeps retrying through (storage refusing, no connection): shown, not fatal */
  trouble: ApiError | null;
  /** a failure that stopped the recording (too large, finished elsewhere, not allowed) */
  fatal: ApiError | null;
};

type Options = {
  api: PartsApi;
  /** waits before the 1st, 2nd, … retry; the last one repeats */
  backoffMs?: readonly number[];
  onChange?: (state: UploaderState) => void;
  /** the `online` event's source (window); null in tests that drive reconnects by hand */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
};

export const UPLOAD_BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000] as const;

/** Answers after which resending cannot help: the recording is over for this client. */
const FATAL_CODES = new Set(['recording_too_large', 'recording_finished', 'recording_format', 'recording_off', 'not_found']);

function isFatal(error: unknown): error is ApiError {
  return error instanceof ApiError && (FATAL_CODES.has(error.code) || error.status === 404 || error.status === 403 || error.status === 413);
}

type Part = { n: number; blob: Blob; elapsedMs: number };

export type Uploader = {
  /** a chunk MediaRecorder handed over; numbered in the order pushed, from 0 */
  push(blob: Blob, elapsedMs: number): void;
  /** sends what is left (waiting at most `deadlineMs`), then tells the server the recording is over */
  finish(durationMs: number, deadlineMs?: number): Promise<void>;
  /** stops sending (nothing more is sent; what the server has stays) */
  abort(): void;
  state(): UploaderState;
};

export function createUploader({ api, backoffMs = UPLOAD_BACKOFF_MS, onChange, events = typeof window === 'undefined' ? null : window }: Options): Uploader {
  const queue: Part[] = [];
  let next = 0;
  let acked = 0;
  let uploadedBytes = 0;
  let trouble: ApiError | null = null;
  let fatal: ApiError | null = null;
  let running = false;
  let aborted = false;
  let failures = 0;
  /** wakes a back-off wait early (the browser is online again, or a new chunk came after a long wait) */
  let wake: (() => void) | null = null;
  let drained: (() => void) | null = null;

  const state = (): UploaderState => ({ acked, pending: queue.length, uploadedBytes, trouble, fatal });
  const changed = () => onChange?.(state());

  /** The server has `parts`: drop what it acknowledged. */
  const acknowledge = (parts: number) => {
    acked = Math.max(acked, parts);
    while (queue.length && queue[0]!.n < acked) uploadedBytes += queue.shift()!.blob.size;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const online = () => wake?.();
  events?.addEventListener('online', online);

  async function run() {
    if (running) return;
    running = true;
    let resync = false;
    try {
      while (!aborted && !fatal && queue.length) {
        try {
          if (resync) {
            // the server may have stored a part whose answer we never read, or lost none: it says where to go on
            const status = await api.status();
            if (status.status !== 'recording') throw new ApiError(409, { detail: 'Запись уже завершена', code: 'recording_finished' });
            // without a count (an older server) resending from our own count is still right: a part it already has
            // is answered 200 with its count (the PUT is idempotent)
            if (typeof status.parts === 'number') acknowledge(status.parts);
            resync = false;
            if (!queue.length) break;
          }
          const part = queue[0]!;
          if (part.n > acked) {
            // the server has fewer parts than we hold in memory: a part it acknowledged was lost; nothing to resend
            throw new ApiError(409, { detail: 'Часть записи потеряна', code: 'recording_finished' });
          }
          const answer = await api.putPart(part.n, part.blob, part.elapsedMs);
          acknowledge(answer.parts);
          if (answer.parts <= part.n) resync = true;
          failures = 0;
          if (trouble) {
            trouble = null;
          }
          changed();
        } catch (error) {
          if (isFatal(error)) {
            fatal = error;
            changed();
            break;
          }
          // out of order, no connection, storage refusing, a server error: wait, then ask the server where to go on
          trouble = error instanceof ApiError ? error : new ApiError(0, { detail: 'Нет соединения с сервером', code: 'network_error' });
          resync = true;
          changed();
          await sleep(backoffMs[Math.min(failures, backoffMs.length - 1)]!);
          failures += 1;
        }
      }
    } finally {
      running = false;
      if (!queue.length || aborted || fatal) drained?.();
    }
  }

  return {
    push(blob, elapsedMs) {
      if (aborted || fatal) return;
      queue.push({ n: next, blob, elapsedMs });
      next += 1;
      changed();
      void run();
    },
    async finish(durationMs, deadlineMs = 20_000) {
      if (queue.length && !fatal && !aborted) {
        await Promise.race([
          new Promise<void>((resolve) => {
            drained = resolve;
            wake?.();
            void run();
          }),
          new Promise<void>((resolve) => setTimeout(resolve, deadlineMs)),
        ]);
      }
      drained = null;
      events?.removeEventListener('online', online);
      if (fatal?.code === 'recording_finished' || fatal?.status === 404) return;
      aborted = true;
      await api.finish(durationMs);
    },
    abort() {
      aborted = true;
      events?.removeEventListener('online', online);
      wake?.();
    },
    state,
  };
}
