// What the soak's processes hold and spend, from /proc (Linux only): the Worker (workerd), Postgres (the postmaster and
// its backends), the services process (the SQL endpoint and the WebSocket proxy) and the bench's own client, plus the
// machine's busy share and load. Memory is RSS; for Postgres also PSS, since every backend's RSS counts the shared
// buffers it has touched and a sum of RSS counts them once per backend.
import { readdirSync, readFileSync } from 'node:fs';
import { clockTicks } from './bench-cpu.mjs';

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const f = text.slice(close + 2).split(' ');
    // utime stime cutime cstime: a backend that exited has its time in the postmaster's children's share
    return { pid: Number(pid), ppid: Number(f[1]), name: text.slice(text.indexOf('(') + 1, close), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]), rssPages: Number(f[21]) };
  } catch {
    return null;
  }
}

function pss(pid) {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The process tree under this process, grouped as the soak reports it; Postgres by its data directory. */
function groups(postgresDataDir) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(stat).filter(Boolean);
  const children = new Map();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out = { workerd: [], postgres: [], services: [] };
  const queue = [process.pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      if (child.name === 'workerd') out.workerd.push(child);
      else if (cmdline(child.pid).includes('services.mjs')) out.services.push(child);
      queue.push(child.pid);
    }
  }
  // the postmaster runs as another user and is not our child: found by its data directory, then its backends
  const postmaster = all.find((p) => p.name === 'postgres' && postgresDataDir && cmdline(p.pid).split('\0').includes(postgresDataDir));
  const pgQueue = postmaster ? [postmaster] : [];
  while (pgQueue.length) {
    const p = pgQueue.shift();
    out.postgres.push(p);
    pgQueue.push(...(children.get(p.pid) ?? []));
  }
  return out;
}

function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  return { busy: fields.reduce((a, b) => a + b, 0) - idle, total: fields.reduce((a, b) => a + b, 0) };
}

const PAGE = 4096;
const ms = (ticks) => (ticks * 1000) / clockTicks();

/** One sample: cumulative CPU ms per group, memory in bytes, the machine's ticks and load average. */
export function sampleProcesses(at, postgresDataDir) {
  const g = groups(postgresDataDir);
  const cpu = (list) => ms(list.reduce((n, p) => n + p.ticks, 0));
  const rss = (list) => list.reduce((n, p) => n + p.rssPages * PAGE, 0);
  const client = process.cpuUsage();
  return {
    at,
    workerdCpu: cpu(g.workerd),
    workerdRss: rss(g.workerd),
    postgresCpu: cpu(g.postgres),
    postgresRss: rss(g.postgres),
    postgresPss: g.postgres.reduce((n, p) => n + pss(p.pid), 0),
    postgresProcesses: g.postgres.length,
    servicesCpu: cpu(g.services),
    servicesRss: rss(g.services),
    clientCpu: (client.user + client.system) / 1000,
    machine: machineTicks(),
    load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}
