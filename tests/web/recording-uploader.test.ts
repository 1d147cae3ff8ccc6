import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUploader } from '../../web/features/conference/recording-uploader.ts';
import { partsApiFor } from '../../web/lib/recordings/recordings.api.ts';

/*
 * The recording's uploader against a fake server at the fetch boundary (the typed client runs for real): parts go in
 * order, a chunk stays in memory until acknowledged, and after a dropped connection the uploader asks the server
 * where it stands and resends from there (issue 36, decision 019).
 */

type Call = { method: string; path: string; n?: number };

/** A server that keeps parts contiguous from 0, as worker/recordings does; `offline` makes every request fail. */
function fakeServer() {
  const parts: Blob[] = [];
  const calls: Call[] = [];
  let status = 'recording';
  let duration: number | null = null;
  const server = {
    parts,
    calls,
    offline: false,
    /** the next PUT is stored but its answer never arrives (the connection dropped on the way back) */
    loseNextAnswer: false,
    refuse: null as null | { status: number; code: string },
    get duration() {
      return duration;
    },
    get status() {
      return status;
    },
  };
  const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (server.offline) throw new TypeError('Failed to fetch');
    const put = url.pathname.match(/^\/api\/recordings\/7\/parts\/(\d+)\/?$/);
    if (put && method === 'PUT') {
      const n = Number(put[1]);
      calls.push({ method, path: url.pathname, n });
      if (server.refuse) return json({ detail: 'нет', code: server.refuse.code }, server.refuse.status);
      if (status !== 'recording') return json({ detail: 'Запись уже завершена', code: 'recording_finished' }, 409);
      if (n > parts.length) return json({ detail: 'не по порядку', code: 'part_out_of_order' }, 409);
      if (n === parts.length) parts.push(init!.body as Blob);
      if (server.loseNextAnswer) {
        server.loseNextAnswer = false;
        throw new TypeError('Failed to fetch');
      }
      return json({ parts: parts.length, size_bytes: 0 });
    }
    if (url.pathname.match(/^\/api\/recordings\/7\/?$/) && method === 'GET') {
      calls.push({ method, path: url.pathname });
      return json({ id: 7, parts: parts.length, status });
    }
    if (url.pathname.match(/^\/api\/recordings\/7\/finish\/?$/) && method === 'POST') {
      calls.push({ method, path: url.pathname });
      duration = (JSON.parse(String(init!.body)) as { duration_ms: number }).duration_ms;
      status = 'ready';
      return json({ id: 7, status });
    }
    return json({ detail: 'Не найдено', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return server;
}

const chunk = (label: string) => new Blob([label], { type: 'video/webm' });
const flush = async (ms = 0) => {
  for (let i = 0; i < 10; i += 1) await vi.advanceTimersByTimeAsync(ms / 10);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the recording uploader (issue 36)', () => {
  it('sends the parts in order as they come, then finishes with the duration', async () => {
    const server = fakeServer();
    const uploader = createUploader({ api: partsApiFor(7), events: null });
    uploader.push(chunk('a'), 2000);
    uploader.push(chunk('b'), 4000);
    uploader.push(chunk('c'), 6000);
    await flush();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.n)).toEqual([0, 1, 2]);
    expect(await Promise.all(server.parts.map((p) => p.text()))).toEqual(['a', 'b', 'c']);
    expect(uploader.state()).toMatchObject({ acked: 3, pending: 0, uploadedBytes: 3 });
    await uploader.finish(6100);
    expect(server.duration).toBe(6100);
    expect(server.status).toBe('ready');
  });

  it('keeps the chunks while offline and, when the browser is online again, asks the server and resends from its count', async () => {
    const server = fakeServer();
    const events = new EventTarget();
    const uploader = createUploader({ api: partsApiFor(7), events: events as unknown as Window, backoffMs: [60_000] });
    uploader.push(chunk('0'), 2000);
    await flush();
    server.offline = true;
    uploader.push(chunk('1'), 4000);
    uploader.push(chunk('2'), 6000);
    await flush(1000);
    expect(uploader.state()).toMatchObject({ acked: 1, pending: 2 });
    expect(uploader.state().trouble?.code).toBe('network_error');
    server.offline = false;
    // long before the back-off's minute: the `online` event wakes it
    events.dispatchEvent(new Event('online'));
    await flush();
    const afterReconnect = server.calls.slice(server.calls.findIndex((c) => c.method === 'GET'));
    expect(afterReconnect.map((c) => `${c.method} ${c.n ?? ''}`.trim())).toEqual(['GET', 'PUT 1', 'PUT 2']);
    expect(await Promise.all(server.parts.map((p) => p.text()))).toEqual(['0', '1', '2']);
    expect(uploader.state()).toMatchObject({ acked: 3, pending: 0, trouble: null });
  });

  it('a part stored whose answer was lost is not sent twice: the server’s count moves the uploader on', async () => {
    const server = fakeServer();
    const uploader = createUploader({ api: partsApiFor(7), events: null, backoffMs: [500] });
    server.loseNextAnswer = true;
    uploader.push(chunk('0'), 2000);
    uploader.push(chunk('1'), 4000);
    await flush(2000);
    expect(server.calls.map((c) => `${c.method} ${c.n ?? ''}`.trim())).toEqual(['PUT 0', 'GET', 'PUT 1']);
    expect(await Promise.all(server.parts.map((p) => p.text()))).toEqual(['0', '1']);
  });

  it('storage refusing (503) is retried with back-off; «too large» (413) stops the uploads for good', async () => {
    const server = fakeServer();
    const uploader = createUploader({ api: partsApiFor(7), events: null, backoffMs: [1000, 2000] });
    server.refuse = { status: 503, code: 'recording_storage' };
    uploader.push(chunk('0'), 2000);
    await flush();
    expect(uploader.state().trouble?.code).toBe('recording_storage');
    server.refuse = null;
    await flush(1000);
    expect(server.parts).toHaveLength(1);
    expect(uploader.state().trouble).toBeNull();

    server.refuse = { status: 413, code: 'recording_too_large' };
    uploader.push(chunk('1'), 4000);
    await flush();
    expect(uploader.state().fatal?.code).toBe('recording_too_large');
    const puts = server.calls.filter((c) => c.method === 'PUT').length;
    await flush(30_000);
    expect(server.calls.filter((c) => c.method === 'PUT').length).toBe(puts);
  });

  it('finish waits for the parts still queued before it tells the server the duration', async () => {
    const server = fakeServer();
    const uploader = createUploader({ api: partsApiFor(7), events: null, backoffMs: [1000] });
    server.offline = true;
    uploader.push(chunk('0'), 2000);
    uploader.push(chunk('1'), 3500);
    await flush();
    const finished = uploader.finish(3500);
    await flush(500);
    expect(server.duration).toBeNull();
    server.offline = false;
    await flush(1500);
    await finished;
    expect(server.parts).toHaveLength(2);
    expect(server.duration).toBe(3500);
  });
});
