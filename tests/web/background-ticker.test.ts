// The recording's tick (web/features/conference/background-ticker.ts): at most one tick waits for the page. Before,
// the worker's interval posted regardless, and a page drawing slower than the interval (the 1280×720 canvas on a busy
// machine) built an endless queue of ticks and stopped answering: the host's room in the browser test froze about
// 10 s into the recording (no clicks, no screenshot, no more parts).
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKER_SOURCE, startTicker } from '../../web/features/conference/background-ticker.ts';

/** The worker's script in a sandbox whose interval fires when the test says. */
function workerSandbox() {
  const posted: unknown[] = [];
  let tick: (() => void) | null = null;
  const scope: { onmessage?: (e: { data: unknown }) => void } & Record<string, unknown> = {
    postMessage: (data: unknown) => posted.push(data),
    setInterval: (fn: () => void) => {
      tick = fn;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
  };
  runInNewContext(WORKER_SOURCE, scope);
  return {
    posted,
    send: (data: unknown) => scope.onmessage!({ data }),
    fire: (times: number) => {
      for (let i = 0; i < times; i++) tick?.();
    },
  };
}

describe('the recording’s background tick', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts no new tick while the page has not finished the last one, however many intervals pass', () => {
    const worker = workerSandbox();
    worker.send(66);
    worker.fire(10);
    expect(worker.posted).toHaveLength(1);
    worker.send('done');
    worker.fire(1);
    expect(worker.posted).toHaveLength(2);
    // stopping clears the interval: nothing more comes
    worker.send(0);
    worker.send('done');
    worker.fire(5);
    expect(worker.posted).toHaveLength(2);
  });

  it('the page answers each tick once it has drawn, also when the drawing threw', () => {
    const sent: unknown[] = [];
    class FakeWorker {
      onmessage: ((e: MessageEvent) => void) | null = null;
      postMessage(data: unknown) {
        sent.push(data);
      }
      terminate() {}
    }
    let worker: FakeWorker | null = null;
    vi.stubGlobal(
      'Worker',
      class extends FakeWorker {
        constructor() {
          super();
          worker = this;
        }
      },
    );
    let draws = 0;
    const ticker = startTicker(66, () => {
      draws += 1;
      if (draws === 2) throw new Error('a frame failed');
    });
    expect(sent).toEqual([66]);
    worker!.onmessage!(new MessageEvent('message', { data: 0 }));
    expect(sent).toEqual([66, 'done']);
    expect(() => worker!.onmessage!(new MessageEvent('message', { data: 0 }))).toThrow('a frame failed');
    expect(sent).toEqual([66, 'done', 'done']);
    ticker.stop();
    expect(draws).toBe(2);
  });

  it('rests as long again after a slow frame before it asks for the next, so drawing takes at most about half the page', () => {
    vi.useFakeTimers();
    try {
      const sent: unknown[] = [];
      let worker: { onmessage: ((e: MessageEvent) => void) | null } | null = null;
      vi.stubGlobal(
        'Worker',
        class {
          onmessage: ((e: MessageEvent) => void) | null = null;
          constructor() {
            worker = this;
          }
          postMessage(data: unknown) {
            sent.push(data);
          }
          terminate() {}
        },
      );
      // a frame that takes 120 ms of a 66-ms interval (the fake clock moves while it draws), then a quick one
      let frameMs = 120;
      const ticker = startTicker(66, () => vi.advanceTimersByTime(frameMs));
      worker!.onmessage!(new MessageEvent('message', { data: 0 }));
      expect(sent).toEqual([66]);
      vi.advanceTimersByTime(119);
      expect(sent).toEqual([66]);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual([66, 'done']);
      frameMs = 10;
      worker!.onmessage!(new MessageEvent('message', { data: 0 }));
      expect(sent).toEqual([66, 'done', 'done']);
      ticker.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
