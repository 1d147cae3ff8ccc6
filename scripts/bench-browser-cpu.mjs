// What the browser benches share: Debian's chromium with a synthetic camera and microphone, and the CPU a browser's
// whole process tree has used (the browser, renderer, GPU and media processes), read from /proc.
import { readdirSync, readFileSync } from 'node:fs';

export const BENCH_CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection',
];

/** CPU ticks (user + system, USER_HZ) of a process and all its descendants. */
export function treeTicks(rootPid) {
  const parents = new Map();
  const ticks = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    for (let p = pid; p; p = parents.get(p)) {
      if (p === rootPid) {
        total += t;
        break;
      }
    }
  }
  return total;
}
