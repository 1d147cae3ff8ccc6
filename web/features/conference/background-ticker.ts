/*
 * A steady tick that keeps going when the tab is in the background. requestAnimationFrame stops there and a page's
 * own timers are throttled to once a second (or less), which would freeze the recording's picture while the mentor
 * looks at another tab; a dedicated worker's timer is not throttled that way, so it posts the ticks.
 */

/*
 * One tick in flight at most: the worker posts the next only after the page answered the last ('done'), and drops the
 * ticks that fall due meanwhile. Its interval does not wait for the page, so without the answer a page that draws
 * slower than the interval (a 1280×720 canvas in software on a busy machine) gets an ever longer queue of ticks and
 * does nothing else: seen in the browser tests, the host's page stopped answering (no clicks, no frames, no parts
 * uploaded) about 10 s into a recording.
 */
export const WORKER_SOURCE =
  "let t=null,busy=false;onmessage=(e)=>{if(e.data==='done'){busy=false;return}clearInterval(t);busy=false;if(e.data>0)t=setInterval(()=>{if(busy)return;busy=true;postMessage(0)},e.data)}";

export type Ticker = { stop(): void };

export function startTicker(intervalMs: number, onTick: () => void): Ticker {
  if (typeof Worker !== 'undefined' && typeof URL.createObjectURL === 'function') {
    try {
      const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      const worker = new Worker(url);
      URL.revokeObjectURL(url);
      worker.onmessage = () => {
        const started = performance.now();
        try {
          onTick();
        } finally {
          // drawing gets at most about half of the page's time: after a slow frame the page rests as long again before
          // it asks for the next, so the host's clicks and the meeting itself stay responsive (the frame rate drops)
          const spent = performance.now() - started;
          if (spent < intervalMs / 2) worker.postMessage('done');
          else setTimeout(() => worker.postMessage('done'), spent);
        }
      };
      worker.postMessage(intervalMs);
      return {
        stop() {
          worker.postMessage(0);
          worker.terminate();
        },
      };
    } catch (error) {
      // a policy that forbids blob: workers: a page timer still records, only slower in the background
      console.warn('recording: no worker timer, using the page timer', error);
    }
  }
  const timer = setInterval(onTick, intervalMs);
  return { stop: () => clearInterval(timer) };
}
