// The CPU time of the Worker's process, read from /proc (Linux only): the workerd processes started under the bench's
// own process (straight from Miniflare, workerd is its child; through wrangler dev, a grandchild). The bench's requests
// a second also carry the local Postgres, the SQL endpoint and the bench's client, which share this machine's cores
// but run elsewhere in production; this figure leaves them out. It still holds what Miniflare runs in the same process
// in the edge's place: the Cache API's store and the compression of each answer (decision 015).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond;
export function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** pid, parent pid, name and CPU ticks (user + system) from /proc/<pid>/stat; null once the process is gone. */
function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The workerd processes descended from this one; empty where there is no /proc. */
export function findWorkerd() {
  let all;
  try {
    all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(readStat).filter(Boolean);
  } catch {
    return [];
  }
  const children = new Map();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found = [];
  const queue = [process.pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      if (child.name === 'workerd') found.push(child.pid);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Milliseconds of CPU the processes `pids` have spent so far (null when none can be read). */
export function cpuMs(pids) {
  const stats = pids.map(readStat).filter(Boolean);
  if (!stats.length) return null;
  return (stats.reduce((sum, s) => sum + s.ticks, 0) * 1000) / clockTicks();
}
