// What each of the soak's tasks costs alone (bench-soak.mjs, docs/capacity.md): before the clock starts, each task
// runs 24 times (two at a time) on the quiet stack, and the processes' CPU and Postgres's transactions are read around
// it, less what the idle stack spends in the same time (its sockets, the scheduler); the five meeting rooms signal
// alone for 15 s (their 20 joins and leaves included). At the end the soak's own rates times these costs are set beside
// the CPU each window measured: the capacity plan's arithmetic, checked.
import { sampleProcesses } from './bench-soak-procs.mjs';
import { runMeetings } from './bench-soak-meetings.mjs';
import { windowSamples } from './bench-soak-report.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MEETINGS = 'meetings: five rooms of 4 signalling (per second)';

export async function measureCosts({ tasks, db, postgresDataDir, appUrl, rooms, log, runs = 24 }) {
  // every statement over HTTP is a transaction of its own; this query is one too (subtracted)
  const transactions = async () => Number((await db.query('select sum(xact_commit + xact_rollback)::bigint n from pg_stat_database')).rows[0].n);
  let idle = { workerd: 0, postgres: 0, services: 0, transactions: 0 };
  const around = async (work, count) => {
    // Postgres publishes its counters at most once a second; work done after an answer (a notification's delivery) ends
    await sleep(1100);
    const before = sampleProcesses(0, postgresDataDir);
    const x0 = await transactions();
    const t = performance.now();
    await work();
    const wall = performance.now() - t;
    await sleep(1100);
    const after = sampleProcesses(0, postgresDataDir);
    const x1 = await transactions();
    const seconds = (performance.now() - t) / 1000;
    return {
      workerd: (after.workerdCpu - before.workerdCpu - idle.workerd * seconds) / count,
      postgres: (after.postgresCpu - before.postgresCpu - idle.postgres * seconds) / count,
      services: (after.servicesCpu - before.servicesCpu - idle.services * seconds) / count,
      transactions: (x1 - x0 - 1 - idle.transactions * seconds) / count,
      wall: wall / count,
    };
  };
  // what the idle stack spends a second, taken off every task's figure
  idle = await around(() => sleep(4000), 5.1);
  const costs = new Map();
  for (const t of tasks) {
    costs.set(
      t.name,
      await around(async () => {
        for (let i = 0; i < runs; i += 2) await Promise.all([t.task(1_000_000 + i), t.task(1_000_001 + i)]);
      }, runs),
    );
  }
  const quiet = { timing() {}, refused() {}, count() {} };
  const seconds = 15;
  costs.set(MEETINGS, await around(() => runMeetings(appUrl, rooms, performance.now() + seconds * 1000, quiet), seconds));
  log.log(`\nwhat each task costs alone (${runs} runs, two at a time, on the quiet stack, less its idle ${idle.workerd.toFixed(1)} / ${idle.postgres.toFixed(1)} / ${idle.services.toFixed(1)} ms a second; CPU ms of each process per task):`);
  log.table(
    [...costs.entries()].map(([name, c]) => ({
      task: name,
      'workerd ms': c.workerd.toFixed(2),
      'Postgres ms': c.postgres.toFixed(2),
      'SQL endpoint + proxy ms': c.services.toFixed(2),
      'Postgres transactions': c.transactions.toFixed(1),
      'wall ms': c.wall.toFixed(0),
    })),
  );
  return costs;
}

/** The rates times the costs against what each window measured, in cores. */
export function printPrediction({ costs, tasks, samples, windowMs, log }) {
  const predicted = { workerd: 0, postgres: 0, services: 0 };
  for (const t of [...tasks, { name: MEETINGS, perSecond: 1 }]) {
    const c = costs.get(t.name);
    for (const k of Object.keys(predicted)) predicted[k] += (t.perSecond * c[k]) / 1000;
  }
  const rows = [];
  for (let w = 0; ; w++) {
    const { inside, before } = windowSamples(samples, windowMs, w);
    if (!inside.length || !before) break;
    const last = inside.at(-1);
    const seconds = (last.at - before.at) / 1000;
    const row = { window: w + 1 };
    for (const [k, f] of [['workerd', 'workerdCpu'], ['postgres', 'postgresCpu'], ['services', 'servicesCpu']]) {
      const measured = (last[f] - before[f]) / 1000 / seconds;
      row[`${k} measured`] = measured.toFixed(2);
      row[`${k} rates × costs`] = predicted[k].toFixed(2);
      row[`${k} ratio`] = (measured / predicted[k]).toFixed(2);
    }
    rows.push(row);
  }
  log.log('\nthe arithmetic checked: cores each process used per window, against the rates times each task\'s cost alone:');
  log.table(rows);
  return predicted;
}
