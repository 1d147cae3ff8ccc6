// The event search beside its ceiling, for `npm run bench` (issue 40 §4, decision 005 «The search beside a
// pass-through»): the signed-in search with a new query each time, and GET /api/dev/search-pass-through/, which sends
// the same statement with the same values to the SQL endpoint and passes its answer through. One-second slices of each
// in turn (the order swapped every other pair), so both see the same machine; the Worker's CPU per answer from /proc.
import { cpuMs, findWorkerd } from './bench-cpu.mjs';

/** The bench's search; `min` moves by a ruble each request, so each is a new key and the plan stays. */
export const searchQuery = (min) => `search=${encodeURIComponent('акварел')}&category=${encodeURIComponent('Хобби')}&min_price=${min}&sort=price-asc`;

async function slice(pids, nextUrl, seconds, connections, headers) {
  const latencies = [];
  let errors = 0;
  const stopAt = performance.now() + seconds * 1000;
  const before = cpuMs(pids);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stopAt) {
        const t = performance.now();
        try {
          const res = await fetch(nextUrl(), { headers });
          await res.arrayBuffer();
          if (res.status >= 400) errors += 1;
          else latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const after = cpuMs(pids);
  return { latencies, errors, elapsed: (performance.now() - t0) / 1000, cpu: before === null || after === null ? null : after - before };
}

function summarize(slices) {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const elapsed = slices.reduce((sum, s) => sum + s.elapsed, 0);
  const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : NaN);
  const cpu = slices.every((s) => s.cpu !== null) ? slices.reduce((sum, s) => sum + s.cpu, 0) : null;
  return {
    rps: latencies.length / elapsed,
    p50: q(0.5),
    p99: q(0.99),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    cpuMs: cpu === null || !latencies.length ? null : cpu / latencies.length,
  };
}

/**
 * `seconds` of each, signed in with `cookie` both (the session's check is the same work in both). Answers both rows,
 * the ratios and whether the goal is met: the search at least 90 % of the pass-through's requests a second, and at
 * most 1.5× its Worker CPU per answer.
 */
export async function searchBesideCeiling(appUrl, cookie, { seconds = 10, connections = 10 } = {}) {
  let made = 0;
  const search = () => `${appUrl}/api/events/?${searchQuery(500 + (made++ % 100_000))}`;
  const passThrough = () => `${appUrl}/api/dev/search-pass-through/?${searchQuery(500 + (made++ % 100_000))}`;
  const headers = { cookie };
  const pids = findWorkerd();
  // warm-up of both paths, not reported
  await slice(pids, search, 1, connections, headers);
  await slice(pids, passThrough, 1, connections, headers);
  const rows = { search: [], passThrough: [] };
  for (let i = 0; i < seconds; i++) {
    const pair = [
      async () => rows.search.push(await slice(pids, search, 1, connections, headers)),
      async () => rows.passThrough.push(await slice(pids, passThrough, 1, connections, headers)),
    ];
    for (const measure of i % 2 ? pair.reverse() : pair) await measure();
  }
  const s = summarize(rows.search);
  const p = summarize(rows.passThrough);
  const rpsShare = s.rps / p.rps;
  const cpuRatio = s.cpuMs !== null && p.cpuMs !== null ? s.cpuMs / p.cpuMs : null;
  return { search: s, passThrough: p, rpsShare, cpuRatio, met: rpsShare >= 0.9 && cpuRatio !== null && cpuRatio <= 1.5 };
}

/** The two rows and the ratio as the bench prints them. */
export function printSearchBesideCeiling(result, log = console) {
  const row = (name, r) => ({
    route: name,
    'requests/s': Math.round(r.rps),
    'p50 ms': r.p50.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
    errors: r.errors,
    'workerd CPU ms / request': r.cpuMs === null ? '-' : r.cpuMs.toFixed(2),
  });
  log.log('the event search beside its pass-through (signed in, a new floor price each request, 1 s slices in turn):');
  log.table([row('search, a new query each time (/api/events/)', result.search), row('pass-through of the same statement (/api/dev/search-pass-through/)', result.passThrough)]);
  log.log(
    `search / pass-through: ${Math.round(100 * result.rpsShare)} % of the requests a second (goal ≥ 90 %), ` +
      `${result.cpuRatio === null ? '-' : result.cpuRatio.toFixed(2)}× the Worker CPU per request (goal ≤ 1.5×): ${result.met ? 'met' : 'NOT met'}`,
  );
}
