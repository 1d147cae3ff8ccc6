// The soak's tables (bench-soak.mjs): per window, requests and errors by kind with p50/p99; per window, the processes'
// memory and CPU from the 30 s samples.
export const quantile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
const fixed = (v, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const mb = (bytes) => Math.round(bytes / 1048576);

/** Kinds that are answers to requests (the rest are socket timings: a chat's delivery, a meeting's signals). */
export const isRequest = (kind) => !kind.startsWith('meeting:') && !kind.startsWith('chat: delivered');

/** The samples of window `w`, with the last one before it as the base for CPU. */
export function windowSamples(samples, windowMs, w) {
  const inside = samples.filter((s) => s.at > w * windowMs && s.at <= (w + 1) * windowMs + 1000);
  const before = [...samples].reverse().find((s) => s.at <= w * windowMs);
  return { inside, before };
}

export function printWindows(windows, samples, windowMs, log = console) {
  const digits = windowMs % 60_000 ? 1 : 0;
  const minutes = (w) => `${((w * windowMs) / 60_000).toFixed(digits)}-${(((w + 1) * windowMs) / 60_000).toFixed(digits)} min`;
  for (const [w, kinds] of windows.entries()) {
    if (!kinds) continue;
    log.log(`\nsoak window ${minutes(w)}:`);
    const rows = [];
    let all = [];
    for (const [kind, k] of [...kinds.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = k.latencies.sort((a, b) => a - b);
      if (isRequest(kind)) all = all.concat(sorted);
      rows.push({
        kind,
        count: k.ok + k.client + k.server + k.failed + k.count,
        '≥ 500': k.server,
        '4xx': k.client,
        'no answer': k.failed,
        'refused sockets': k.refused,
        'p50 ms': fixed(quantile(sorted, 0.5)),
        'p99 ms': fixed(quantile(sorted, 0.99)),
      });
    }
    all.sort((a, b) => a - b);
    const sum = (f) => rows.filter((r) => isRequest(r.kind)).reduce((n, r) => n + r[f], 0);
    rows.push({ kind: 'all requests', count: sum('count'), '≥ 500': sum('≥ 500'), '4xx': sum('4xx'), 'no answer': sum('no answer'), 'refused sockets': rows.reduce((n, r) => n + r['refused sockets'], 0), 'p50 ms': fixed(quantile(all, 0.5)), 'p99 ms': fixed(quantile(all, 0.99)) });
    log.table(rows);
  }
  const rows = [];
  for (let w = 0; w < windows.length; w++) {
    const { inside, before } = windowSamples(samples, windowMs, w);
    if (!inside.length || !before) continue;
    const last = inside.at(-1);
    const seconds = (last.at - before.at) / 1000;
    const cores = (f) => fixed((last[f] - before[f]) / 1000 / seconds, 2);
    const range = (f) => `${mb(Math.min(...inside.map((s) => s[f])))}-${mb(Math.max(...inside.map((s) => s[f])))}`;
    rows.push({
      window: minutes(w),
      'workerd RSS MB': range('workerdRss'),
      'workerd CPU (cores)': cores('workerdCpu'),
      'postgres RSS MB (sum)': range('postgresRss'),
      'postgres PSS MB': range('postgresPss'),
      'postgres CPU (cores)': cores('postgresCpu'),
      'SQL endpoint + proxy CPU': cores('servicesCpu'),
      'bench client CPU': cores('clientCpu'),
      'machine busy': `${Math.round((100 * (last.machine.busy - before.machine.busy)) / (last.machine.total - before.machine.total))} %`,
      'load (1/5/15 min)': last.load,
    });
  }
  log.log(`\nsoak processes per window (sampled every ${Math.round(Math.min(30_000, windowMs / 5) / 1000)} s; CPU in cores of this 2-core machine):`);
  log.table(rows);
}
