/*
 * A steady tick that keeps going when the tab is in the background. requestAnimationFrame stops there and a page's
 * own timers are throttled to once a second (or less), which would freeze the recording's picture while the mentor
 * looks at another tab; a dedicated worker's timer is not throttled that way, so it posts the ticks.
 */

const WORKER_SOURCE = 'let t=null;onmessage=(e)=>{clearInterval(t);if(e.data>0)t=setInterval(()=>postMessage(0),e.data)}';

export type Ticker = { stop(): void };

export function startTicker(intervalMs: number, onTick: () => void): Ticker {
  if (typeof Worker !== 'undefined' && typeof URL.createObjectURL === 'function') {
    try {
      const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      const worker = new Worker(url);
      URL.revokeObjectURL(url);
      worker.onmessage = () => onTick();
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
